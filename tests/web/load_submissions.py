"""A bounded load test on loopback: 50 players submit their sheets at the same moment to one
`hyperlane serve` (5 games of 10 player empires), then 10 more submissions race for one
empire. Every submission must be answered "stored", every stored sheet must be exactly one
of the sheets sent (none lost, none doubled or mixed), and no temporary file may be left.
Run by ctest as `python3 load_submissions.py HYPERLANE SOURCE_DIR WORK_DIR`."""
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
import webtest  # noqa: E402
from webtest import check

HL, SRC, WORK = sys.argv[1:4]
webtest.fresh_dir(WORK)
GAMES = [f"load{i}" for i in range(5)]
for i, g in enumerate(GAMES):
    webtest.hl(HL, "new", g, "--scenario", "standard", "--seed", str(100 + i), "-q")

players = []  # (game, empire, secret)
for g in GAMES:
    s = webtest.secrets(g)
    state = open(os.path.join(g, "turns", "0000", "state.toml"), encoding="utf-8").read()
    for code in sorted(k for k in s if k != "GM"):
        block = state.split(f'code = "{code}"', 1)[1].split("[[empire]]", 1)[0]
        if "computer = true" not in block:
            players.append((g, code, s[code]))
players = players[:50]
check(len(players) == 50, f"only {len(players)} player empires in the games")

server = webtest.Server(HL, GAMES)
clients = []
for g, code, secret in players:
    c = webtest.Client(server.url)
    status, _, _ = c.sign_in(g, code, secret)
    check(status == 303, f"{g}/{code}: sign-in answered {status}")
    _, _, home = c.request(f"/g/{g}/e/{code}/")
    clients.append((c, c.csrf(home)))
    # The editor starts with the standard game's blank sheet (its turnsheet.blank): the header,
    # the SECRET line without the secret (no page shows it).
    check(f'spellcheck="false">EMPIRE {code}\nSECRET' in home and secret not in home,
          f"{g}/{code}: the editor does not start with the sheet's header")


def sheet(code, secret, n):
    return f"EMPIRE {code}\nSECRET {secret}\nTURN 1\nTAX\n# load test submission {n}\n"


def submit(k, n, results, barrier):
    g, code, secret = players[k]
    c, token = clients[k]
    barrier.wait(timeout=60)
    t = time.monotonic()
    status, _, body = c.request(f"/g/{g}/e/{code}/check",
                                multipart={"csrf": token, "sheet": sheet(code, secret, n), "do": "submit"})
    results[n] = (status, 'id="stored"' in body, time.monotonic() - t)


def wave(jobs):
    """Runs (player index, submission number) jobs all at once; returns {n: (status, stored, s)}."""
    results, barrier = {}, threading.Barrier(len(jobs))
    threads = [threading.Thread(target=submit, args=(k, n, results, barrier)) for k, n in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=240)
    check(not any(t.is_alive() for t in threads), "a submission did not finish within 240 s")
    return results


start = time.monotonic()
res = wave([(k, k) for k in range(len(players))])
took = time.monotonic() - start
bad = {n: r for n, r in res.items() if r[0] != 200 or not r[1]}
check(len(res) == len(players) and not bad, f"not stored: {bad}")
for k, (g, code, secret) in enumerate(players):
    path = os.path.join(g, "orders", "0001", f"{code}.txt")
    got = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    check(got == sheet(code, secret, k), f"{path}: {got!r}")
print(f"{len(res)} concurrent submissions stored in {took:.1f} s "
      f"(slowest answer {max((r[2] for r in res.values()), default=0):.1f} s)")

# Ten submissions race for one empire: exactly one of them stands, whole.
res = wave([(0, 1000 + i) for i in range(10)])
check(all(r[0] == 200 and r[1] for r in res.values()) and len(res) == 10, f"race: {res}")
g, code, secret = players[0]
got = open(os.path.join(g, "orders", "0001", f"{code}.txt"), encoding="utf-8").read()
check(got in [sheet(code, secret, 1000 + i) for i in range(10)], f"race left {got!r}")

for g in GAMES:
    names = os.listdir(os.path.join(g, "orders", "0001"))
    check(all(n.endswith(".txt") and n.count(".") == 1 for n in names), f"{g}: stray files {names}")
server.stop()
webtest.finish()
