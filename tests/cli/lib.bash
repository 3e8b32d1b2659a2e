# Shared by the CLI tests: each test script is run as `bash test.sh HYPERLANE SOURCE_DIR WORK_DIR`.
set -uo pipefail
HL=$1
SRC=$2
WORK=$3
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
failures=0

# run CMD...: runs a command, keeping stdout in $out, stderr in $err and the exit code in $rc.
run() {
  out=$("$@" 2>"$WORK/.stderr"); rc=$?
  err=$(cat "$WORK/.stderr")
}
fail() { echo "FAIL: $*"; echo "  stdout: ${out:-}"; echo "  stderr: ${err:-}"; failures=$((failures + 1)); }
expect_rc() { [ "$rc" -eq "$1" ] || fail "expected exit $1, got $rc: $2"; }
expect_out() { grep -qF -- "$1" <<<"$out" || fail "stdout lacks '$1': $2"; }
expect_err() { grep -qF -- "$1" <<<"$err" || fail "stderr lacks '$1': $2"; }
finish() { [ "$failures" -eq 0 ] && echo "all checks passed" || { echo "$failures check(s) failed"; exit 1; }; }

# Hostile inputs: every command runs under a time limit and an address-space cap, so a case that
# hangs or grows without bound fails instead of stalling CI. The cap is left out under
# AddressSanitizer, which reserves terabytes of address space for its shadow memory.
HOSTILE_SECONDS=${HOSTILE_SECONDS:-30}
HOSTILE_AS_BYTES=${HOSTILE_AS_BYTES:-$((1024 * 1024 * 1024))}
if ldd "$HL" 2>/dev/null | grep -q -e libasan -e libtsan; then HOSTILE_AS_BYTES=0; fi
guarded() {
  if [ "$HOSTILE_AS_BYTES" -gt 0 ]; then
    timeout "$HOSTILE_SECONDS" prlimit --as="$HOSTILE_AS_BYTES" -- "$@"
  else
    timeout "$HOSTILE_SECONDS" "$@"
  fi
}
# hrun CMD...: run (above) under guarded; a time-out or death by a signal is a failure.
hrun() {
  run guarded "$@"
  if [ "$rc" -eq 124 ]; then fail "timed out after ${HOSTILE_SECONDS}s: $*"
  elif [ "$rc" -gt 2 ]; then fail "exit $rc (a signal or a crash): $*"; fi
}
