#!/usr/bin/env bash
# Extracts every marked string into po/natter.pot and merges it into each po/<lang>.po.
#   meson-helpers/update-po.sh                  refresh the template and the catalogues
#   meson-helpers/update-po.sh --template-only  print the template, change nothing
# xgettext has no Swift parser. Its JavaScript one reads Swift's string literals and joins
# those concatenated with `+`, as Natter's long sentences are written; multi-line literals
# ("""), which are never translated, are blanked first so they do not confuse it.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "${1:-}" != "--template-only" ]; then
  # POTFILES: its comments, every Swift file that marks text, then the data files.
  {
    grep '^#' po/POTFILES
    grep -rlE 'localized(Plural)?\(' Sources --include='*.swift' \
      | grep -vxE 'Sources/NatterCore/Localization.swift|Sources/GtkKit/Gettext.swift' | LC_ALL=C sort
    grep -v '^#' po/POTFILES | grep -v '^Sources/' | grep -v '^$'
  } >"$work/POTFILES"
  cp "$work/POTFILES" po/POTFILES
fi
sources=()
while read -r file; do
  case "$file" in
    '' | '#'*) continue ;;
    *.swift)
      mkdir -p "$work/$(dirname "$file")"
      python3 -c '
import re, sys
text = open(sys.argv[1]).read()
blank = lambda m: "\n" * m.group(0).count("\n")
open(sys.argv[2], "w").write(re.sub(r"\"\"\"[\s\S]*?\"\"\"", blank, text))
' "$file" "$work/$file.js"
      sources+=("$file.js") ;;
    *)
      mkdir -p "$work/$(dirname "$file")"
      cp "$file" "$work/$file"
      sources+=("$file") ;;
  esac
done <po/POTFILES
(cd "$work" && xgettext --from-code=UTF-8 --keyword=localized:1 --keyword=localizedPlural:1,2 \
  --add-comments=Translators: --package-name=natter --msgid-bugs-address=https://natter.org \
  --no-wrap --sort-by-file -o natter.pot "${sources[@]}")
sed -i -e 's/\.swift\.js:/.swift:/g' -e 's/charset=CHARSET/charset=UTF-8/' "$work/natter.pot"
if [ "${1:-}" = "--template-only" ]; then
  cat "$work/natter.pot"
  exit 0
fi
cp "$work/natter.pot" po/natter.pot
for language in $(cat po/LINGUAS); do
  if [ -f "po/$language.po" ]; then
    msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching "po/$language.po" po/natter.pot
    msgattrib --no-obsolete --no-wrap -o "po/$language.po" "po/$language.po"
  else
    msginit --no-translator --no-wrap --locale="$language" -i po/natter.pot -o "po/$language.po"
  fi
done
