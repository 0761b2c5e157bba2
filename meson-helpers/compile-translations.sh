#!/usr/bin/env bash
# Compiles po/<lang>.po into DIR/<lang>/LC_MESSAGES/natter.mo for every language in po/LINGUAS.
# run.sh and test.sh compile into .build/locale, where natter looks when run from the checkout;
# `meson install` runs this with DIR=share/locale, relative to its (destdir and) prefix.
# Usage: compile-translations.sh DIR [PO_DIR]
set -euo pipefail
out=$1
if [ -n "${MESON_INSTALL_DESTDIR_PREFIX:-}" ]; then
  out="$MESON_INSTALL_DESTDIR_PREFIX/$out"
fi
po=${2:-"$(dirname "$0")/../po"}
for language in $(cat "$po/LINGUAS"); do
  mkdir -p "$out/$language/LC_MESSAGES"
  target="$out/$language/LC_MESSAGES/natter.mo"
  # Only when the catalogue changed: a warm run costs a few file tests.
  [ "$target" -nt "$po/$language.po" ] && continue
  msgfmt --check -o "$target" "$po/$language.po"
done
