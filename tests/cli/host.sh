# hyperlane host: a turn runs at its deadline, or early once every player's orders are in when the
# game says so, never twice (a second run, two runs at once, a run after a crash between the
# turn and its mail), its mail goes out as mail-out sends it, one line per game, and a broken
# game fails on its own line while the others go on. The clock is HYPERLANE_NOW.
source "$(dirname "$0")/lib.bash"

export HYPERLANE_NOW="2026-11-30 12:00"
# new_game DIR: ARC and BEL are players with addresses, CAS and DEN the computer's; turn 1 is due
# 2026-12-01 18:00 UTC, later turns a week apart.
new_game() {
  run "$HL" new "$1" --scenario small --seed 5 -q --player "ARC=Alice <alice@example.net>" \
    --player "BEL=Bob <bob@example.com>" --others-computer --deadline "2026-12-01 18:00" \
    --every 7d --gm-name "Star Chase GM" --gm-address orders@example.org
  expect_rc 0 "new $1"
}
# mails DIR: how many mails DIR's outbox holds.
mails() { find "$1/mail/outbox/new" -type f 2>/dev/null | wc -l; }
# sheet DIR EMP TURN: stores EMP's (empty) orders for TURN.
sheet() {
  local secret
  secret=$(grep "^$2 = " "$1/game.toml" | cut -d'"' -f2)
  printf 'EMPIRE %s\nSECRET %s\nTURN %s\n' "$2" "$secret" "$3" > "$2.txt"
  run "$HL" submit "$1" "$2.txt"
  expect_rc 0 "$2's orders for turn $3 in $1"
}

new_game g

