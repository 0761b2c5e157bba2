#!/usr/bin/env bash
# Runs every test: format check, unit and GTK tests under Xvfb and a session bus, then the
# end-to-end tests that drive the real binary with the keyboard and read it through AT-SPI.
set -euo pipefail
cd "$(dirname "$0")/.."
source meson-helpers/deps.sh
natter_install_packages "${NATTER_TEST_PACKAGES[@]}"
natter_install_packages --no-install-recommends "${NATTER_TEST_IME_PACKAGES[@]}"
natter_install_irc_parser_tests
natter_generate_locales

step() { printf '\n== %s\n' "$*"; }

step "format"
meson-helpers/lint.sh

step "translations"
meson-helpers/check-translations.py
meson-helpers/compile-translations.sh .build/locale

step "build"
# SwiftPM warns about pkg-config's -pthread and -msse2 flags; they are harmless (see notes).
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! swift build --build-tests >"$build_log" 2>&1; then
  cat "$build_log"
  exit 1
fi
if grep -E "^/.*(Sources|Tests)/.*warning:" "$build_log"; then
  echo "The build has warnings in our own code (above); fix them." >&2
  exit 1
fi
bin=$(swift build --show-bin-path)

step "fuzzing, a short pass"
meson-helpers/fuzz.sh --runs 20000

step "unit, GTK and end-to-end tests"
export NATTER_BIN="$bin/natter"
export GSK_RENDERER="${GSK_RENDERER:-cairo}"
# A private runtime dir gives this run its own accessibility-bus socket, so two runs (or a
# desktop session) never share one.
XDG_RUNTIME_DIR=$(mktemp -d)
export XDG_RUNTIME_DIR
trap 'rm -f "$build_log"; rm -rf "$XDG_RUNTIME_DIR"' EXIT
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  set -e
  swift test --skip-build --parallel 2>&1 | grep -v "prohibited flag"; test ${PIPESTATUS[0]} -eq 0
  # The composer keeps whole lines at 2x too (SPEC §1); GDK_SCALE is read once per process.
  GDK_SCALE=2 swift test --skip-build --filter ComposerLinesTests 2>&1 | grep -v "prohibited flag"
  test ${PIPESTATUS[0]} -eq 0
  /usr/bin/python3 -m unittest discover -s Tests/EndToEnd -p "test_*.py" -v
'

step "desktop files and install"
desktop-file-validate Resources/org.natter.Natter.desktop
appstreamcli validate --no-net --no-color Resources/org.natter.Natter.metainfo.xml
meson-helpers/install-check.sh

step "all tests passed"
