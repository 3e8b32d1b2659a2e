"""What `hyperlane serve` writes to stderr (the journal under systemd), and reloading its games
(docs/web.md): one access log line per request, with the path but not its query, and never a
secret, session id, CSRF token or cookie; a line per failed sign-in naming the game, the empire
(only a code of the game) and the address; the connection front's own refusals; a game added to --games-dir is served after SIGHUP,
and a session signed in before it still works. `python3 web_logs.py HYPERLANE SOURCE_DIR
WORK_DIR`."""
import os
import re
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webtest  # noqa: E402
from webtest import check  # noqa: E402

hyperlane, source, work = sys.argv[1:4]
webtest.fresh_dir(work)
os.makedirs("games")
webtest.hl(hyperlane, "new", "games/g", "--scenario", "small", "--seed", "5", "-q")
sec = webtest.secrets("games/g")


def wait_for(cond, what, seconds=20):
    """Polls cond() for a bounded time; records a failure if it never holds."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if cond():
            return True
        time.sleep(0.05)
    check(False, what)
    return False


server = webtest.Server(hyperlane, [], "--games-dir", "games")
try:
    # A player signs in and looks at their page; the GM signs in.
    player = webtest.Client(server.url)
    code, _, _ = player.sign_in("g", "ARC", sec["ARC"])
    check(code == 303, f"ARC's sign-in answered {code}")
    code, _, page = player.request("/g/g/e/ARC/?secret=" + sec["BEL"] + "&x=1")
    check(code == 200, f"ARC's page answered {code}")
    token = player.csrf(page)
    gm = webtest.Client(server.url)
    code, _, _ = gm.sign_in("g", "GM", sec["GM"])
    check(code == 303, f"the GM's sign-in answered {code}")
    # Failed sign-ins: a wrong secret for a real empire, and a secret typed as the empire code.
    stranger = webtest.Client(server.url)
    code, _, _ = stranger.sign_in("g", "BEL", "not-" + sec["BEL"])
    check(code == 401, f"a wrong secret answered {code}")
    code, _, _ = stranger.sign_in("g", sec["CAS"], sec["DEN"])
    check(code == 401, f"a secret as the empire code answered {code}")
    # A path with a line break and a quote in it cannot forge a log line.
    code, _, _ = stranger.request("/g/g/%0Aaccess:%20forged%22")
    check(code == 404, f"a forged path answered {code}")

    # A request the connection front refuses itself (a compressed body) is logged too.
    host, port = server.url.rsplit("/", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=20) as s:
        s.sendall(b"POST /g/g/signin HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\n"
                  b"Content-Length: 4\r\n\r\nabcd")
        answer = s.recv(65536).decode(errors="replace")
    check(answer.startswith("HTTP/1.1 415"), f"a compressed body answered {answer[:40]!r}")

    wait_for(lambda: server.log().count("signin failed:") >= 2, "the failed sign-ins were not logged")
    log = server.log()
    check("signin failed: game g, empire BEL, from 127.0.0.1 (wrong secret)" in log,
          f"the wrong secret's line: {log}")
    check("signin failed: game g, empire ?, from 127.0.0.1 (no such empire)" in log,
          f"the unknown empire's line: {log}")
    check('access: 127.0.0.1 "POST /g/g/signin" 401 ' in log, f"no access line for a 401: {log}")
    check('access: 127.0.0.1 "POST /g/g/signin" 303 ' in log, f"no access line for a sign-in: {log}")
    check(re.search(r'access: 127\.0\.0\.1 "GET /g/g/e/ARC/" 200 \d+\n', log) is not None,
          f"the query string was logged, or no line for ARC's page: {log}")
    check('"GET /g/g/\\x0aaccess: forged\\x22" 404' in log, f"the forged path was not escaped: {log}")
    check(re.search(r'access: 127\.0\.0\.1 "-" 415 \d+ \(refused: Send the request body without '
                    r'a Content-Encoding', log) is not None, f"the front's refusal was not logged: {log}")
    check(not any(line.startswith("access: forged") for line in log.splitlines()),
          "a client forged a log line")
    # No secret, session id, CSRF token or cookie value anywhere in the log.
    cookies = [c.value for k in (player, gm, stranger) for c in k.jar]
    check(len(cookies) >= 3, f"the clients hold {len(cookies)} cookies")
    for name, value in [*sec.items(), *(("cookie", v) for v in cookies), ("csrf", token),
                        ("wrong secret", "not-" + sec["BEL"])]:
        check(value not in log, f"the {name} value is in the server's log")

    # A game added to the games folder is served after SIGHUP; the sessions stay signed in.
    code, _, _ = player.request("/g/h/")
    check(code == 404, f"game h answered {code} before it was made")
    webtest.hl(hyperlane, "new", "games/h", "--scenario", "small", "--seed", "6", "-q")
    os.makedirs("games/.hidden")
    server.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reload: serving 2 game(s): g, h" in server.log(), "the reload was not logged")
    code, _, _ = player.request("/g/h/")
    check(code == 200, f"the new game h answered {code} after SIGHUP")
    code, _, page = player.request("/g/g/e/ARC/")
    check(code == 200, f"ARC's session did not survive the reload: {code}")
    code, _, _ = gm.request("/g/g/gm/")
    check(code == 200, f"the GM's session did not survive the reload: {code}")
    check(player.csrf(page) == token, "the reload gave ARC's session a new CSRF token")
    sec_h = webtest.secrets("games/h")
    other = webtest.Client(server.url)
    code, _, _ = other.sign_in("h", "BEL", sec_h["BEL"])
    check(code == 303, f"signing in to the new game answered {code}")
    check(server.proc.poll() is None, "serve stopped on SIGHUP")
finally:
    server.stop()
webtest.finish()
