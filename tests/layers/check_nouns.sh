#!/usr/bin/env bash
# Fails if a code line under engine/ or tools/ names a concept of the standard game (issue 14:
# they belong in rules/starchase). Comments are left out (// to the end of a line, /* ... */ on
# one line, -- in Lua), since they may name the standard game as an example; string literals
# and identifiers count. Words match case-insensitively at the start of a word, so "Probes" and
# "planetary" are hits too. Run by ctest.
#   check_nouns.sh SOURCE_DIR
set -uo pipefail
src=${1:-.}
nouns='cruiser|fighter|colony ship|probe|census|ambush|retreat|blockade|treasury|dwarf|luminosity|planet|belt'
hits=$(
  find "$src/engine" "$src/tools" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \
    -o -name '*.lua' -o -name '*.cmake' -o -name 'CMakeLists.txt' \) | sort | while read -r f; do
    case "$f" in
      *.lua) strip='s/--.*$//' ;;
      *.cmake | */CMakeLists.txt) strip='s/#.*$//' ;;
      *) strip='s://.*$::; s:/\*.*\*/::g' ;;
    esac
    sed "$strip" "$f" | grep -inE "(^|[^a-z])($nouns)" | sed "s|^|${f#"$src"/}:|"
  done
)
if [ -n "$hits" ]; then
  echo "standard-game nouns in engine/ or tools/ code (move the wording to rules/starchase):"
  echo "$hits"
  exit 1
fi
echo "nouns OK: no code line under engine/ or tools/ names $nouns"
