#!/usr/bin/env bash
# The `behave test` figure: 1,000 small specs that each build a scene (the
# default scene of toggle.lua, a Lua state of its own) and tap its button,
# run by the release build. Two layouts: one spec per file (1,000 files,
# each a fresh sandbox: the worst case) and ten specs per file (100 files).
# Each is timed with one job and with the default (one per processor); the
# best of RUNS runs is printed. Not asserted anywhere: timing is the
# machine's.
#
#   Benchmarks/specs.sh            # RUNS=5, SCRATCH=.build by default
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
scratch=${SCRATCH:-.build}
swift build -c release --scratch-path "$scratch" --product behave >/dev/null
behave="$(cd "$scratch/release" && pwd)/behave"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

spec() {  # spec NAME: one `it` that builds a scene and taps its button
  cat <<LUA
  it("taps $1", function()
    local s = scene.script("toggle.lua")
    s:tap("button")
    assert.is_true(s.toggle.toggled)
  end)
LUA
}

mkdir -p "$work/files" "$work/grouped"
for i in $(seq 1 1000); do
  { echo "describe(\"toggle $i\", function()"; spec "$i"; echo "end)"; } > "$work/files/t${i}_spec.lua"
done
for f in $(seq 1 100); do
  { echo "describe(\"toggles $f\", function()"
    for i in $(seq 1 10); do spec "$f.$i"; done
    echo "end)"; } > "$work/grouped/t${f}_spec.lua"
done

best() {  # best DIR [ARGS...]: the best wall-clock seconds of $runs runs
  local dir=$1; shift
  local best=""
  for _ in $(seq 1 "$runs"); do
    local start end seconds
    start=$(date +%s.%N)
    (cd "$dir" && "$behave" test "$@" >/dev/null) || { echo "specs failed in $dir" >&2; exit 1; }
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc)" = 1 ]; then best=$seconds; fi
  done
  printf '%.3f' "$best"
}

jobs=$(nproc)
echo "behave test, 1,000 specs that each build a scene and tap a button (release build, $jobs processors, best of $runs)"
printf '  1,000 files x 1 spec:   %s s with 1 job, %s s with %s jobs\n' \
  "$(best "$work/files" --jobs 1)" "$(best "$work/files")" "$jobs"
printf '    100 files x 10 specs: %s s with 1 job, %s s with %s jobs\n' \
  "$(best "$work/grouped" --jobs 1)" "$(best "$work/grouped")" "$jobs"
