#!/usr/bin/env bash
# SPEC §8's benchmark in one command: builds release, compiles the bare C window, makes the
# 0 / 100,000 / 1,000,000-message histories through `natter --import` (cached in .build/bench),
# and runs natter-bench under its own Xvfb and session bus. Prints one Markdown table.
# Usage: meson-helpers/bench.sh [--runs N] [--sends N] [--no-peers] [--before NATTER-BINARY]
#        [--suites keystrokes,startup,instructions,send,paste,long-text,network,networks,scroll,members] [--long-runs N]
#        [--hang-limit S]
# The long-text suite (issue 13) alone: meson-helpers/bench.sh --suites long-text --no-peers
# Issue 32's frame times alone: meson-helpers/bench.sh --suites scroll,members --no-peers
set -euo pipefail
cd "$(dirname "$0")/.."
source meson-helpers/deps.sh

runs=9 sends=9 peers=yes suites=keystrokes,startup,instructions,send,paste,long-text,network,networks,scroll,members before=
extra=()
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --sends) sends=$2; shift 2 ;;
    --no-peers) peers=no; shift ;;
    --before) before=$(realpath "$2"); extra+=(--before "$before"); shift 2 ;;
    --suites) suites=$2; shift 2 ;;
    --long-runs | --hang-limit) extra+=("$1" "$2"); shift 2 ;;
    *) echo "usage: $0 [--runs N] [--sends N] [--no-peers] [--before BIN] [--suites LIST] [--long-runs N] [--hang-limit S]; suites: keystrokes,startup,instructions,send,paste,long-text,network,networks,scroll,members" >&2; exit 2 ;;
  esac
done

natter_install_packages "${NATTER_BENCH_PACKAGES[@]}"
# The peers are optional: a machine without them still gets Natter's figures.
[ "$peers" = yes ] && { natter_install_packages "${NATTER_BENCH_PEER_PACKAGES[@]}" || true; }

# Built as `meson install` builds it (static Swift runtime): dynamic linking of Foundation
# alone costs about 10 ms of start-up.
scratch=.build/release-bench
flags=(-c release --static-swift-stdlib --scratch-path "$scratch")
build() {
  local log
  log=$(mktemp)
  if ! swift build "${flags[@]}" "$@" >"$log" 2>&1; then
    grep -v "prohibited flag" "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
}
echo "Building release natter and natter-bench..." >&2
build --product natter
build --product natter-bench
bin=$(swift build "${flags[@]}" --show-bin-path)

out=.build/bench
mkdir -p "$out"
# shellcheck disable=SC2046  # pkg-config's flags are meant to split
cc -O2 -Wall bench/bare-window.c -o "$out/bare-window" $(pkg-config --cflags --libs gtk4)
# shellcheck disable=SC2046
cc -O2 -Wall bench/launch-watch.c -o "$out/launch-watch" $(pkg-config --cflags --libs x11)

# Histories are imported the way users import, and kept until the generator changes.
stamp=$(sha256sum bench/make-history.py | cut -c1-16)
histories=()
counts=(0 100000 1000000)
# Only the start-up, instructions and send suites use the generated histories, and scrolling
# the largest.
if [[ ",$suites," != *,startup,* && ",$suites," != *,instructions,* && ",$suites," != *,send,* ]]; then
  [[ ",$suites," == *,scroll,* ]] && counts=(1000000) || counts=()
fi
# make_history DIR STAMP NATTER COUNT: imports COUNT generated messages with NATTER into DIR,
# unless DIR already holds them from the same generator (and binary).
make_history() {
  local dir=$1 stamp=$2 natter=$3 count=$4
  [ "$(cat "$dir/.bench-stamp" 2>/dev/null)" = "$stamp" ] && return
  echo "Making a history of $count messages with $natter..." >&2
  rm -rf "$dir"
  mkdir -p "$dir"
  if ((count > 0)); then
    python3 bench/make-history.py "$count" >"$out/history.jsonl"
    "$natter" --data-dir "$dir" --import "$out/history.jsonl" >&2
    rm -f "$out/history.jsonl"
  fi
  echo "$stamp" >"$dir/.bench-stamp"
}
for count in "${counts[@]}"; do
  make_history "$out/history-$count" "$stamp" "$bin/natter" "$count"
  histories+=(--history "$count=$PWD/$out/history-$count")
  # The earlier binary gets a history it imported itself: one this build has migrated to a
  # later schema is one it can only read, as a copy in memory.
  if [ -n "$before" ]; then
    make_history "$out/before-history-$count" "$stamp-$(sha256sum "$before" | cut -c1-16)" \
      "$before" "$count"
    histories+=(--before-history "$count=$PWD/$out/before-history-$count")
  fi
done

peer_args=()
if [ "$peers" = yes ]; then
  command -v gnome-text-editor >/dev/null && peer_args+=(--peer "GNOME Text Editor=gnome-text-editor")
  command -v dino-im >/dev/null && peer_args+=(--peer "Dino=dino-im")
  command -v polari >/dev/null && peer_args+=(--peer "Polari=polari")
fi

work=$(mktemp -d /tmp/natter-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
# A display of our own, never :99 (other tools' default), and a session bus of our own.
display=131
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done

dbus-run-session -- xvfb-run -n "$display" -s "-screen 0 1280x800x24 -nolisten tcp" \
  "$bin/natter-bench" --natter "$bin/natter" --bare "$PWD/$out/bare-window" \
  --watch "$PWD/$out/launch-watch" "${histories[@]}" "${peer_args[@]}" \
  --runs "$runs" --sends "$sends" --scratch "$work" --table "$out/last-table.md" \
  --suites "$suites" "${extra[@]}" \
  2>&1 | { grep -v "^dbus-daemon\|SpiRegistry\|^Machine\|^Start-up and\|^|\|^$" >&2 || true; }
# Only the table on stdout: the session bus's services share the bench's output.
cat "$out/last-table.md"
