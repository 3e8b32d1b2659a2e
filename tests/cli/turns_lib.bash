# Helpers for the CLI tests that run turns (run_*.sh), sourced after lib.bash.

SCEN="$SRC/tests/data/scenarios"

# sheet GAME EMP TURN [LINES...]: submits a turnsheet with the given action lines; fails the
# test if submit refuses it.
sheet() {
  local game=$1 emp=$2 turn=$3; shift 3
  { printf 'EMPIRE %s\nSECRET %sKEY\nTURN %s\n' "$emp" "$emp" "$turn"; printf '%s\n' "$@"; } \
    > "$WORK/.sheet.txt"
  run "$HL" submit "$game" "$WORK/.sheet.txt"
  expect_rc 0 "submit $emp for turn $turn"
}

# field GAME TURN EMP KEY: the value of KEY in empire EMP's table of turns/TURN/state.toml.
field() {
  awk -v code="code = \"$3\"" -v key="$4" '
    $0 == code { inside = 1; next }
    /^\[\[/ { inside = 0 }
    inside && $1 == key { print $3; exit }' "$1/turns/$(printf %04d "$2")/state.toml"
}

# expect_field GAME TURN EMP KEY VALUE WHAT
expect_field() {
  local got; got=$(field "$1" "$2" "$3" "$4")
  [ "$got" = "$5" ] || fail "$6: turn $2 $3 $4 = '$got', expected '$5'"
}

# snapshot GAME: every file of the game folder with its checksum (the lock file excluded), to
# prove that a refused command wrote nothing.
snapshot() { (cd "$1" && find . -path ./.lock -prune -o -print | LC_ALL=C sort | while read -r f; do
  if [ -f "$f" ]; then echo "$f $(cksum < "$f")"; else echo "$f/"; fi; done); }

# latest GAME: the number of the latest complete turn (as `hyperlane show` reads it).
latest() { "$HL" show "$1" | sed -n 's/^Turn \([0-9]*\) of .*/\1/p'; }
