#!/bin/sh
# Fails when the demo runner needs a CUDA library at load time (ldd lists it): a user with only
# the NVIDIA driver could not start it. libcuda comes with the driver and is opened at run time.
runner="$1"
if [ ! -x "$runner" ]; then
  echo "no runner at '$runner'" >&2
  exit 1
fi
deps=$(ldd "$runner" 2>&1) || { echo "ldd failed on $runner: $deps" >&2; exit 1; }
bad=$(printf '%s\n' "$deps" | grep -E 'libcudart|libcublas|libcublasLt|libnccl|libnvidia-ml|libcuda\.so' || true)
if [ -n "$bad" ]; then
  echo "$runner has hard dependencies on CUDA libraries:" >&2
  printf '%s\n' "$bad" >&2
  exit 1
fi
echo "$runner loads no CUDA library at start-up:"
printf '%s\n' "$deps"
