# Every command answers --help with exit 0; usage errors exit 1.
source "$(dirname "$0")/lib.bash"
for args in "" "new" "show" "rules" "rules check" "check" "submit" "sim" "gm" "mail-in" "mail-out" \
    "status" "replace" "computer" "deadline" "rerender" "serve" "host"; do
  run "$HL" $args --help
  expect_rc 0 "hyperlane $args --help"
  expect_out "Usage:" "hyperlane $args --help"
done
run "$HL" --version; expect_rc 0 "--version"; expect_out "hyperlane " "--version"
run "$HL" frobnicate; expect_rc 1 "unknown command"; expect_err "hyperlane: error:" "unknown command"
run "$HL" new; expect_rc 1 "missing arguments"; expect_err "required" "missing arguments"
run "$HL"; expect_rc 1 "no command"
finish
