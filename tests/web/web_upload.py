"""A turnsheet file uploaded on the web is read as mail-in reads one (docs/web.md): a file a
Windows editor saved in its "ANSI" code page (Windows-1252) is converted to UTF-8 and stored,
where it was refused as "not valid UTF-8" before; a byte that code page lacks is still refused
at its line and column. `python3 web_upload.py HYPERLANE SOURCE_DIR WORK_DIR`."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webtest  # noqa: E402
from webtest import check  # noqa: E402

hyperlane, source, work = sys.argv[1:4]
webtest.fresh_dir(work)
webtest.hl(hyperlane, "new", "g", "--scenario", "small", "--seed", "5", "-q")
sec = webtest.secrets("g")
server = webtest.Server(hyperlane, ["g"])
try:
    c = webtest.Client(server.url)
    code, _, _ = c.sign_in("g", "ARC", sec["ARC"])
    check(code == 303, f"sign-in answered {code}")
    _, _, page = c.request("/g/g/e/ARC/")
    token = c.csrf(page)
    # "Café “Süd”" in Windows-1252: é = E9, the curly quotes 93 and 94, ü = FC; CRLF line ends.
    sheet = ("EMPIRE ARC\r\nSECRET " + sec["ARC"] + "\r\nTURN 1\r\nTAX\r\n").encode("ascii") + \
        b"MESSAGE ALL Caf\xe9 \x93S\xfcd\x94 greets you\r\n"
    code, _, body = c.request("/g/g/e/ARC/check", multipart={
        "csrf": token, "upload": ("orders.txt", sheet), "do": "submit"})
    check(code == 200 and 'id="stored"' in body, f"the Windows-1252 upload was not stored: {code}")
    check("not valid UTF-8" not in body, "the Windows-1252 upload was called not UTF-8")
    stored = open("g/orders/0001/ARC.txt", "rb").read() if os.path.exists(
        "g/orders/0001/ARC.txt") else b""
    check("MESSAGE ALL Café “Süd” greets you\n".encode() in stored,
          f"the stored sheet is not the text as UTF-8: {stored!r}")
    # 0x81 is no character of Windows-1252: the file is not converted, and the checker says
    # where the bad byte is.
    bad = ("EMPIRE ARC\nSECRET " + sec["ARC"] + "\nTURN 1\n").encode() + b"NAME 101 Bad\x81\n"
    code, _, body = c.request("/g/g/e/ARC/check", multipart={
        "csrf": token, "upload": ("bad.txt", bad), "do": "submit"})
    check(code == 422 and "not valid UTF-8" in body,
          f"a file that is no Windows-1252 either was not refused: {code}")
    check(stored == open("g/orders/0001/ARC.txt", "rb").read(), "a refused upload replaced the sheet")
finally:
    server.stop()
webtest.finish()
