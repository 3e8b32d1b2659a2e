# Writes the system refuses (docs/state.md "Readers, writers and failures"): a file-size limit
# (ulimit -f: EFBIG), a full file system (a small tmpfs: ENOSPC) and a read-only one (EROFS;
# root ignores permissions, so a read-only mount stands in for them) stop `run`, `submit`,
# `rollback` and `new` with the file, the system's reason and the turn the game is still at
# (exit 1, never "internal error"), leave nothing half-written, and the same command works once
# the cause is gone. The mounts are made in a mount namespace of their own (unshare -m).
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

run "$HL" new g --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet g ARC 1 "1 MOVE 101 102 2" "2 BUILD 101 - 3"
sheet g BEL 1 "1 MOVE 104 106 2"
run "$HL" run g -q; expect_rc 0 "turn 1"
cp -a g ref
run "$HL" run ref -q; expect_rc 0 "reference turn 2"

# no_debris GAME WHAT: no unfinished turn folder or temporary file is left.
no_debris() {
  local left; left=$(find "$1" -name '*.partial' -o -name '*.tmp-*' -o -name '*.creating-*')
  [ -z "$left" ] || fail "$2: left behind: $left"
}

# A file-size limit of 2 KiB: the turn's state and reports are larger. (The computer players'
# sheets, written before the turn is played, may stay: every run writes them again.)
before=$(snapshot g | grep -v computer.txt)
run prlimit --fsize=2048 "$HL" run g -q
expect_rc 1 "run over the file-size limit"
expect_err ": error: cannot write: File too large" "names the file and the reason"
expect_err "g: error: the turn was not written; the game is still at turn 1" "says where the game stands"
grep -q "internal error" <<<"$err" && fail "an internal error"
[ "$before" = "$(snapshot g | grep -v computer.txt)" ] || fail "the refused run changed the game"
no_debris g "run over the limit"

