# `hyperlane serve`, `mail-in`, `mail-out` and `host` run the programs hyperlane-serve and hyperlane-mail
# found beside hyperlane, with the arguments as given: the same help, messages and exit codes as
# the other commands; a missing program is named (exit 2).
source "$(dirname "$0")/lib.bash"

run "$HL" --help
expect_rc 0 "hyperlane --help"
for cmd in "serve  *Serve web pages" "mail-in  *Read turnsheets" "mail-out  *Mail each player" \
    "host  *For cron or a systemd timer"; do
  grep -q -- "^  $cmd" <<<"$out" || fail "hyperlane --help does not list '$cmd'"
done

run "$HL" serve --help
expect_rc 0 "serve --help"
expect_out "Usage: hyperlane serve [OPTIONS] [GAMES...]" "serve --help is the web program's help"
expect_out "--signin-window" "serve --help lists serve's options"
run "$HL" mail-out -h
expect_rc 0 "mail-out -h"
expect_out "Usage: hyperlane mail-out [OPTIONS] GAME" "mail-out -h is the mail program's help"
run "$HL" host -h
expect_rc 0 "host -h"
expect_out "Usage: hyperlane host [OPTIONS] [GAMES...]" "host -h is the mail program's help"

# Usage errors and bad input: exit 1, the messages every command prints.
run "$HL" serve
expect_rc 1 "serve without a game"
expect_err "hyperlane: error: GAMES is required" "serve without a game"
expect_err "Run 'hyperlane --help' for usage." "serve without a game"
run "$HL" serve x --listen nonsense
expect_rc 1 "serve --listen nonsense"
expect_err "--listen: error: write HOST:PORT" "serve --listen nonsense"
run "$HL" mail-in --wait 99999 g box
expect_rc 1 "mail-in --wait out of range"
expect_err "hyperlane: error: --wait" "mail-in --wait out of range"
run "$HL" new g --scenario small --seed 5 -q
expect_rc 0 "new"
run "$HL" mail-out g --dry-run
expect_rc 1 "mail-out without the GM's address"
expect_err "the GM has no mail address to answer from" "mail-out without the GM's address"
# Arguments pass through unchanged: a space inside one, and -- before a game folder.
mkdir "a game" && run "$HL" mail-out "a game"
expect_rc 1 "mail-out of a folder with a space"
expect_err "a game/game.toml" "the folder's name reaches mail-out whole"
run "$HL" serve -- --listen
expect_rc 1 "serve -- --listen"
expect_err "--listen: error: not a game folder" "-- reaches serve, which takes --listen as a game"

# Found beside the program itself, also through a symbolic link to it.
mkdir link && ln -s "$HL" link/hyperlane
run link/hyperlane serve --help
expect_rc 0 "serve --help through a symbolic link"

# A copy of hyperlane alone: the other commands work, these name the program they lack.
mkdir alone && cp "$HL" alone/hyperlane
run alone/hyperlane --version
expect_rc 0 "--version without the helper programs"
run alone/hyperlane serve --help
expect_rc 2 "serve without hyperlane-serve"
expect_err "$(realpath "$WORK")/alone/hyperlane-serve is missing" "serve names the missing program"
run alone/hyperlane mail-in g box
expect_rc 2 "mail-in without hyperlane-mail"
expect_err "$(realpath "$WORK")/alone/hyperlane-mail is missing" "mail-in names the missing program"
finish
