"""Attacks on `hyperlane serve` over loopback, as a stranger or a player would try them (issue
25): submissions while a turn is run.
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
