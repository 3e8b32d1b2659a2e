# The computer players' sheets are ordinary turnsheets that pass `hyperlane check`; a game
# created with --all-computer plays itself with `hyperlane run --line`.
source "$(dirname "$0")/lib.bash"

run "$HL" new g --scenario small --seed 4 -q; expect_rc 0 "new small"
run "$HL" run g -q; expect_rc 0 "run turn 1 with nobody's orders"
for emp in ARC BEL CAS DEN; do
  [ -s "g/orders/0001/$emp.computer.txt" ] || fail "no computer sheet for $emp"
done
grep -q "missed player" g/orders/0001/ARC.computer.txt || fail "ARC missed its orders: missed player"
grep -q "(computer player)" g/orders/0001/DEN.computer.txt || fail "DEN is a non-player empire"
# Back to the state the sheets were written against: each player empire's sheet checks clean
# once the empire's secret is written in place of the computer's placeholder (no script ever
# sees a real secret, so the computer writes SECRET COMPUTER).
run "$HL" rollback g --to 0; expect_rc 0 "rollback to 0"
for emp in ARC BEL CAS; do
  grep -q '^SECRET COMPUTER$' "g/orders/0001/$emp.computer.txt" || fail "$emp: no placeholder secret"
  run "$HL" check g "g/orders/0001/$emp.computer.txt"
  expect_rc 1 "the computer's placeholder is no secret"; expect_out "wrong secret for empire $emp" "placeholder"
  secret=$(sed -n "s/^$emp = \"\(.*\)\"\$/\1/p" g/game.toml)
  sed "s/^SECRET COMPUTER\$/SECRET $secret/" "g/orders/0001/$emp.computer.txt" > "$emp.txt"
  run "$HL" check g "$emp.txt"
  expect_rc 0 "hyperlane check of $emp's computer sheet"
  expect_out ": OK:" "hyperlane check of $emp's computer sheet"
done

run "$HL" new auto --scenario small --seed 4 --all-computer -q; expect_rc 0 "new --all-computer"
[ "$(grep -c '^computer = true' auto/turns/0000/state.toml)" -eq 4 ] || fail "--all-computer marks every empire"
[ "$(grep -c '^player = "Computer"$' auto/turns/0000/state.toml)" -eq 4 ] || fail "--all-computer: the player is not Computer"
run "$HL" run auto --line; expect_rc 0 "run --line"
expect_out "Turn  1: " "run --line starts with the turn"
expect_out "all fleets" "run --line gives the fleets"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "run --line prints one line"
run "$HL" new --help; expect_out "--all-computer" "new --help lists --all-computer"
finish
