#!/usr/bin/env bash
# Meson's custom target for the natter binary: a SwiftPM release build in its own scratch
# directory, copied to Meson's output path.
# Usage: build-release.sh PACKAGE_ROOT SCRATCH_PATH OUTPUT STATIC_STDLIB(yes|no)
set -euo pipefail
root=$1 scratch=$2 output=$3 static=$4
flags=(-c release --product natter --package-path "$root" --scratch-path "$scratch")
[ "$static" = yes ] && flags+=(--static-swift-stdlib)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# SwiftPM's "prohibited flag" lines about pkg-config's -pthread are harmless (see notes).
if ! swift build "${flags[@]}" >"$log" 2>&1; then
  grep -v "prohibited flag" "$log" >&2
  exit 1
fi
grep -v "prohibited flag" "$log" | tail -n 1
bin=$(swift build "${flags[@]}" --show-bin-path)
# Copied only when it changed, so an unchanged build does not look newer to `meson install`.
cmp -s "$bin/natter" "$output" || cp "$bin/natter" "$output"
