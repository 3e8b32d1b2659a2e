# Secrets (issue 25): made by the kernel's random source, not the seed; never in reports, computer
# sheets or anything a script sees; `hyperlane secrets` shows and renews them.
source "$(dirname "$0")/lib.bash"

secret_of() { sed -n "s/^$2 = \"\\(.*\\)\"\$/\\1/p" "$1/game.toml"; }

run "$HL" new a --scenario small --seed 5 -q; expect_rc 0 "new a"
run "$HL" new b --scenario small --seed 5 -q; expect_rc 0 "new b"
# Two games of one seed: the same outcome, byte for byte, but secrets of their own.
diff -r --exclude=game.toml a b >/dev/null || fail "one seed gave different game folders"
for code in ARC BEL GM; do
  sa=$(secret_of a "$code"); sb=$(secret_of b "$code")
  [ ${#sa} -eq 10 ] || fail "$code's secret '$sa' is not 10 characters"
  [ "$sa" != "$sb" ] || fail "$code has the same secret in two games of one seed"
done
# Default seeds are drawn over the whole range (up to 2^63 - 1), not below 10^9: five seeds all
# below 10^12 has a chance of about 10^-35.
big=0
for i in 1 2 3 4 5; do
  run "$HL" new "d$i" --scenario small -q; expect_rc 0 "new d$i"
  seed=$(sed -n 's/^seed = //p' "d$i/game.toml")
  [ "${#seed}" -gt 12 ] && big=1
done
[ "$big" -eq 1 ] || fail "five default seeds were all below 10^12"

# No report and no computer sheet holds a secret.
run "$HL" run a; expect_rc 0 "run a"
for code in ARC BEL CAS DEN GM; do
  s=$(secret_of a "$code")
  [ -n "$s" ] || continue
  hits=$(grep -rl -- "$s" a/turns a/orders 2>/dev/null)
  [ -z "$hits" ] || fail "$code's secret is written in $hits"
done
grep -q '^SECRET$' a/turns/0001/reports/ARC.txt || fail "the blank turnsheet has no SECRET line to fill in"
grep -q '^SECRET COMPUTER$' a/orders/0001/ARC.computer.txt || fail "the computer sheet has no placeholder secret"

# The pack's scripts never see a secret: another empire's secret written on a sheet reaches the
# grammar as X's (here quoted back in the grammar's error), while the sheet's own is checked.
arc=$(secret_of a ARC); bel=$(secret_of a BEL)
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\n1 MOVE %s 102 1\n' "$arc" "$bel" > leak.txt
run "$HL" check a leak.txt
expect_rc 1 "a sheet with a bad order"
grep -q -- "$bel" <<<"$out$err" && fail "check quoted BEL's secret back: $out$err"
expect_out "XXXXXXXXXX" "the grammar saw the hidden secret"
grep -q "wrong secret" <<<"$out$err" && fail "ARC's own secret was not put back for the check"
# Written in lower case, the secret is hidden too, and still wrong (secrets are case-sensitive).
lower=$(tr 'A-Z' 'a-z' <<<"$arc")
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\n' "$lower" > lower.txt
run "$HL" check a lower.txt
expect_rc 1 "a secret in the wrong case"; expect_out "wrong secret for empire ARC" "case-sensitive"
grep -q -- "$lower" <<<"$out$err" && fail "check quoted the lower-case secret"

# `hyperlane secrets`: shows them all; --renew gives new ones to those named, and only them.
run "$HL" secrets a; expect_rc 0 "secrets"
expect_out "ARC  $arc" "secrets lists ARC"; expect_out "GM   $(secret_of a GM)" "secrets lists GM"
gm_before=$(secret_of a GM); cas_before=$(secret_of a CAS)
run "$HL" secrets a --renew arc,bel; expect_rc 0 "renew ARC and BEL"
expect_out "(new)" "renew prints the new secrets"; expect_out "Send each player" "renew says what next"
[ "$(secret_of a ARC)" != "$arc" ] || fail "ARC's secret was not renewed"
[ "$(secret_of a BEL)" != "$bel" ] || fail "BEL's secret was not renewed"
[ "$(secret_of a CAS)" = "$cas_before" ] || fail "CAS's secret changed without being named"
[ "$(secret_of a GM)" = "$gm_before" ] || fail "the GM's secret changed without being named"
grep -q "ARC  $(secret_of a ARC)  (new)" <<<"$out" || fail "renew did not print ARC's new secret"
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\n' "$arc" > old.txt
run "$HL" check a old.txt; expect_rc 1 "the old secret"; expect_out "wrong secret for empire ARC" "old secret refused"
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\n' "$(secret_of a ARC)" > new.txt
run "$HL" check a new.txt; expect_rc 0 "the new secret"
run "$HL" secrets a --renew GM; expect_rc 0 "renew GM"
[ "$(secret_of a GM)" != "$gm_before" ] || fail "the GM's secret was not renewed"
before=$(cat a/game.toml)
run "$HL" secrets a --renew all; expect_rc 0 "renew all"
for code in ARC BEL CAS DEN GM; do
  grep -q "^$code = " <<<"$before" || continue
  [ "$(sed -n "s/^$code = //p" <<<"$before")" != "$(sed -n "s/^$code = //p" a/game.toml)" ] ||
    fail "renew all left $code's secret"
done
# A name not in the game changes nothing and says which.
before=$(cat a/game.toml)
run "$HL" secrets a --renew ARC,ZZZ; expect_rc 1 "renew an unknown empire"
expect_err "'ZZZ' is not an empire of this game" "unknown empire named"
[ "$before" = "$(cat a/game.toml)" ] || fail "a refused renew changed game.toml"
run "$HL" secrets nosuch; expect_rc 1 "secrets of no game"
finish
