"""Attacks on `hyperlane serve` over loopback, as a stranger or a removed player would try them
(docs/hosting.md "Threat model and guarantees: the web server"): sessions that outlive their
secret or player, secrets on pages, compressed and endless bodies, huge headers, slow and idle
connections, sign-in lock-outs and forged X-Forwarded-For, and submissions while a turn is run.
Clients bind to other loopback addresses (127.0.0.2 and up) to stand for other machines.
Run by ctest as `python3 web_attacks.py HYPERLANE SOURCE_DIR WORK_DIR`; every wait is bounded."""
import fcntl
import http.client
import os
import re
import socket
import sys
import threading
import time
import urllib.parse
import zlib

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


def raw(server, data, source="127.0.0.1", timeout=10, read=True):
    """Sends bytes on a new connection and returns what comes back until the server closes
    (or the timeout)."""
    host, port = urllib.parse.urlsplit(server.url).netloc.split(":")
    s = socket.create_connection((host, int(port)), timeout=timeout, source_address=(source, 0))
    try:
        s.sendall(data)
        if not read:
            return s
        out = b""
        while True:
            try:
                got = s.recv(65536)
            except (socket.timeout, ConnectionResetError):
                break
            if not got:
                break
            out += got
        return out.decode(errors="replace")
    finally:
        if read:
            s.close()


def status_of(answer):
    m = re.match(r"HTTP/1\.1 (\d{3})", answer)
    return int(m.group(1)) if m else 0


def peak_memory_kb(proc):
    for line in open(f"/proc/{proc.pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


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

# 3. What a request may be: no compressed bodies, bounded chunked bodies and headers.
server = webtest.Server(HL, ["g"])
before = peak_memory_kb(server.proc)
z = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip framing, 256 MB of zeros made as it goes
bomb = b"".join(z.compress(b"\0" * (1 << 20)) for _ in range(256)) + z.flush()
head = (f"POST /g/g/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
        f"\r\nContent-Encoding: gzip\r\nContent-Length: {len(bomb)}\r\n\r\n").encode()
answer = raw(server, head)  # the headers alone: the answer must not wait for the body
check(status_of(answer) == 415, f"a gzip body was not refused before it was read: {answer[:80]!r}")
s = raw(server, head, read=False)
try:
    s.sendall(bomb)
    answer = s.recv(4096).decode(errors="replace")
except OSError as e:
    answer = str(e)
finally:
    s.close()
check(status_of(answer) == 415, f"a gzip bomb was answered {answer[:80]!r}")
time.sleep(0.5)
grown = peak_memory_kb(server.proc) - before
check(grown < 100 * 1024, f"a 256 MB gzip bomb grew the server by {grown} kB")

chunk = b"%x\r\n%s\r\n" % (16384, b"x" * 16384)
s = raw(server, b"POST /g/g/signin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        read=False)
try:
    for _ in range(20):  # 320 kB, over the 256 kB limit
        s.sendall(chunk)
    answer = s.recv(4096).decode(errors="replace")
except OSError as e:
    answer = str(e)
finally:
    s.close()
check(status_of(answer) == 413, f"an endless chunked body was answered {answer[:80]!r}")
answer = raw(server, b"POST /g/g/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 300000\r\n\r\n")
check(status_of(answer) == 413, f"a 300 kB body was not refused at once: {answer[:80]!r}")
many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n"
check(status_of(raw(server, many)) == 431, "200 header lines were taken")
big = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: %s\r\n" % (i, b"y" * 1000)
                                                    for i in range(40)) + b"\r\n"
check(status_of(raw(server, big)) == 431, "40 kB of headers were taken")
s = raw(server, b"GET / HTTP/1.1\r\nX: " + b"y" * (1 << 20), read=False)
try:
    answer = s.recv(4096).decode(errors="replace")
except OSError as e:
    answer = str(e)
finally:
    s.close()
check(status_of(answer) == 431, f"a 1 MB header line was read on: {answer[:80]!r}")
check(status_of(raw(server, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) == 200,
      "a plain request after the attacks")

# 4. Slow and idle connections from one address never stall the others.
closed_with = []


def drain(s, got):
    """What is still to be read on a socket the server closed (or reset)."""
    s.settimeout(0.5)
    while True:
        try:
            data = s.recv(4096)
        except OSError:
            return got
        if not data:
            return got
        got += data


def slow_client(k):
    """Sends a request's first line, then one byte a second, until the server closes."""
    try:
        s = raw(server, b"GET / HTTP/1.1\r\nHost: x\r\n", source="127.0.0.2", timeout=60,
                read=False)
    except OSError:
        return
    got = b""
    s.settimeout(1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            data = s.recv(4096)
        except socket.timeout:
            data = None
        except OSError:
            break
        if data == b"":
            break
        if data:
            got += data
            continue
        try:
            s.sendall(b"X")
        except OSError:
            break
    got = drain(s, got)
    s.close()
    closed_with.append(got.decode(errors="replace"))


idle = []
for _ in range(20):  # idle: connect, send nothing
    try:
        idle.append(raw(server, b"", source="127.0.0.2", read=False))
    except OSError:
        pass
threads = [threading.Thread(target=slow_client, args=(k,)) for k in range(60)]
for t in threads:
    t.start()
time.sleep(2)
t0 = time.monotonic()
try:
    code, _, _ = Browser(server).request("/", timeout=15)
except OSError as e:
    code = str(e)
check(code == 200, f"another player's page while one address holds 80 connections: {code}")
print(f"page answered in {time.monotonic() - t0:.2f} s during the attack", flush=True)
for t in threads:
    t.join(timeout=90)
check(not any(t.is_alive() for t in threads), "the server never closed slow connections")
refused = sum(1 for a in closed_with if status_of(a) == 503)
timed_out = sum(1 for a in closed_with if status_of(a) == 408)
check(refused >= 1, f"no connection over the per-address limit was refused: {closed_with[:3]}")
check(refused + timed_out == len(closed_with),
      f"slow connections ended otherwise: {[a[:40] for a in closed_with]}")
for s in idle:
    s.close()
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
