#!/usr/bin/env bash
# Builds infracards-kernels, runs the selftest and every demo at its default size, and writes
# the JSON results, logs and environment into OUT_DIR (default ./gpu-results), then a tarball.
# Used on the reference H200 to produce resources/demos/h200/. Run from the repository root.
set -u
out=${OUT_DIR:-gpu-results}
build=${BUILD_DIR:-/tmp/kd-build}
archs=${CUDA_ARCHS:-90}
mkdir -p "$out/json"
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi; nvidia-smi -q | grep -iE "ecc|link|clocks|power draw" ; nvcc --version; } > "$out/env.txt" 2>&1
# NCCL for the all-reduce demo: the CUDA toolkit's, else the one a PyTorch install carries.
nccl=()
if [ ! -f /usr/local/cuda/include/nccl.h ]; then
  nl=$(python3 -c "import nvidia.nccl as m; print(list(m.__path__)[0])" 2>/dev/null)
  if [ -n "$nl" ] && [ -f "$nl/include/nccl.h" ]; then
    nccl=(-DNCCL_INCLUDE_DIR="$nl/include" -DNCCL_LIBRARY="$(ls "$nl"/lib/libnccl.so* | head -1)")
    export LD_LIBRARY_PATH="$nl/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
fi
cmake -S kernels_demo -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$archs" "${nccl[@]}" > "$out/build.log" 2>&1 &&
  cmake --build "$build" -j"$(nproc)" >> "$out/build.log" 2>&1 || { tail -60 "$out/build.log"; exit 1; }
bin="$build/infracards-kernels"
"$bin" selftest 2>&1 | tee "$out/selftest.txt"
ids=${DEMO_IDS:-$("$bin" --list | awk '{print $1}')}
for id in $ids; do
  start=$(date +%s)
  "$bin" run "$id" --json > "$out/json/$id.json" 2> "$out/json/$id.stderr"
  echo "$id: exit $? in $(( $(date +%s) - start )) s" | tee -a "$out/runs.txt"
done
# PyTorch's own kernels at the same shapes, in the same call: added to each result's peers
# (recorded as absent, with the reason, where PyTorch is not installed).
python3 "$(dirname "$0")/torch_peers.py" "$out"/json/*.json 2>&1 | tee "$out/peers.txt"
python3 "$(dirname "$0")/summarize.py" "$out"/json/*.json | tee "$out/summary.txt"
tar -czf "$out.tar.gz" "$out"
