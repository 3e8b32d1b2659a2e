"""Hosting knows no game's nouns: a COSMOS game (rules/cosmos: numeric race codes, its own
state) runs through the roster, status, a GM message in its reports, mail-out to the outbox and
the web pages exactly as the standard game does.
`python3 other_pack.py HYPERLANE SOURCE_DIR WORK_DIR`."""
import email
import email.policy
import json
import os
import pathlib
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webtest  # noqa: E402
from webtest import check  # noqa: E402

hyperlane, source, work = sys.argv[1:4]
webtest.fresh_dir(work)
env = dict(os.environ, HYPERLANE_NOW="2026-11-30 12:00 UTC")


def hl(*args):
    return webtest.hl(hyperlane, *args, env=env)


hl("new", "c", "--scenario", "cosmos_small", "--seed", "4", "-q",
   "--player", "1=Ann <ann@example.org>", "--player", "2=Bo <bo@example.net>",
   "--others-computer", "--deadline", "2026-12-01 18:00")
sec = webtest.secrets("c")
status = json.loads(hl("status", "c", "--json"))
orders = {e["code"]: e["orders"] for e in status["empires"]}
check(orders == {"1": "no orders", "2": "no orders", "3": "computer", "4": "computer"},
      f"status of a COSMOS game: {orders}")

# The web: race 1 signs in with its numeric code, reads its set-up report and submits.
server = webtest.Server(hyperlane, ["c"])
try:
    c = webtest.Client(server.url)
    code, _, _ = c.sign_in("c", "1", sec["1"])
    check(code == 303, f"race 1's sign-in answered {code}")
    code, _, home = c.request("/g/c/e/1/")
    check(code == 200 and "due" in home, f"race 1's page answered {code}")
    # The editor starts with the COSMOS blank sheet (rules/cosmos turnsheet.blank): the lines its
    # grammar expects and a block for the home colony and each of the three ships (9.8), all at
    # the centre hex H0707 of the race's own 14 x 14 map (5).
    check("turn 1\nsecret\nrace 1:\n" in home and sec["1"] not in home,
          "no COSMOS header (without the secret) in the editor")
    check(re.search(r"\nC\d{3}:  @ \w+ at H0707\n", home) is not None, "no colony block")
    check("\nS0100: @ Scout at H0707\n\nS0101: @ Scout at H0707\n\nS0102: @ Corvette at H0707\n"
          in home, "no fleet blocks in the editor")
    check("EMPIRE" not in home, "the engine's header lines are in a COSMOS editor")
    code, _, report = c.request("/g/c/e/1/report/0.html")
    check(code == 200 and "Altairi Concord (1)" in report, f"race 1's set-up report answered {code}")
    code, _, _ = c.request("/g/c/e/2/report/0.html")
    check(code == 403, f"race 1 read race 2's report: {code}")
    sheet = f"turn 1\nsecret {sec['1']}\nrace 1:\n"  # rules/cosmos/turnsheet.lua's header
    code, _, _ = c.request("/g/c/e/1/check",
                           multipart={"csrf": c.csrf(home), "sheet": sheet, "do": "submit"})
    check(code == 200 and pathlib.Path("c/orders/0001/1.txt").read_text() == sheet,
          f"race 1's sheet was not stored ({code})")
    gm = webtest.Client(server.url)
    check(gm.sign_in("c", "GM", sec["GM"])[0] == 303, "the GM could not sign in")
    _, _, page = gm.request("/g/c/gm/")
    code, _, _ = gm.request("/g/c/gm/message", {"csrf": gm.csrf(page), "text": "Dust <storms> ahead"})
    check(code in (200, 303), f"the GM's message was answered {code}")
finally:
    server.stop()

status = json.loads(hl("status", "c", "--json"))
check({e["code"]: e["orders"] for e in status["empires"]}["1"] == "submitted", "1 not submitted")
check(status["gm_messages"] == ["Dust <storms> ahead"], f"GM messages: {status['gm_messages']}")

# The turn: the GM message is in every report, the reports go out by mail.
hl("run", "c", "-q")
reports = pathlib.Path("c/turns/0001/reports")
for f in sorted(reports.glob("*.txt")):
    check("Dust <storms> ahead" in f.read_text(), f"{f.name} lacks the GM message")
for f in sorted(reports.glob("*.html")):
    check("Dust &lt;storms&gt; ahead" in f.read_text(), f"{f.name} lacks the escaped GM message")
hl("gm", "c", "--address", "gm@example.org")
out = hl("mail-out", "c", "--reports-only", "--outbox", "outbox")
check("1 report for turn 1 to ann@example.org: sent" in out, f"mail-out: {out}")
check("3 report for turn 1: skipped: the computer plays this empire" in out, f"mail-out: {out}")
mails = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
         for p in sorted(pathlib.Path("outbox/new").iterdir())]
check(len(mails) == 2, f"{len(mails)} mails in the outbox")
for m in mails:
    kinds = [p.get_content_type() for p in m.walk()]
    check("text/plain" in kinds and "text/html" in kinds, f"parts of {m['To']}: {kinds}")

# The GM's commands on the other pack: replace, computer and back, rerender.
out = hl("replace", "c", "2", "--name", "Cy", "--secret", "NEWSEC22")
check("2 is played by Cy from turn 2 on" in out, f"replace: {out}")
hl("computer", "c", "1")
check({e["code"]: e["orders"] for e in json.loads(hl("status", "c", "--json"))["empires"]}["1"]
      == "computer", "race 1 not handed to the computer")
hl("computer", "c", "1", "--off")
# replace writes the latest reports again at once (issue 28), so they name the new player.
check("Cy" in (reports / "game.txt").read_text(), "replace did not show the new player")
(reports / "game.txt").write_text("edited\n")
hl("rerender", "c")
check("Cy" in (reports / "game.txt").read_text(), "rerender did not write the report again")
webtest.finish()
