# print() in a pack's turn goes to turns/NNNN/print.log, which `trace` shows (docs/packs.md "The
# sandbox"): never into the state, the record or the reports, and at most 64 KiB a turn.
source "$(dirname "$0")/lib.bash"

# The same pack three times, printing 0, 3 and 100000 lines a turn (game.chatter).
for v in quiet loud flood; do
  mkdir -p "$v"
  cp -r "$SRC/tests/data/packs/tally" "$SRC/tests/data/packs/initiative" "$v/"
done
sed -i 's/^chatter = 0$/chatter = 3/' loud/initiative/pack.toml
sed -i 's/^chatter = 0$/chatter = 100000/' flood/initiative/pack.toml
grep -q '^chatter = 3$' loud/initiative/pack.toml || fail "the loud pack prints"
for v in quiet loud flood; do
  {
    printf '[scenario]\nname = "Initiative"\nrules = "%s"\ngm = "The GM"\n' "$WORK/$v/initiative"
    printf 'order = ["ARC", "BEL", "CAS", "DEN"]\n'
    for c in ARC BEL CAS DEN; do
      printf '\n[[empire]]\ncode = "%s"\nname = "House %s"\ncomputer = true\n' "$c" "$c"
    done
  } > "$v.toml"
  run "$HL" new "g_$v" --scenario "$v.toml" --seed 1 -q; expect_rc 0 "new game ($v)"
  run "$HL" run "g_$v"; expect_rc 0 "run ($v)"
  printf '%s\n' "$out" > "run_$v.txt"
done
cmp -s run_quiet.txt run_loud.txt || fail "printing changed run's summary"
[ -e g_quiet/turns/0001/print.log ] && fail "a print log for a turn that printed nothing"
# The turn's state, record and every report are byte for byte those of the game that does not
# print; only print.log is new.
diff -r -x print.log g_quiet/turns/0001 g_loud/turns/0001 > diff.txt || fail "printing changed the turn: $(head -5 diff.txt)"
diff -r -x print.log g_quiet/turns/0001 g_flood/turns/0001 > /dev/null || fail "printing a lot changed the turn"
[ "$(cat g_loud/turns/0001/print.log)" = $'chatter\t1\tDEN\tfalse\tnil\nchatter\t2\tDEN\ttrue\tnil\nchatter\t3\tDEN\tfalse\tnil' ] \
  || fail "print.log: $(cat g_loud/turns/0001/print.log)"
run "$HL" trace g_loud; expect_rc 0 "trace"
expect_out "Printed by the scripts (g_loud/turns/0001/print.log):" "trace names the log"
expect_out $'  chatter\t3\tDEN\tfalse\tnil' "trace shows what was printed"
run "$HL" trace g_loud --empire ARC; expect_rc 0 "trace of one empire"
expect_out $'  chatter\t1\tDEN\tfalse\tnil' "one empire's trace shows the log too"
# 100000 lines of 23 bytes and more: the log stops at 64 KiB with a line that says so.
size=$(stat -c %s g_flood/turns/0001/print.log)
[ "$size" -le $((64 * 1024 + 100)) ] || fail "print.log is $size bytes"
[ "$size" -ge $((60 * 1024)) ] || fail "print.log is only $size bytes"
tail -n 1 g_flood/turns/0001/print.log | grep -q '^(print: the log is cut here, after [0-9]* bytes)$' \
  || fail "the cut is said: $(tail -n 1 g_flood/turns/0001/print.log)"
[ "$(grep -c '^(print' g_flood/turns/0001/print.log)" -eq 1 ] || fail "the cut is said once"
finish
