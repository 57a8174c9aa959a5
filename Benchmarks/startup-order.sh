#!/usr/bin/env bash
# Writes Sources/behave/startup.order: the functions that
# `behave run toggle.lua --do "tap button"` runs, hottest first, which a
# release link places together (Package.swift), so that a start touches a
# quarter fewer pages of code. Run it again when what a start runs has
# changed much: a stale list only places fewer of them together.
# Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product behave
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
strip --strip-debug -o "$scratch/behave" .build/release/behave
(cd "$scratch" && valgrind --tool=callgrind --demangle=no --callgrind-out-file=profile \
  ./behave run toggle.lua --do "tap button" < /dev/null > /dev/null 2>&1)
# Each function once, by its symbol (callgrind marks recursion with 'N).
callgrind_annotate --threshold=100 "$scratch/profile" \
  | sed -nE "s/^ *[0-9,]+ \( *[0-9.]+%\) +\?\?\?:([^ ]+).*/\1/p" \
  | sed -E "s/'[0-9]+$//" | awk '!seen[$0]++' > Sources/behave/startup.order
echo "Sources/behave/startup.order: $(wc -l < Sources/behave/startup.order) functions"
# SwiftPM does not see the list as an input of the link: link again.
rm -f .build/release/behave
swift build -c release --product behave
