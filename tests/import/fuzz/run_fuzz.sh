#!/usr/bin/env bash
# Builds the import fuzz targets with clang and runs each for a bounded time (default 60 s).
# Usage: tests/import/fuzz/run_fuzz.sh [SECONDS] [BUILD_DIR]
# With FUZZ_RUNS=N set, each target instead runs N inputs from a fixed seed: the same inputs on
# every machine, which is how scripts/setup.sh test (and so CI) runs them.
set -euo pipefail
seconds=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${2:-$root/build-fuzz}
cc=$(command -v clang-14 || command -v clang)
cxx=$(command -v clang++-14 || command -v clang++)
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFRACARDS_FUZZ=ON -DINFRACARDS_BUILD_APP=OFF \
  -DINFRACARDS_BUILD_BENCH=OFF -DINFRACARDS_BUILD_CUDA=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined" >/dev/null
cmake --build "$build" -j2 --target fuzz_report_parser fuzz_csv fuzz_json fuzz_apkg fuzz_card_html
status=0
for t in report_parser csv json apkg card_html; do
  corpus="$build/fuzz-corpus/$t"
  mkdir -p "$corpus"
  seeds="$here/seeds/$t"
  if [ -n "${FUZZ_RUNS:-}" ]; then
    bound=(-runs="$FUZZ_RUNS" -seed=1)
    echo "== fuzz_$t: $FUZZ_RUNS inputs from seed 1"
  else
    bound=(-max_total_time="$seconds")
    echo "== fuzz_$t for ${seconds}s"
  fi
  dirs=("$corpus")
  if [ -d "$seeds" ]; then dirs+=("$seeds"); fi
  "$build/tests/import/fuzz/fuzz_$t" "${bound[@]}" -max_len=65536 -timeout=10 "${dirs[@]}" || status=1
done
exit $status
