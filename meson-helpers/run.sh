#!/usr/bin/env bash
# Builds Natter and opens its window. Arguments are passed to natter (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
source meson-helpers/deps.sh
natter_install_packages "${NATTER_APP_PACKAGES[@]}"
# A failed build stops here with the compiler's errors; an old binary is never started.
echo "Building natter..." >&2
build_log=$(mktemp)
if ! swift build --product natter >"$build_log" 2>&1; then
  grep -v "prohibited flag" "$build_log" >&2
  rm -f "$build_log"
  exit 1
fi
rm -f "$build_log"
meson-helpers/compile-translations.sh .build/locale
exec "$(swift build --show-bin-path)/natter" "$@"
