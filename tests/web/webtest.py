"""Shared by the web tests: make games with the hyperlane program, start `hyperlane serve` on a
free loopback port, and talk to it over HTTP with cookies (standard library only)."""
import http.cookiejar
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

failures = []


def check(cond, what):
    """Records a failed check (the test goes on, and fails at the end)."""
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


def finish():
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all checks passed")


def hl(hyperlane, *args, env=None):
    """Runs the hyperlane program; returns its standard output, failing on a non-zero exit."""
    r = subprocess.run([hyperlane, *args], capture_output=True, text=True, timeout=120, env=env)
    if r.returncode != 0:
        raise RuntimeError(f"hyperlane {' '.join(args)}: exit {r.returncode}: {r.stderr}")
    return r.stdout


def secrets(game):
    """The [secrets] of a game's game.toml."""
    out, inside = {}, False
    for line in open(os.path.join(game, "game.toml"), encoding="utf-8"):
        line = line.strip()
        if line.startswith("["):
            inside = line == "[secrets]"
        elif inside and "=" in line:
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip().strip('"')
    return out


class Server:
    """`hyperlane serve` on a free loopback port, stopped with SIGTERM at the end. Its stderr (the
    access log) is read as it comes, so a long log never stalls the server on a full pipe."""

    def __init__(self, hyperlane, games, *extra):
        self.proc = subprocess.Popen([hyperlane, "serve", *games, "--listen", "127.0.0.1:0", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self._err = []
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()
        line = self.proc.stdout.readline()
        m = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
        if not m:
            self.proc.kill()
            self._reader.join(20)
            raise RuntimeError(f"serve did not start: {line!r} {self.log()}")
        self.url = m.group(1)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self._err.append(line)

    def log(self):
        """What the server wrote to stderr so far."""
        return "".join(self._err)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            check(False, "serve did not stop on SIGTERM within 20 s")
        self._reader.join(20)
        self.proc.stdout.close()
        err = self.log()
        check(self.proc.returncode == 0, f"serve exited {self.proc.returncode}: {err[-4000:]}")
        check("internal error" not in err, f"serve logged an internal error: {err[-4000:]}")


class Client:
    """A browser-like HTTP client with its own cookies; never follows redirects silently."""

    class _NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                  Client._NoRedirect())

    def request(self, path, data=None, headers=None, multipart=None):
        """Returns (status, headers, body text)."""
        body, hdrs = None, dict(headers or {})
        if multipart is not None:
            # A value is text (sent as UTF-8), or (file name, bytes) for a file as a browser
            # uploads it, its bytes sent as they are.
            boundary = "----hyperlane-test-boundary"
            parts = []
            for k, v in multipart.items():
                if isinstance(v, tuple):
                    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"; '
                                 f'filename="{v[0]}"\r\nContent-Type: text/plain\r\n\r\n'.encode()
                                 + v[1] + b"\r\n")
                else:
                    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"'
                                 f'\r\n\r\n{v}\r\n'.encode())
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            hdrs["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif data is not None:
            body = urllib.parse.urlencode(data).encode()
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        req = urllib.request.Request(self.base + path, data=body, headers=hdrs)
        try:
            with self.opener.open(req, timeout=120) as r:
                return r.status, r.headers, r.read().decode(errors="replace")
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode(errors="replace")

    def csrf(self, html):
        m = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
        return m.group(1) if m else ""

    def sign_in(self, game, who, secret):
        """Opens the sign-in page and posts the form; returns (status, headers, body)."""
        _, _, page = self.request(f"/g/{game}/")
        return self.request(f"/g/{game}/signin",
                            {"csrf": self.csrf(page), "empire": who, "secret": secret})


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    os.chdir(path)
