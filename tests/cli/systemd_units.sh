# The systemd units `cmake --install` writes (tools/systemd): in PREFIX/lib/systemd/system, naming
# the installed program; `systemd-analyze verify` accepts them without a warning; they run as the
# hyperlane user with umask 077 and the hardening docs/hosting.md promises; and the command lines
# they start are ones the installed program takes.
source "$(dirname "$0")/lib.bash"
command -v systemd-analyze >/dev/null ||
  { echo "SKIP: systemd-analyze is not installed (Debian package systemd); the units are unchecked"; exit 77; }
BUILD=$(cd "$(dirname "$HL")/.." && pwd)
OUTSIDE=$(mktemp -d "${TMPDIR:-/tmp}/hyperlane-units.XXXXXX") || exit 1
trap 'rm -rf "$OUTSIDE"' EXIT
P="$OUTSIDE/prefix"
U="$P/lib/systemd/system"

run cmake --install "$BUILD" --prefix "$P"; expect_rc 0 "cmake --install"
units=(hyperlane-serve.service hyperlane-host.service hyperlane-host.timer)
for u in "${units[@]}"; do [ -f "$U/$u" ] || fail "not installed: lib/systemd/system/$u"; done

run systemd-analyze verify "${units[@]/#/$U/}"
expect_rc 0 "systemd-analyze verify"
[ -z "$out$err" ] || fail "systemd-analyze verify warned"
# The check can fail: an unknown setting, or a program that is not there, is reported.
sed 's/^UMask=0077$/UMask=0077\nFrobnicate=yes/' "$U/hyperlane-host.service" > "$OUTSIDE/hyperlane-host.service"
run systemd-analyze verify "$OUTSIDE/hyperlane-host.service"
grep -q "Unknown key 'Frobnicate'" <<<"$out$err" || fail "verify missed an unknown key: $out$err"
sed "s|^ExecStart=$P/bin/|ExecStart=$OUTSIDE/nowhere/|" "$U/hyperlane-serve.service" > "$OUTSIDE/hyperlane-serve.service"
run systemd-analyze verify "$OUTSIDE/hyperlane-serve.service"
expect_rc 1 "verify of a unit whose program is missing"

for u in hyperlane-serve.service hyperlane-host.service; do
  for line in "User=hyperlane" "Group=hyperlane" "UMask=0077" "NoNewPrivileges=yes" \
      "ProtectSystem=strict" "ReadWritePaths=/var/lib/hyperlane" "PrivateTmp=yes" \
      "ProtectHome=yes" "StateDirectoryMode=0700" "CapabilityBoundingSet="; do
    grep -qxF "$line" "$U/$u" || fail "$u lacks $line"
  done
done
grep -qxF "ExecStart=$P/bin/hyperlane host --games-dir /var/lib/hyperlane/games --wait 300" \
  "$U/hyperlane-host.service" || fail "the host unit's command: $(grep ExecStart "$U/hyperlane-host.service")"
grep -qxF 'ExecReload=/bin/kill -HUP $MAINPID' "$U/hyperlane-serve.service" || fail "serve has no reload"
grep -qxF "Documentation=file:$P/share/doc/hyperlane/hosting.md" "$U/hyperlane-host.timer" ||
  fail "the timer's documentation link"
[ -f "$P/share/doc/hyperlane/hosting.md" ] || fail "the units' documentation is not installed"
grep -qxF "OnCalendar=*:0/5" "$U/hyperlane-host.timer" || fail "the timer's schedule"

# The units' command lines are ones the installed program takes: each is run with the games
# folder moved to a temporary one (host: an empty folder of games is nothing to do; serve: a
# missing folder is refused after its options were read).
args() { sed -n 's|^ExecStart=\([^ ]*\) ||p' "$U/$1" | sed "s|/var/lib/hyperlane/games|$2|"; }
mkdir "$OUTSIDE/games"
run "$P/bin/hyperlane" $(args hyperlane-host.service "$OUTSIDE/games")
expect_rc 0 "the host unit's command on an empty folder of games"
[ -z "$out$err" ] || fail "the host unit's command printed something for no games"
run "$P/bin/hyperlane" $(args hyperlane-serve.service "$OUTSIDE/missing")
expect_rc 1 "the serve unit's command with a missing folder of games"
grep -q "hyperlane: error:" <<<"$err" && fail "the serve unit's options are not serve's: $err"
expect_err "cannot read the folder of games" "the serve unit's command"

finish