# submit: a sheet longer than the limit.
cp g/orders/0002/ARC.txt arc-before.txt 2>/dev/null || : > arc-before.txt
{ printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 2\n'; for i in $(seq 1 40); do echo "# a long comment line $i"; done; echo "1 TAX"; } > long.txt
run prlimit --fsize=512 "$HL" submit g long.txt
expect_rc 1 "submit over the file-size limit"
expect_err "g/orders/0002/ARC.txt: error: cannot write: File too large" "names the file and the reason"
expect_err "g: error: the sheet was not stored (any sheet stored before stands); the game is still at turn 1" "where the game stands"
cmp -s arc-before.txt g/orders/0002/ARC.txt 2>/dev/null || [ ! -e g/orders/0002/ARC.txt ] || fail "the stored sheet changed"
no_debris g "submit over the limit"

# new: the rules pack's copy is larger than the limit.
run prlimit --fsize=1024 "$HL" new fresh --scenario "$SCEN/three_starts.toml" -q
expect_rc 1 "new over the file-size limit"
expect_err "cannot write: File too large" "new names the reason"
expect_err "no game was created: nothing was left behind" "new says nothing is left"
[ -e fresh ] && fail "new left a folder behind"
no_debris . "new over the limit"

# Once the limit is gone, the run gives the same bytes as one never refused.
run "$HL" run g -q; expect_rc 0 "run after the limit"
diff -r ref/turns g/turns >/dev/null || fail "the run after a refused one differs"
run "$HL" rollback g --to 1; expect_rc 0 "back to turn 1 for the mounts"

if ! unshare -m true 2>/dev/null; then
  echo "SKIP: no mount namespace here (unshare -m): the full and read-only file system cases"
  finish
  exit
fi

# The rest runs in a mount namespace: a 2 MiB tmpfs at disk/ and read-only bind mounts. The
# inner script prints FAIL lines (counted here) and leaves its folders in $WORK/disk-out.
cat > inner.sh <<'INNER'
set -uo pipefail
HL=$1 SCEN=$2
fails=0
fail() { echo "FAIL: $*"; echo "  stderr: ${err:-}"; fails=$((fails + 1)); }
run() { out=$("$@" 2>.stderr); rc=$?; err=$(cat .stderr); }
expect_rc() { [ "$rc" -eq "$1" ] || fail "expected exit $1, got $rc: $2"; }
expect_err() { grep -qF -- "$1" <<<"$err" || fail "stderr lacks '$1': $2"; }
# Room for the game and its next turn, then the rest taken by a file.
mkdir -p disk && mount -t tmpfs -o size=$(( $(du -sk g | cut -f1) * 3 + 1024 ))k tmpfs disk ||
  { echo "FAIL: no tmpfs"; exit 1; }

# A full disk: the game fits, the turn does not.
cp -a g disk/g
dd if=/dev/zero of=disk/filler bs=4k 2>/dev/null
run "$HL" run disk/g -q
expect_rc 1 "run on a full disk"
expect_err "No space left on device" "the reason"
expect_err "disk/g: error: the turn was not written; the game is still at turn 1" "where the game stands"
grep -q "internal error" <<<"$err" && fail "an internal error"
[ -n "$(find disk/g -name '*.partial' -o -name '*.tmp-*')" ] && fail "debris on a full disk"
printf 'EMPIRE BEL\nSECRET BELKEY\nTURN 2\n1 TAX\n' > bel.txt
run "$HL" submit disk/g bel.txt
expect_rc 1 "submit on a full disk"
expect_err "No space left on device" "submit: the reason"
expect_err "the sheet was not stored" "submit says so"
[ -e disk/g/orders/0002/BEL.txt ] && fail "a sheet was stored on a full disk"
run "$HL" new disk/fresh --scenario "$SCEN/three_starts.toml" -q
expect_rc 1 "new on a full disk"
expect_err "No space left on device" "new: the reason"
ls disk | grep -q fresh && fail "new left $(ls disk) behind"
rm disk/filler
run "$HL" run disk/g -q; expect_rc 0 "run once there is space"
diff -r ref/turns disk/g/turns >/dev/null || fail "the run after a full disk differs from one never refused"
run "$HL" submit disk/g bel.txt; expect_rc 0 "submit once there is space"

# A read-only file system: the game folder (new: the folder it goes into).
cp -a g ro-g && mount --bind ro-g ro-g && mount -o remount,ro,bind ro-g
for cmd in "run ro-g" "submit ro-g bel.txt" "rollback ro-g --to 0"; do
  run $HL $cmd
  expect_rc 1 "$cmd on a read-only file system"
  expect_err "ro-g/.lock: error: cannot open the lock file: Read-only file system" "$cmd: the reason"
  expect_err "at turn 1" "$cmd: where the game stands"
  grep -q "internal error" <<<"$err" && fail "$cmd: an internal error"
done
# Only turns/ read-only: rollback gets the lock and fails on its first rename.
cp -a disk/g rb-g && mount --bind rb-g/turns rb-g/turns && mount -o remount,ro,bind rb-g/turns
run "$HL" rollback rb-g --to 0
expect_rc 1 "rollback with turns/ read-only"
expect_err "rb-g/turns/0002: error: cannot rename it to 0002.partial: Read-only file system" "rollback names the turn"
expect_err "rb-g: error: the rollback was not finished (turns go newest first, whole); the game is at turn 2" "rollback says where the game stands"
umount rb-g/turns
run "$HL" rollback rb-g --to 0; expect_rc 0 "rollback once turns/ is writable"
mkdir ro-parent && mount --bind ro-parent ro-parent && mount -o remount,ro,bind ro-parent
run "$HL" new ro-parent/g --scenario "$SCEN/three_starts.toml" -q
expect_rc 1 "new into a read-only folder"
expect_err "Read-only file system" "new: the reason"
expect_err "no game was created" "new says so"
umount ro-parent ro-g
umount disk
exit $((fails > 0))
INNER
unshare -m bash inner.sh "$HL" "$SCEN"; irc=$?
[ $irc -eq 0 ] || fail "the full and read-only file system cases (above)"
finish
