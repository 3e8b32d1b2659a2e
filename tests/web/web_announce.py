"""The GM's announcement (`hyperlane gm --announce FILE`) is on the players' home pages and the
GM's page, line by line and escaped, until `gm --announce-remove`; a moved deadline is what the
players' pages say. `python3 web_announce.py HYPERLANE SOURCE_DIR WORK_DIR`."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webtest  # noqa: E402
from webtest import check  # noqa: E402

hyperlane, source, work = sys.argv[1:4]
webtest.fresh_dir(work)
webtest.hl(hyperlane, "new", "g", "--scenario", "small", "--seed", "5", "-q")
webtest.hl(hyperlane, "deadline", "g", "--at", "2026-12-01 18:00")
with open("news.txt", "w", encoding="utf-8") as f:
    f.write("Turn 2 runs a day late.\n\nBring <b>ships</b> & friends.\n")
webtest.hl(hyperlane, "gm", "g", "--announce", "news.txt")
sec = webtest.secrets("g")
server = webtest.Server(hyperlane, ["g"])
try:
    c = webtest.Client(server.url)
    code, _, _ = c.sign_in("g", "ARC", sec["ARC"])
    check(code == 303, f"sign-in answered {code}")
    _, _, page = c.request("/g/g/e/ARC/")
    check('id="announcement"' in page, "the player's page has no announcement")
    check("<p>Turn 2 runs a day late.</p>" in page, "the first line is not on the page")
    check("<p>Bring &lt;b&gt;ships&lt;/b&gt; &amp; friends.</p>" in page,
          "the second line is not on the page, escaped")
    check("<b>ships</b>" not in page, "the GM's text reached the page unescaped")
    g = webtest.Client(server.url)
    code, _, _ = g.sign_in("g", "GM", sec["GM"])
    check(code == 303, f"the GM's sign-in answered {code}")
    _, _, gm = g.request("/g/g/gm/")
    check('id="announcement"' in gm and "Turn 2 runs a day late." in gm,
          "the GM's page does not show the announcement")

    # A moved deadline is on the page; a removed announcement is not.
    webtest.hl(hyperlane, "deadline", "g", "--at", "2026-12-03 09:30")
    webtest.hl(hyperlane, "gm", "g", "--announce-remove")
    _, _, page = c.request("/g/g/e/ARC/")
    check("2026-12-03 09:30 UTC" in page and "2026-12-01 18:00" not in page,
          "the player's page does not say the moved deadline")
    check('id="announcement"' not in page and "a day late" not in page,
          "the removed announcement is still on the page")
finally:
    server.stop()
webtest.finish()
