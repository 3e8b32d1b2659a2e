"""Attacks on `hyperlane serve` over loopback, as a stranger or a removed player would try them
(issue 25): sessions that outlive their secret or player, secrets on pages, sign-in lock-outs
and forged X-Forwarded-For, and submissions while a turn is run.
Clients bind to other loopback addresses (127.0.0.2 and up) to stand for other machines.
Run by ctest as `python3 web_attacks.py HYPERLANE SOURCE_DIR WORK_DIR`; every wait is bounded."""
import fcntl
import http.client
import os
import re
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webtest  # noqa: E402
from webtest import check  # noqa: E402

HL, SRC, WORK = sys.argv[1:4]
webtest.fresh_dir(WORK)
for game in ("g", "h"):
    webtest.hl(HL, "new", game, "--scenario", "small", "--seed", "5", "-q",
               "--player", "ARC=Ann <ann@example.org>", "--player", "BEL=Bo <bo@example.org>",
               "--player", "CAS=Cy <cy@example.org>", "--deadline", "2030-01-01 12:00 UTC")


class Browser:
    """One client at one loopback address, with its session cookie; raw http.client."""

    def __init__(self, server, source="127.0.0.1", headers=None):
        self.host, self.port = urllib.parse.urlsplit(server.url).netloc.split(":")
        self.source, self.cookie, self.headers = source, "", dict(headers or {})

    def request(self, path, form=None, multipart=None, headers=None, timeout=60):
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=timeout,
                                          source_address=(self.source, 0))
        hdrs = dict(self.headers, **(headers or {}))
        if self.cookie:
            hdrs["Cookie"] = self.cookie
        body = None
        if multipart is not None:
            b = "----attack-boundary"
            body = "".join(f'--{b}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                           for k, v in multipart.items()) + f"--{b}--\r\n"
            body = body.encode()
            hdrs["Content-Type"] = f"multipart/form-data; boundary={b}"
        elif form is not None:
            body = urllib.parse.urlencode(form).encode()
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request("POST" if body is not None else "GET", path, body=body, headers=hdrs)
            r = conn.getresponse()
            text = r.read().decode(errors="replace")
            for k, v in r.getheaders():
                if k.lower() == "set-cookie" and v.startswith("hl_session="):
                    self.cookie = v.split(";", 1)[0]
            return r.status, dict(r.getheaders()), text
        finally:
            conn.close()

    def csrf(self, html):
        m = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
        return m.group(1) if m else ""

    def sign_in(self, game, who, secret):
        _, _, page = self.request(f"/g/{game}/")
        return self.request(f"/g/{game}/signin",
                            form={"csrf": self.csrf(page), "empire": who, "secret": secret})


# 1. Sessions end with their secret or player; pages never show a secret.
server = webtest.Server(HL, ["g", "h"])
sec = webtest.secrets("g")
ann = Browser(server)
check(ann.sign_in("g", "ARC", sec["ARC"])[0] == 303, "ARC could not sign in")
code, _, home = ann.request("/g/g/e/ARC/")
check(code == 200 and sec["ARC"] not in home, f"ARC's page shows its secret ({code})")
check("SECRET\n" in home, "the editor has no SECRET line to fill in")
token = ann.csrf(home)
# The SECRET line left blank, or left out: the session's secret is filled in and stored.
for n, sheet in enumerate([f"EMPIRE ARC\nSECRET\nTURN 1\nTAX\n", "EMPIRE ARC\nTURN 1\nTAX\n"]):
    code, _, body = ann.request("/g/g/e/ARC/check",
                                multipart={"csrf": token, "sheet": sheet, "do": "submit"})
    stored = open("g/orders/0001/ARC.txt").read() if os.path.exists("g/orders/0001/ARC.txt") else ""
    check(code == 200 and 'id="stored"' in body, f"sheet {n} without a secret was not stored: {code}")
    check(f"SECRET {sec['ARC']}\n" in stored, f"sheet {n} was stored without the secret: {stored!r}")
    check(sec["ARC"] not in body, f"the answer to sheet {n} shows the secret")
code, _, body = ann.request("/g/g/e/ARC/check", multipart={
    "csrf": token, "sheet": "EMPIRE ARC\nSECRET WRONG\nTURN 1\nTAX\n", "do": "submit"})
check(code == 422 and "not stored" in body, f"a sheet with a wrong secret was answered {code}")
code, _, text = ann.request("/g/g/e/ARC/sheet.txt")
check(code == 200 and sec["ARC"] not in text, f"sheet.txt shows the secret ({code})")

webtest.hl(HL, "replace", "g", "ARC", "--name", "New Player", "--secret", "NEWARC77")
code, headers, body = ann.request("/g/g/e/ARC/")
check(code == 303 and "NEWARC77" not in body, f"the replaced player's session still works: {code}")
code, _, body = ann.request("/g/g/e/ARC/report/0.txt")
check(code == 303, f"the replaced player still reads reports: {code}")
code, _, body = ann.request("/g/g/e/ARC/check", multipart={
    "csrf": token, "sheet": "EMPIRE ARC\nSECRET\nTURN 1\nTAX\n", "do": "submit"})
check(code == 403 and "NEWARC77" not in open("g/orders/0001/ARC.txt").read(),
      f"the replaced player's session submitted with the new secret: {code}")
newcomer = Browser(server)
check(newcomer.sign_in("g", "ARC", "NEWARC77")[0] == 303, "the new player could not sign in")
check(newcomer.request("/g/g/e/ARC/")[0] == 200, "the new player's page")

bo = Browser(server)
check(bo.sign_in("g", "BEL", sec["BEL"])[0] == 303, "BEL could not sign in")
webtest.hl(HL, "computer", "g", "BEL")
check(bo.request("/g/g/e/BEL/")[0] == 303, "BEL's session outlived `computer`")
code, _, body = Browser(server).sign_in("g", "BEL", sec["BEL"])
check(code == 403 and "computer plays this empire" in body, f"sign-in to a computer empire: {code}")

gm = Browser(server)
check(gm.sign_in("g", "GM", sec["GM"])[0] == 303, "the GM could not sign in")
check(gm.request("/g/g/gm/")[0] == 200, "the GM page")
# A new GM secret (as `hyperlane secrets GAME --gm` writes it) ends the GM's sessions.
toml = open("g/game.toml").read()
open("g/game.toml", "w").write(toml.replace(f'GM = "{sec["GM"]}"', 'GM = "NEWGMSECRET"'))
check(gm.request("/g/g/gm/")[0] == 303, "the GM's session outlived a new GM secret")
check(newcomer.request("/g/g/e/ARC/")[0] == 200, "a new GM secret ended a player's session")
server.stop()

# 2. Sign-in limits: per address and empire; behind a proxy, the address the proxy added.
server = webtest.Server(HL, ["g"])
sec = webtest.secrets("g")
attacker = Browser(server, "127.0.0.2")
codes = [attacker.sign_in("g", "CAS", f"GUESS{i}")[0] for i in range(5)]
check(codes == [401] * 5, f"wrong secrets answered {codes}")
code, headers, _ = attacker.sign_in("g", "CAS", f"GUESS5")
check(code == 429 and 0 < int(headers.get("Retry-After", "0")) <= 31,
      f"the attacker's sixth try: {code} {headers.get('Retry-After')}")
code, _, _ = Browser(server, "127.0.0.3").sign_in("g", "CAS", sec["CAS"])
check(code == 303, f"a stranger's failures locked CAS's player out: {code}")
server.stop()

server = webtest.Server(HL, ["g"], "--trust-proxy")
codes = []
for i in range(21):
    # The client forges an X-Forwarded-For; the proxy adds its own header after it.
    b = Browser(server, headers={"X-Forwarded-For": f"10.9.{i}.{i}"})
    _, _, page = b.request("/g/g/")
    conn_headers = [("X-Forwarded-For", f"10.9.{i}.{i}"), ("X-Forwarded-For", "192.0.2.77")]
    host, port = urllib.parse.urlsplit(server.url).netloc.split(":")
    c = http.client.HTTPConnection(host, int(port), timeout=30)
    body = urllib.parse.urlencode({"csrf": b.csrf(page), "empire": f"X{i}", "secret": "x"})
    c.putrequest("POST", "/g/g/signin")
    for k, v in conn_headers + [("Cookie", b.cookie), ("Content-Length", str(len(body))),
                                ("Content-Type", "application/x-www-form-urlencoded")]:
        c.putheader(k, v)
    c.endheaders(body.encode())
    codes.append(c.getresponse().status)
    c.close()
check(codes[:20] == [401] * 20 and codes[20] == 429,
      f"forged X-Forwarded-For entries escaped the address limit: {codes}")
# The appended form: "client's, proxy's" in one header.
b = Browser(server, headers={"X-Forwarded-For": "10.8.8.8, 192.0.2.77"})
check(b.sign_in("g", "ARC", "x")[0] == 429, "the right-most X-Forwarded-For entry was not used")
b = Browser(server, headers={"X-Forwarded-For": "192.0.2.77, 10.8.8.8"})
check(b.sign_in("g", "ARC", sec["ARC"])[0] == 303, "another client behind the proxy was locked out")
server.stop()

# 5. A turn being run: submissions wait a bounded time and say so; other games go on.
server = webtest.Server(HL, ["g", "h"], "--lock-wait", "5")
sec = webtest.secrets("g")
players = []
for k in range(20):
    b = Browser(server, f"127.0.1.{k + 1}")
    check(b.sign_in("g", "CAS", sec["CAS"])[0] == 303, f"player {k} could not sign in")
    _, _, page = b.request("/g/g/e/CAS/")
    players.append((b, b.csrf(page)))
lock = open("g/.lock", "a")
fcntl.flock(lock, fcntl.LOCK_EX)  # as `hyperlane run` holds it
answers = {}


def submit(k):
    b, token = players[k]
    try:
        answers[k] = b.request("/g/g/e/CAS/check", timeout=120, multipart={
            "csrf": token, "sheet": f"EMPIRE CAS\nSECRET {sec['CAS']}\nTURN 1\nTAX\n", "do": "submit"})
    except OSError as e:
        answers[k] = (str(e), {}, "")


threads = [threading.Thread(target=submit, args=(k,)) for k in range(20)]
for t in threads:
    t.start()
time.sleep(1)
try:
    code, _, _ = Browser(server, "127.0.2.1").request("/g/h/", timeout=15)
except OSError as e:
    code = str(e)
check(code == 200, f"another game's page while its neighbour's turn is run: {code}")
for t in threads:
    t.join(timeout=120)
fcntl.flock(lock, fcntl.LOCK_UN)
lock.close()
busy = [a for a in answers.values() if a[0] == 503]
check(len(busy) == 20, f"submissions to a locked game: {sorted(str(a[0]) for a in answers.values())}")
check(all(a[1].get("Retry-After") and "turn is being run" in a[2] for a in busy),
      "a busy answer without Retry-After or without saying why")
check(not os.path.exists("g/orders/0001/CAS.txt"), "a sheet was stored while the game was locked")
b, token = players[0]
code, _, body = b.request("/g/g/e/CAS/check", multipart={
    "csrf": token, "sheet": f"EMPIRE CAS\nSECRET {sec['CAS']}\nTURN 1\nTAX\n", "do": "submit"})
check(code == 200 and 'id="stored"' in body, f"after the turn, a submission: {code}")
server.stop()
webtest.finish()
