# An HTML report in a real browser (headless Chromium): no console errors, the SVG map is
# drawn with one element per place of the report's map and a legend, and the page is not blank. Run by ctest as
# `bash report_in_browser.sh HYPERLANE SOURCE_DIR WORK_DIR`; exit 77 (skipped) without Chromium.
set -uo pipefail
HL=$1
WORK=$3
command -v chromium >/dev/null 2>&1 || { echo "chromium is not installed (scripts/setup --browser)"; exit 77; }
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
browser() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --disable-background-networking --disable-component-update --disable-sync \
    --disable-quic --hide-scrollbars --user-data-dir="$WORK/profile" "$@"
}

# The console check itself must be able to fail: a page with an error is caught.
printf '<!DOCTYPE html><html><body><script>console.error("x"); noSuchFunction();</script></body></html>' > broken.html
browser --enable-logging=stderr --v=0 --dump-dom "file://$WORK/broken.html" >/dev/null 2>broken.log
grep -q ':CONSOLE' broken.log || fail "the console check does not see errors (check is broken)"

"$HL" new g --scenario small --seed 5 -q || exit 1
"$HL" run g -q && "$HL" run g -q || exit 1
for who in ARC DEN; do
  "$HL" report g --empire "$who" --format html > "$who.html" || fail "report $who"
  # Only a map's places have a "code" key in the document (docs/report.md).
  expected=$("$HL" report g --empire "$who" --format json | grep -c '"code":')
  browser --enable-logging=stderr --v=0 --dump-dom "file://$WORK/$who.html" > "$who.dom" 2> "$who.log"
  if grep ':CONSOLE' "$who.log"; then fail "$who: console messages (above)"; fi
  grep -q '<svg' "$who.dom" || fail "$who: no SVG map in the page"
  drawn=$(grep -o 'class="place[a-z ]*" data-code' "$who.dom" | wc -l)
  [ "$drawn" -eq "$expected" ] || fail "$who: map draws $drawn places, the report has $expected"
  [ "$expected" -gt 2 ] || fail "$who: suspiciously few places ($expected)"
  grep -q 'class="legend"' "$who.dom" || fail "$who: the map has no legend"
  browser --window-size=900,1400 --screenshot="$WORK/$who.png" "file://$WORK/$who.html" 2>/dev/null
  browser --window-size=900,1400 --screenshot="$WORK/blank.png" about:blank 2>/dev/null
  shot=$(stat -c %s "$WORK/$who.png" 2>/dev/null || echo 0)
  blank=$(stat -c %s "$WORK/blank.png" 2>/dev/null || echo 0)
  [ "$blank" -gt 0 ] || fail "no blank screenshot to compare with"
  [ "$shot" -gt $((blank * 4)) ] || fail "$who: the screenshot looks blank ($shot bytes vs $blank for a blank page)"
  echo "$who: $drawn places drawn, screenshot $shot bytes"
done
"$HL" report g --format html > game.html
browser --enable-logging=stderr --v=0 --dump-dom "file://$WORK/game.html" > game.dom 2> game.log
if grep ':CONSOLE' game.log; then fail "game report: console messages"; fi
grep -q 'Roundup' game.dom || fail "game report: no roundup in the page"
[ "$failures" -eq 0 ] && echo "all checks passed" || { echo "$failures check(s) failed"; exit 1; }
