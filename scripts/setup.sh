#!/usr/bin/env bash
# InfraCards set-up for Debian 12: installs the missing packages, configures and builds.
#   scripts/setup.sh run    then launches the app on its built-in deck
#   scripts/setup.sh test   then runs every test through ctest
# Environment: BUILD_DIR (default: build), JOBS (default: number of cores).
set -euo pipefail

mode="${1:-run}"
case "$mode" in run|test|build) ;; *) echo "usage: $0 run|test|build" >&2; exit 2 ;; esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
jobs="${JOBS:-$(nproc)}"

packages=(
  cmake ninja-build g++ pkg-config git
  qt6-base-dev qt6-webengine-dev qt6-webchannel-dev qt6-charts-dev qt6-multimedia-dev qt6-tools-dev
  qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite qt6-qpa-plugins
  libsqlite3-dev sqlite3 libboost-graph-dev nlohmann-json3-dev libzip-dev libzstd-dev
  libmd4c-dev libgumbo-dev
  catch2 libbenchmark-dev
  libjs-katex fonts-katex katex libjs-highlight.js fonts-noto-cjk
  xvfb xauth dpkg-dev file
)
# The importer's fuzz targets (libFuzzer) need clang and its runtime, and the style test
# clang-format 14: test mode only.
# The spoken-answer test plays into and records from a PulseAudio null sink: pulseaudio.
if [ "$mode" = test ]; then packages+=(clang-14 libclang-rt-14-dev clang-format-14 pulseaudio); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${#missing[@]} missing package(s): ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  echo "setup: all ${#packages[@]} packages present"
fi

# nvcc is optional: kernels_demo is built when CMake finds a CUDA compiler.
if [ -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc >/dev/null; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j "$jobs"

# QtWebEngine refuses to run as root with its sandbox on; the app also handles this itself.
if [ "$(id -u)" -eq 0 ]; then export QTWEBENGINE_DISABLE_SANDBOX=1; fi

case "$mode" in
  build)
    ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    export QT_LOGGING_RULES="qt.webenginecontext.info=false"
    export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
    chmod 700 "$XDG_RUNTIME_DIR"
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
    # Each import parser under libFuzzer with AddressSanitizer and UBSan, for a fixed number of
    # inputs from a fixed seed (FUZZ_RUNS=0 skips it).
    if [ "${FUZZ_RUNS:-20000}" != 0 ]; then
      FUZZ_RUNS="${FUZZ_RUNS:-20000}" "$root/tests/import/fuzz/run_fuzz.sh" 0 "$build-fuzz"
    fi
    ;;
  run)
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
      echo "setup: no display found; starting under xvfb-run (set DISPLAY to see the window)"
      exec xvfb-run -a "$build/app/infracards" "${@:2}"
    fi
    exec "$build/app/infracards" "${@:2}"
    ;;
esac
