# `cmake --install` into a temporary prefix: the three programs in bin/, the packs and scenarios
# in share/hyperlane/, and the installed program makes and plays games from them alone, with the
# source tree out of reach (hidden under an empty folder where the machine allows a private
# mount namespace), also when the whole prefix is moved elsewhere.
source "$(dirname "$0")/lib.bash"
BUILD=$(cd "$(dirname "$HL")/.." && pwd)
# The prefix and the games lie outside the source tree (the build folder is often inside it),
# so hiding the tree leaves them in view.
OUTSIDE=$(mktemp -d "${TMPDIR:-/tmp}/hyperlane-install.XXXXXX") || exit 1
trap 'rm -rf "$OUTSIDE"' EXIT
P="$OUTSIDE/prefix"
unset HYPERLANE_RULES
mkdir "$OUTSIDE/games" && cd "$OUTSIDE/games" || exit 1

run cmake --install "$BUILD" --prefix "$P"; expect_rc 0 "cmake --install"
for f in bin/hyperlane bin/hyperlane-serve bin/hyperlane-mail share/hyperlane/rules/starchase/pack.toml \
  share/hyperlane/rules/cosmos/pack.toml share/hyperlane/scenarios/standard.toml \
  share/hyperlane/scenarios/cosmos_small.toml share/doc/hyperlane/README.md \
  share/doc/hyperlane/hosting.md; do
  [ -e "$P/$f" ] || fail "not installed: $f"
done

# in_prefix BIN ARGS...: runs the installed BIN with the source tree hidden when possible.
hidden=0
if unshare -m true 2>/dev/null; then hidden=1; fi
in_prefix() {
  if [ "$hidden" = 1 ]; then
    run unshare -m sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$SRC" "$@"
  else
    run "$@"
  fi
}
[ "$hidden" = 1 ] || echo "note: no private mount namespace here; the source tree stays visible"

in_prefix "$P/bin/hyperlane" new std --scenario standard --seed 7 -q; expect_rc 0 "new standard"
in_prefix "$P/bin/hyperlane" run std --line; expect_rc 0 "run standard"
[ -f std/turns/0001/state.toml ] || fail "the standard game's turn 1 was not written"
in_prefix "$P/bin/hyperlane" new cos --scenario cosmos_small --seed 3 -q; expect_rc 0 "new cosmos"
in_prefix "$P/bin/hyperlane" rules check cosmos; expect_rc 0 "rules check cosmos by id"
expect_out "rules pack OK: cosmos" "rules check cosmos by id"
# hyperlane runs hyperlane-serve beside it.
in_prefix "$P/bin/hyperlane" serve --help; expect_rc 0 "serve --help"

# The installed program takes its scenarios from the prefix, never from the source tree: one
# removed from the prefix is not found, and the message names the prefix's folder.
rm "$P/share/hyperlane/scenarios/small.toml"
run "$P/bin/hyperlane" new sm --scenario small -q; expect_rc 1 "a scenario missing from the prefix"
expect_err "$P/share/hyperlane/scenarios/small.toml" "a scenario missing from the prefix"
grep -qF "$SRC/scenarios" <<<"$err" && fail "the installed program looked in the source tree"

# A moved prefix still works (it finds share/ beside its bin/).
mv "$P" "$OUTSIDE/moved"
in_prefix "$OUTSIDE/moved/bin/hyperlane" new again --scenario standard --seed 7 -q
expect_rc 0 "new from a moved prefix"
cmp -s std/turns/0000/state.toml again/turns/0000/state.toml ||
  fail "the moved prefix made a different turn 0"

finish
