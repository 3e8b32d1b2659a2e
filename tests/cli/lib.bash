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
