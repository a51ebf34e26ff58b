#!/bin/sh
# Every C++ and CUDA source of the repository follows .clang-format, checked with clang-format 14
# (Debian 12's; another version formats some constructs differently). With files after the root,
# checks only those. Exit 77 (skipped) where clang-format-14 or the git checkout is missing.
root=$1
shift
fmt=$(command -v clang-format-14) || { echo "clang-format-14 is not installed: skipped"; exit 77; }
cd "$root" || exit 2
if [ "$#" -gt 0 ]; then
    exec "$fmt" --dry-run -Werror "$@"
fi
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "$root is not a git checkout: skipped"; exit 77; }
git ls-files -z '*.h' '*.cpp' '*.cu' '*.cuh' ':!resources' ':!tests/layering/fixture' \
    | xargs -0 "$fmt" --dry-run -Werror