# Not due: nothing runs; turn 0's reports go out as mail-out sends them.
run "$HL" host g
expect_rc 0 "host before the deadline"
[ "$out" = "g: not due until 2026-12-01 18:00 UTC; 2 mail(s) sent" ] || fail "not due: '$out'"
[ -d g/turns/0001 ] && fail "a turn ran before its deadline"
[ "$(mails g)" -eq 2 ] || fail "turn 0: $(mails g) mails, not 2"
grep -lq "Turn 0 report" g/mail/outbox/new/* || fail "turn 0's reports were not mailed"

# Due at the deadline: turn 1 runs and its reports are mailed.
export HYPERLANE_NOW="2026-12-01 18:00"
run "$HL" host g
expect_rc 0 "host at the deadline"
[ "$out" = "g: ran turn 1 (its deadline 2026-12-01 18:00 UTC passed); 2 mail(s) sent" ] ||
  fail "due: '$out'"
[ -f g/turns/0001/state.toml ] || fail "turn 1 was not written"
[ "$(mails g)" -eq 4 ] || fail "turn 1: $(mails g) mails in all, not 4"

# Run again: a no-op (the next deadline is a week later), nothing mailed again.
cp -a g g_before
run "$HL" host g
expect_rc 0 "host again"
[ "$out" = "g: not due until 2026-12-08 18:00 UTC" ] || fail "run twice: '$out'"
[ -d g/turns/0002 ] && fail "the second host run played turn 2"
[ "$(mails g)" -eq 4 ] || fail "the second host run mailed again"
cmp -s g/turns/0001/state.toml g_before/turns/0001/state.toml || fail "turn 1 changed"

# A host killed between the turn and its mail: the turn is written, its mail is not. The next
# host does not run the turn again, and sends the mail.
HYPERLANE_NOW="2026-12-08 18:00" HYPERLANE_CRASH_AT=host-turn-played run "$HL" host g
expect_rc 86 "host killed after turn 2"
[ -f g/turns/0002/state.toml ] || fail "turn 2 was not written before the crash"
[ "$(mails g)" -eq 4 ] || fail "the killed host mailed turn 2"
run "$HL" host g
expect_rc 0 "host after a crash between turn and mail"
[ "$out" = "g: not due until 2026-12-15 18:00 UTC; 2 mail(s) sent" ] || fail "after crash: '$out'"
[ -d g/turns/0003 ] && fail "host replayed a turn"
grep -lq "Turn 2 report" g/mail/outbox/new/* || fail "turn 2's reports were not mailed"

# Running early, once every player empire (not the computer's) has orders in.
run "$HL" deadline g --run-early on
expect_rc 0 "deadline --run-early on"
grep -q '^run_early = true$' g/deadlines.toml || fail "run_early not stored: $(cat g/deadlines.toml)"
sheet g ARC 3
run "$HL" host g
expect_rc 0 "host with one of two players' orders"
[ "$out" = "g: not due until 2026-12-15 18:00 UTC; waiting for 1 of 2 player empire(s)" ] ||
  fail "waiting: '$out'"
sheet g BEL 3
run "$HL" host g
expect_rc 0 "host with every player's orders"
[ "$out" = "g: ran turn 3 (all 2 player empire(s) sent orders); 2 mail(s) sent" ] ||
  fail "early run: '$out'"
run "$HL" host g
[ "$out" = "g: not due until 2026-12-22 18:00 UTC; waiting for 2 of 2 player empire(s)" ] ||
  fail "after the early run: '$out'"
# Off again: every player's orders in, but the deadline is ahead.
run "$HL" deadline g --run-early off
grep -q run_early g/deadlines.toml && fail "run_early still stored"
sheet g ARC 4
sheet g BEL 4
run "$HL" host g
[ "$out" = "g: not due until 2026-12-22 18:00 UTC" ] || fail "run-early off: '$out'"

# Two host runs at once at a deadline: one plays the turn, the other finds it played.
new_game c
export HYPERLANE_NOW="2026-12-02 09:00"
"$HL" host c > c1.out 2>&1 &
p1=$!
"$HL" host c > c2.out 2>&1 &
p2=$!
wait $p1 || fail "the first concurrent host failed: $(cat c1.out)"
wait $p2 || fail "the second concurrent host failed: $(cat c2.out)"
[ "$(cat c1.out c2.out | grep -c '^c: ran turn 1 ')" -eq 1 ] ||
  fail "not exactly one run of turn 1: $(cat c1.out c2.out)"
[ "$(cat c1.out c2.out | grep -c '^c: not due until 2026-12-08 18:00 UTC$')" -eq 1 ] ||
  fail "the other run did not find the turn played: $(cat c1.out c2.out)"
[ "$(mails c)" -eq 2 ] || fail "concurrent runs: $(mails c) mails, not 2 (turn 1's reports, once)"

# The turn run by another command after host found it due: host does not run it again, and
# sends its mail.
new_game m
HYPERLANE_PAUSE_AT=host-decided HYPERLANE_PAUSE_FILE="$WORK/pause" "$HL" host m > m.out 2>&1 &
paused=$!
for _ in $(seq 300); do [ -e "$WORK/pause" ] && break; sleep 0.1; done
[ -e "$WORK/pause" ] || fail "host did not reach its pause point"
run "$HL" run m -q
expect_rc 0 "turn 1 run while host waits"
rm -f "$WORK/pause"
wait "$paused" || fail "host after a turn run meanwhile: $(cat m.out)"
[ "$(cat m.out)" = "m: turn 1 was run meanwhile by another command; 2 mail(s) sent" ] ||
  fail "run meanwhile: '$(cat m.out)'"
[ -d m/turns/0002 ] && fail "host ran a second turn"

# The game held by another command: host waits for it, or fails after --wait.
new_game w
flock w/.lock sleep 3 &
holder=$!
sleep 0.5
run "$HL" host w --wait 0
expect_rc 1 "host of a held game without waiting"
grep -q "^w: error: another hyperlane command" <<<"$out" || fail "held game: '$out'"
[ -d w/turns/0001 ] && fail "a held game's turn ran"
run "$HL" host w --wait 60
expect_rc 0 "host waiting for a held game"
grep -q "^w: ran turn 1 " <<<"$out" || fail "waited: '$out'"
wait "$holder"

# A broken game next to good ones: its own error line, the others go on, exit 1.
new_game bad
new_game good
printf 'every = "soon"\n' > bad/deadlines.toml
run "$HL" host bad nowhere good
expect_rc 1 "a broken game among good ones"
[ "$(wc -l <<<"$out")" -eq 3 ] || fail "not one line per game: '$out'"
expect_out "bad: error: every: 'soon' is not a duration such as 7d or 36h" "the broken game's line"
expect_out "nowhere: error: cannot read game.toml: is this a game folder?" "a missing game"
expect_out "good: ran turn 1 (its deadline 2026-12-01 18:00 UTC passed); 2 mail(s) sent" \
  "the good game after the broken ones"
expect_err "bad/deadlines.toml:1:9: error: every: 'soon'" "the broken game's file and line"

# A game without a GM address runs its turns and says no mail went out.
run "$HL" new nomail --scenario small --seed 5 -q --deadline "2026-12-01 18:00"
run "$HL" host nomail
expect_rc 0 "a game without mail"
[ "$out" = "nomail: ran turn 1 (its deadline 2026-12-01 18:00 UTC passed); no mail sent (the game has no GM address: hyperlane gm GAME --address)" ] ||
  fail "no mail: '$out'"

# --quiet: nothing for games that are fine, the failed ones on stderr.
run "$HL" host --quiet good bad
expect_rc 1 "quiet with a broken game"
[ -z "$out" ] || fail "quiet printed on stdout: '$out'"
expect_err "bad: error:" "quiet shows the failure"
grep -q "^good:" <<<"$err" && fail "quiet printed a good game"
run "$HL" host -q good
expect_rc 0 "quiet"
[ -z "$out$err" ] || fail "quiet printed something for a good game"

# An all-computer game never runs early (nobody to wait for), and a game with no deadline says so.
run "$HL" new auto --scenario small --seed 5 -q --all-computer
run "$HL" deadline auto --run-early on
run "$HL" host auto
[ "$out" = "auto: no deadline set (hyperlane deadline GAME --at); no mail sent (the game has no GM address: hyperlane gm GAME --address)" ] ||
  fail "all-computer: '$out'"
[ -d auto/turns/0001 ] && fail "an all-computer game ran early"

# --games-dir: every game folder in it, not hidden folders or folders without game.toml.
mkdir -p hd/.hidden hd/notes
new_game hd/a
run "$HL" host --games-dir hd
expect_rc 0 "host --games-dir"
[ "$out" = "hd/a: ran turn 1 (its deadline 2026-12-01 18:00 UTC passed); 2 mail(s) sent" ] ||
  fail "--games-dir: '$out'"
run "$HL" host
expect_rc 1 "host without games"
expect_err "GAMES is required" "host without games"

finish
