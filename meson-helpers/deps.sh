# Sourced by run.sh and test.sh: installs the Debian packages Natter needs, and nothing when
# every one is already there, so a warm run costs one dpkg-query.

natter_install_packages() {
  local apt_options=()
  if [ "${1:-}" = "--no-install-recommends" ]; then
    apt_options=("$1")
    shift
  fi
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  ((${#missing[@]})) || return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      echo "Natter needs these Debian packages: ${missing[*]}" >&2
      echo "Install them as root (apt-get install ...) or install sudo, then run this again." >&2
      return 1
    fi
    sudo=(sudo)
  fi
  echo "Installing Debian packages: ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${apt_options[@]}" \
    "${missing[@]}" >/dev/null
}

# Building and running the app; gettext compiles the translations in po/.
NATTER_APP_PACKAGES=(
  pkg-config libgtk-4-dev libsqlite3-dev libsecret-1-dev adwaita-icon-theme librsvg2-common fonts-cantarell
  dbus dbus-x11 at-spi2-core gettext
  # Spelling in the composer (SPEC §14): Enchant 2; dictionaries come from hunspell-* packages.
  libenchant-2-dev
)

# Running every test: an X server, keys, the accessibility tree, screenshots, validators.
NATTER_TEST_PACKAGES=(
  "${NATTER_APP_PACKAGES[@]}"
  xvfb xauth xdotool python3 python3-pyatspi imagemagick
  desktop-file-utils appstream meson ninja-build python3-pip python3-yaml
  # The IRC end-to-end tests start their own InspIRCd on loopback (Tests/EndToEnd/irc_server.py);
  # openssl makes the self-signed certificate for the TLS ones, glib-networking does TLS in GIO.
  inspircd openssl glib-networking
  # ZNC in front of them is the bouncer of Tests/EndToEnd/test_bouncer.py (run as nobody).
  znc
  # irssi, in a private tmux, is a real client on the other side (Tests/EndToEnd/test_irssi.py).
  irssi tmux
  # Atheme linked to that InspIRCd gives real NickServ accounts for SASL PLAIN and EXTERNAL
  # (Tests/EndToEnd/services.py, test_accounts.py; run in the foreground, stopped by PID).
  atheme-services
  # A Secret Service for the IRC password test (gnome-keyring unlocked with a throwaway password).
  gnome-keyring libsecret-tools
  # The translation tests run Natter in Korean, German and Arabic (natter_generate_locales);
  # Noto covers Hangul (fonts-noto-cjk, below) and Arabic script.
  locales fonts-noto-core
  # Reactions (SPEC §13) are emoji: a colour emoji font draws them in the tests' screenshots.
  fonts-noto-color-emoji
  # Spelling tests check English, German and Korean with real Hunspell dictionaries.
  hunspell-en-us hunspell-de-de hunspell-ko
  # A clock of Natter's own, started just before midnight (Tests/EndToEnd/test_transcript.py).
  libfaketime
)

# The locales the translation tests start Natter in; a C library only switches to generated ones.
NATTER_TEST_LOCALES=(ko_KR.UTF-8 de_DE.UTF-8 ar_EG.UTF-8)

natter_generate_locales() {
  local missing=() name
  for name in "${NATTER_TEST_LOCALES[@]}"; do
    locale -a 2>/dev/null | grep -qix "${name/UTF-8/utf8}" || missing+=("$name")
  done
  ((${#missing[@]})) || return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Generating locales: ${missing[*]}" >&2
  for name in "${missing[@]}"; do
    "${sudo[@]}" sed -i "s/^# *\($name UTF-8\)/\1/" /etc/locale.gen
  done
  "${sudo[@]}" locale-gen >/dev/null
}

# Real input methods for the Korean and Japanese end-to-end tests
# (Tests/EndToEnd/test_input_method.py), installed without recommends: those pull in a web
# engine and desktop portals the tests do not want. fonts-noto-cjk shows the Hangul and kanji
# that AT-SPI reads anyway, for screenshots.
NATTER_TEST_IME_PACKAGES=(ibus ibus-gtk4 ibus-hangul ibus-anthy dconf-gsettings-backend fonts-noto-cjk)

# The ircdocs parser test vectors (PyPI `irc-parser-tests`), which NatterCoreTests read from
# the installed package. Installed with Debian's python3 into .build/irc-parser-tests (pip's
# --target, which Debian's externally-managed rule allows); PyYAML comes from python3-yaml.
# A warm run costs one file test.
NATTER_IRC_PARSER_TESTS_DIR=.build/irc-parser-tests

natter_install_irc_parser_tests() {
  [ -f "$NATTER_IRC_PARSER_TESTS_DIR/parser_tests/data/msg-split.yaml" ] && return 0
  echo "Installing the IRC parser test vectors (PyPI irc-parser-tests)..." >&2
  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps \
    --target "$NATTER_IRC_PARSER_TESTS_DIR" irc-parser-tests==0.0.4
}

# The benchmark (bench.sh): an X server, a session bus, keys, a C compiler for the bare window
# and the launch watcher, Python for the generated histories.
NATTER_BENCH_PACKAGES=(
  "${NATTER_APP_PACKAGES[@]}"
  xvfb xauth xdotool gcc libc6-dev libx11-dev python3
  # The instructions suite counts the main thread's instructions to the first frame.
  valgrind
)

# The GNOME apps the start-up figures are compared with (SPEC §8).
NATTER_BENCH_PEER_PACKAGES=(gnome-text-editor dino-im polari)
