# The store of compiled scripts kept between runs (docs/performance.md, lua/bytecode_store.hpp):
# a run writes it to HYPERLANE_CACHE_DIR, readable by the user only; a later run of the same game
# reads it; a damaged store file is ignored and written again; and every run, with the store
# off, cold, warm or damaged, writes the same turn byte for byte.
source "$(dirname "$0")/lib.bash"
run "$HL" new game --scenario "$SRC/tests/data/scenarios/three_starts.toml" --all-computer -q
expect_rc 0 "new"
cp -a game start

# play MODE CACHE: turn 1 of a fresh copy of the game at the same path, turn folder kept as MODE.
play() {
  rm -rf game && cp -a start game
  HYPERLANE_CACHE_DIR=$2 run "$HL" run game -q; expect_rc 0 "$1: run"
  cp -a game/turns/0001 "turn-$1"
}
play off ""
[ ! -e cache ] || fail "an empty HYPERLANE_CACHE_DIR writes no store"
play cold "$WORK/cache"
files=(cache/*.luabc)
[ ${#files[@]} -eq 1 ] && [ -s "${files[0]}" ] || fail "a cold run writes one store file: ${files[*]}"
[ "$(stat -c %a cache)" = 700 ] || fail "the store folder is the user's only: $(stat -c %a cache)"
[ "$(stat -c %a "${files[0]}")" = 600 ] || fail "the store file is the user's only"
before=$(stat -c %Y.%s "${files[0]}")
sleep 1
play warm "$WORK/cache"
[ "$(stat -c %Y.%s "${files[0]}")" = "$before" ] || fail "a warm run reads the store without writing it"
# A damaged store (cut short, then one byte changed) is ignored, and written whole again.
size=$(stat -c %s "${files[0]}")
head -c $((size / 2)) "${files[0]}" > cut && mv cut "${files[0]}"
play cut "$WORK/cache"
[ "$(stat -c %s "${files[0]}")" = "$size" ] || fail "a store cut short is written again"
printf 'X' | dd of="${files[0]}" bs=1 seek=$((size / 3)) conv=notrunc status=none
play flipped "$WORK/cache"
for mode in cold warm cut flipped; do
  diff -r turn-off "turn-$mode" >/dev/null || fail "the turn with the store $mode differs from without it"
done
finish
