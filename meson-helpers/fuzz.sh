#!/usr/bin/env bash
# libFuzzer over what Natter reads from outside (issue 30): the IRC line parser, tags,
# server-time, CTCP and mIRC formatting, a connection fed whole sessions, a JSON Lines import
# line, the search bar's query and a page of a damaged history (salvage's page reader). Built
# with the toolchain's -sanitize=fuzzer,address; each target runs a fixed number of executions
# from a fixed seed, starting from the checked-in corpus (Tests/Fuzz/corpus: captures from
# InspIRCd, hand-made cases, pages of a small history) and the ircdocs vectors.
#
#   meson-helpers/fuzz.sh                 the long pass: 2,000,000 executions per target
#   meson-helpers/fuzz.sh --runs 20000    a short one (test.sh)
#   meson-helpers/fuzz.sh --runs N TARGET...
#
# One execution of irc-session is a whole session of lines, so it runs a tenth as many.
#
# A crash, a sanitizer report or a failed property stops with the input that caused it
# (in .build/fuzz/crashes); make it a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
source meson-helpers/deps.sh
natter_install_packages python3-yaml python3-pip

runs=2000000
targets=(irc-line irc-tags server-time irc-text irc-session json-line search-query db-page)
chosen=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    *) chosen+=("$1"); shift ;;
  esac
done
[ ${#chosen[@]} -gt 0 ] && targets=("${chosen[@]}")

out=.build/fuzz
mkdir -p "$out/crashes"
# NatterCore is built as its own module, instrumented; the JSON Lines parser and record, and
# salvage's page and record decoders, are NatterStore's internal types, so they are compiled
# into the fuzzing module itself.
store_files=()
for name in JSONParser JSONValue ExportRecord ExportReaction ImportLineFailure Timestamp \
  Varint RecordValue RecordDecoder BTreePage FileBytes RowShape WriteAheadLog; do
  store_files+=("Sources/NatterStore/$name.swift")
done
echo "Building the fuzz targets..." >&2
mapfile -t core < <(find Sources/NatterCore -name '*.swift' | sort)
swiftc -parse-as-library -swift-version 6 -module-name NatterCore -wmo -c \
  -sanitize=fuzzer,address -emit-module -emit-module-path "$out/NatterCore.swiftmodule" \
  "${core[@]}" -o "$out/NatterCore.o"
# ld.gold says it cannot export the sanitizer's local symbols; that is harmless.
swiftc -parse-as-library -swift-version 6 -module-name NatterFuzz -sanitize=fuzzer,address \
  -I "$out" Tests/Fuzz/NatterFuzz.swift "${store_files[@]}" "$out/NatterCore.o" \
  -o "$out/natter-fuzz" 2>&1 \
  | { grep -v "Cannot export local symbol" || true; }

# The ircdocs vectors' inputs seed the line targets; they are installed, never checked in.
natter_install_irc_parser_tests
vectors="$out/seed-ircdocs"
rm -rf "$vectors"
mkdir -p "$vectors"
/usr/bin/python3 - "$NATTER_IRC_PARSER_TESTS_DIR" "$vectors" <<'PY'
import os, sys, yaml
sys.path.insert(0, sys.argv[1])
import parser_tests
path = os.path.join(os.path.dirname(parser_tests.__file__), "data", "msg-split.yaml")
with open(path, encoding="utf-8") as f:
    tests = yaml.safe_load(f)["tests"]
for n, test in enumerate(tests):
    with open(os.path.join(sys.argv[2], f"msg-split-{n:03}"), "w", encoding="utf-8") as out:
        out.write(test["input"])
PY

failed=0
for target in "${targets[@]}"; do
  seeds=(Tests/Fuzz/corpus/"$target")
  case "$target" in irc-line | irc-session) seeds+=("$vectors") ;; esac
  # New inputs go to a scratch corpus, the first directory; the checked-in one stays as it is.
  work="$out/corpus/$target"
  rm -rf "$work"
  mkdir -p "$work"
  log="$out/$target.log"
  count=$runs
  [ "$target" = irc-session ] && count=$((runs / 10))
  started=$(date +%s%N)
  # Swift's own crash handler would stand between the trap and libFuzzer's report. Leak
  # checking is off: it needs ptrace, which a container may refuse, and ARC frees what
  # these targets make (a reference cycle would show as memory growth, which -rss_limit_mb
  # still catches).
  if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 NATTER_FUZZ_TARGET=$target \
    "$out/natter-fuzz" -detect_leaks=0 -runs="$count" -seed=1 -max_len=8192 -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$out/crashes/$target-" "$work" "${seeds[@]}" >"$log" 2>&1; then
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    tenths=$((($(date +%s%N) - started) / 100000000))
    printf 'fuzz %-13s %9s executions in %d.%d s, no crash\n' "$target" "$executed" \
      $((tenths / 10)) $((tenths % 10))
  else
    echo "fuzz $target FAILED; the end of its log ($log):" >&2
    tail -40 "$log" >&2
    ls "$out/crashes/$target-"* 2>/dev/null >&2 || true
    failed=1
  fi
done
exit $failed
