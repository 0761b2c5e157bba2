#!/usr/bin/env bash
# Builds Natter and opens its window. Arguments are passed to natter (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
source meson-helpers/deps.sh
natter_install_packages "${NATTER_APP_PACKAGES[@]}"
swift build --product natter 2>&1 | grep -v "prohibited flag" >&2 || true
exec "$(swift build --show-bin-path)/natter" "$@"
