# `hyperlane rules check rules/cosmos` plays the pack's example sheets (sheet/examples.lua), which
# give every order of this version: it passes as the pack is, and fails with the script's file and
# line when the code of one order faults. The computer players never give dismantle, leave or
# name, so only the example sheets reach them: a colony order, a fleet order and a general order.
source "$(dirname "$0")/lib.bash"
run "$HL" rules check "$SRC/rules/cosmos"; expect_rc 0 "cosmos"
expect_out "rules pack OK: cosmos" "cosmos"

# break FILE PATTERN NAME: a copy of the pack in NAME whose line matching PATTERN (the first line
# of an order's code) is followed by a line that indexes nil; prints that line's number.
break_order() {
  rm -rf "$3" && cp -r "$SRC/rules/cosmos" "$3" || return 1
  local at
  at=$(grep -n -m1 -- "$2" "$3/$1" | cut -d: -f1)
  [ -n "$at" ] || { echo "no line '$2' in $1" >&2; return 1; }
  sed -i "${at}a\\  local broken = nil; local _ = broken.here" "$3/$1"
  echo $((at + 1))
}

for spec in "lib/act_colony.lua|^function A.dismantle(w, c, o)$|dismantle" \
            "lib/act_fleet.lua|^function A.leave(w, f, o)$|leave" \
            "turn.lua|^    elseif o.verb == \"name\" then$|name"; do
  IFS='|' read -r file pattern verb <<<"$spec"
  line=$(break_order "$file" "$pattern" "broken_$verb") || { fail "cannot break $verb"; continue; }
  run "$HL" rules check "broken_$verb"; expect_rc 1 "a faulty $verb"
  expect_err "broken_$verb/$file:$line: error: while playing turn" "a faulty $verb"
  expect_err "attempt to index local 'broken' (a nil value)" "a faulty $verb"
done
# A pack whose turn faults: `run` says so with the script's file and line and exits 2 (an
# internal error of the rules, not bad input); the turn is not saved. (`new` checks the pack
# and keeps a copy in the game folder: that copy breaks afterwards.)
run "$HL" new g --scenario cosmos_small --seed 4 -q; expect_rc 0 "new"
pack=g/rules/cosmos
at=$(grep -n -m1 -- "^  -- 3. The phases.$" $pack/turn.lua | cut -d: -f1)
sed -i "${at}a\\  local broken = nil; local _ = broken.here" $pack/turn.lua
run "$HL" run g; expect_rc 2 "a faulty turn"
expect_err "cosmos/turn.lua:$((at + 1)): error:" "a faulty turn"
expect_err "internal error: the game's rules pack failed" "a faulty turn"
[ -e g/turns/0001 ] && fail "a turn that faulted was saved"
finish
