#!/usr/bin/env bash
# Installs Natter with Meson into a temporary --destdir and checks what a user would get: every
# file in its place, valid desktop and metainfo files, and an installed binary that answers
# --version and opens its window with the stylesheet from <prefix>/share/natter.
#
# The Meson build directory (.build/meson, or $NATTER_MESON_BUILD) is kept between runs, so a
# warm run only re-checks the release build. It runs itself under its own session bus and
# Xvfb, so the installed app never opens on the desktop or meets the app under test.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${NATTER_INSTALL_CHECK_ISOLATED:-}" ]; then
  export NATTER_INSTALL_CHECK_ISOLATED=1
  exec dbus-run-session -- xvfb-run -a -s "-screen 0 1024x768x24" "$0" "$@"
fi

build=${NATTER_MESON_BUILD:-.build/meson}
prefix=/usr
app_id=org.natter.Natter
work=$(mktemp -d)
natter_pid=
cleanup() {
  [ -n "$natter_pid" ] && kill "$natter_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "install-check: $*" >&2
  exit 1
}

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" meson-helpers --prefix "$prefix" >/dev/null
fi
destdir="$work/destdir"
started=$(date +%s)
meson install -C "$build" --destdir "$destdir" --quiet
echo "install-check: release build and install took $(($(date +%s) - started)) s"

root="$destdir$prefix"
for file in \
  bin/natter share/natter/natter.css \
  "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
  "share/icons/hicolor/scalable/apps/$app_id.svg" \
  "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
  [ -f "$root/$file" ] || fail "$prefix/$file was not installed"
done
[ -x "$root/bin/natter" ] || fail "$prefix/bin/natter is not executable"
desktop-file-validate "$root/share/applications/$app_id.desktop"
appstreamcli validate --no-net --no-color "$root/share/metainfo/$app_id.metainfo.xml" >/dev/null \
  || fail "the installed metainfo does not validate"

for language in $(cat po/LINGUAS); do
  [ -f "$root/share/locale/$language/LC_MESSAGES/natter.mo" ] \
    || fail "the $language catalogue was not installed"
done
grep -q '^Comment\[ko\]=키보드' "$root/share/applications/$app_id.desktop" \
  || fail "the installed desktop file has no Korean comment"
grep -q 'xml:lang="de"' "$root/share/metainfo/$app_id.metainfo.xml" \
  || fail "the installed metainfo has no German text"
# The installed binary reads the installed catalogues, not this checkout's.
help=$(LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8 "$root/bin/natter" --help) || true
[[ $help == Aufruf:* ]] || fail "the installed natter --help is not German in de_DE: ${help%%$'\n'*}"

version=$("$root/bin/natter" --version) || fail "the installed natter --version failed"
[[ $version =~ ^Natter\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "unexpected --version output: $version"

# The stylesheet must come from the installed share/natter, not from this checkout (which the
# binary would also find); the app logs the path it loaded at debug level.
log="$work/natter.log"
mkdir -p "$work/config" "$work/runtime"
chmod 700 "$work/runtime"
env -u NATTER_RESOURCES_DIR G_MESSAGES_DEBUG=natter GSK_RENDERER=cairo \
  XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/runtime" \
  "$root/bin/natter" --data-dir "$work/data" >"$log" 2>&1 &
natter_pid=$!
for _ in $(seq 200); do
  grep -qs "main window created" "$log" && break
  kill -0 "$natter_pid" 2>/dev/null || { cat "$log" >&2; fail "the installed natter exited"; }
  sleep 0.1
done
grep -q "main window created" "$log" || { cat "$log" >&2; fail "no window within 20 s"; }
grep -qF "stylesheet $root/share/natter/natter.css" "$log" \
  || { grep -i "stylesheet\|natter.css" "$log" >&2; fail "the installed natter did not load its CSS"; }
echo "install-check: $version installed under $prefix, starts and finds its stylesheet"
