# The GM's name, address and messages in every report of a turn (text, HTML and JSON, the
# empires' and the game's), escaped in HTML, and added after the run with --turn + rerender:
# `gm` and `rerender` end to end over the pack's reports (docs/report.md).
source "$(dirname "$0")/lib.bash"

run "$HL" new g --scenario small --seed 3 -q; expect_rc 0 "new"
run "$HL" gm g --name "Star GM" --address gm@example.org \
  --message "Welcome <b>all</b> & good luck" --message "Turn 1 runs on Friday"
expect_rc 0 "gm --message"
run "$HL" run g -q; expect_rc 0 "run"

r=g/turns/0001/reports
for f in "$r"/*.txt; do
  grep -q "^From the GM" "$f" || fail "$f has no GM section"
  grep -q "Welcome <b>all</b> & good luck" "$f" || fail "$f lacks the first message"
  grep -q "Turn 1 runs on Friday" "$f" || fail "$f lacks the second message"
done
grep -q "^GM: Star GM <gm@example.org>$" "$r/game.txt" || fail "game.txt lacks the GM's name and address"
for f in "$r"/*.html; do
  grep -q "Welcome &lt;b&gt;all&lt;/b&gt; &amp; good luck" "$f" || fail "$f lacks the escaped message"
  grep -q "<b>all</b>" "$f" && fail "$f shows the message unescaped"
done
python3 - "$r" <<'PY' || fail "JSON reports"
import json, pathlib, sys
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    doc = json.loads(p.read_text())
    gm = [s for s in doc["sections"] if s["id"] == "gm"]
    assert len(gm) == 1, (p, [s["id"] for s in doc["sections"]])
    texts = [b["text"] for b in gm[0]["blocks"]]
    assert texts == ["Welcome <b>all</b> & good luck", "Turn 1 runs on Friday"], (p, texts)
game = json.loads((pathlib.Path(sys.argv[1]) / "game.json").read_text())
assert game["subtitle"] == "GM: Star GM <gm@example.org>", game["subtitle"]
PY

# Turn 2 has no messages: no section.
run "$HL" run g -q; expect_rc 0 "run 2"
grep -q "^From the GM" g/turns/0002/reports/ARC.txt && fail "turn 2 shows turn 1's messages"

# A message added to a played turn shows after rerender, and only then.
run "$HL" gm g --turn 2 --message "Sorry, turn 2 was late"; expect_rc 0 "gm --turn 2"
expect_out "hyperlane rerender g --turn 2" "hint after a message to a played turn"
grep -q "Sorry" g/turns/0002/reports/ARC.txt && fail "report changed before rerender"
run "$HL" rerender g --turn 2; expect_rc 0 "rerender"
grep -q "Sorry, turn 2 was late" g/turns/0002/reports/ARC.txt || fail "rerender lacks the message"
grep -q "Sorry, turn 2 was late" g/turns/0002/reports/game.html || fail "rerender lacks the message in HTML"
run "$HL" report g --empire ARC; expect_rc 0 "report"
expect_out "Sorry, turn 2 was late" "report"
finish
