#!/usr/bin/env bash
# Builds the .deb with CPack from an already built tree and checks it:
#  - its file list (app, CLI, default deck, desktop entry, icon, AppStream metadata);
#  - its control fields, and that Depends names the package of every shared library the
#    installed binaries link (objdump NEEDED -> file found by ldconfig -> owner by dpkg -S);
#  - the hand-declared run-time dependencies (platform plugins, QtWebEngineProcess, CJK font);
#  - that the CLI unpacked into a throwaway root (dpkg -x) runs, finds its default deck at
#    <exe>/../share/infracards/default_deck.sqlite with INFRACARDS_DEFAULT_DECK unset, and
#    creates a collection holding exactly that deck's cards.
#   check_deb.sh BUILD_DIR
set -euo pipefail

build="$1"
work="$(mktemp -d "${TMPDIR:-/tmp}/infracards-deb.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "check_deb: FAIL: $*" >&2; exit 1; }
# A command that fails under set -e names itself instead of ending the script silently.
trap 'echo "check_deb: FAIL: line $LINENO: \"$BASH_COMMAND\" exited with $?" >&2' ERR

# cpack into a folder of our own, so a test run never mixes with a package made by hand.
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
mapfile -t debs < <(find "$work/out" -maxdepth 1 -name 'infracards_*.deb')
((${#debs[@]} == 1)) || fail "expected one infracards_*.deb, found ${#debs[@]}"
deb="${debs[0]}"
echo "check_deb: built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

# --- file list ---------------------------------------------------------------------------
dpkg-deb -c "$deb" | awk '{print $NF}' >"$work/files"
for f in ./usr/bin/infracards ./usr/bin/infracards-cli ./usr/share/infracards/default_deck.sqlite \
         ./usr/share/applications/infracards.desktop \
         ./usr/share/icons/hicolor/scalable/apps/infracards.svg \
         ./usr/share/metainfo/io.github.infracards.InfraCards.metainfo.xml; do
  grep -qxF "$f" "$work/files" || fail "the package lacks $f"
done

# --- control fields ----------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = infracards ] || fail "Package is '$(field Package)'"
[ "$(field Section)" = education ] || fail "Section is '$(field Section)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Description)" ] || fail "no Description"
depends="$(field Depends)"
echo "check_deb: Depends: $depends"
# Package names in Depends, alternatives included, versions and architectures dropped.
tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/:.*//; s/^ +//; s/ +$//' | grep -v '^$' \
  | sort -u >"$work/depends"
for p in qt6-qpa-plugins libqt6webenginecore6-bin fonts-noto-cjk; do
  grep -qxF "$p" "$work/depends" || fail "Depends lacks $p (loaded at run time)"
done

# --- every linked library is covered by Depends ------------------------------------------
dpkg -x "$deb" "$work/root"
# The loader cache is read once into a file: piping `ldconfig -p` into an awk that stops at
# the first match killed ldconfig with SIGPIPE now and then, which pipefail turned into a
# silent exit (seen on CI).
ldconfig_bin="$(command -v ldconfig || echo /sbin/ldconfig)"
"$ldconfig_bin" -p >"$work/ldcache" || fail "ldconfig -p failed"
missing=0
for bin in "$work/root/usr/bin/infracards" "$work/root/usr/bin/infracards-cli"; do
  mapfile -t needed < <(objdump -p "$bin" | awk '$1 == "NEEDED" {print $2}')
  ((${#needed[@]} > 3)) || fail "$(basename "$bin"): too few NEEDED entries (${#needed[@]})"
  for soname in "${needed[@]}"; do
    # The file the dynamic loader would use for this soname (native architecture first).
    lib="$(awk -v s="$soname" '$1 == s {print $NF; exit}' "$work/ldcache")"
    [ -n "$lib" ] || fail "$(basename "$bin"): $soname is not known to ldconfig"
    owner="$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || true)"
    owner="${owner%%:*}"
    [ -n "$owner" ] || fail "$(basename "$bin"): no package owns $lib ($soname)"
    if ! grep -qxF "$owner" "$work/depends"; then
      echo "check_deb: $(basename "$bin") links $soname from $owner, which Depends does not name" >&2
      missing=$((missing + 1))
    fi
  done
  echo "check_deb: $(basename "$bin"): ${#needed[@]} libraries, all from packages in Depends"
done
((missing == 0)) || fail "$missing linked libraries are not covered by Depends"

# --- the demo runner, when packaged, starts without the CUDA libraries ----------------------
runner="$work/root/usr/bin/infracards-kernels"
if [ -e "$runner" ]; then
  if objdump -p "$runner" | awk '$1 == "NEEDED" {print $2}' | grep -E 'libcudart|libcublas|libnccl'; then
    fail "infracards-kernels needs a CUDA library at start-up"
  fi
  suggests="$(field Suggests)"
  case "$suggests" in *libcublas*) ;; *) fail "Suggests does not name cuBLAS for the demo runner ($suggests)";; esac
  # With no driver it must say so in one line and exit 77, not fail to load.
  set +e
  "$runner" --list >/dev/null 2>&1 || fail "the packaged runner does not list its demos"
  "$runner" run reduction --quick >/dev/null 2>&1
  rc=$?
  set -e
  [ "$rc" = 77 ] || [ "$rc" = 0 ] || fail "the packaged runner exited $rc on 'run reduction --quick'"
  echo "check_deb: infracards-kernels is packaged, loads no CUDA library at start-up, run exits $rc"
else
  echo "check_deb: infracards-kernels is not in this package (built without a CUDA compiler)"
fi

# --- desktop entry and metadata ------------------------------------------------------------
desktop="$work/root/usr/share/applications/infracards.desktop"
grep -qx 'Exec=infracards' "$desktop" || fail "the desktop entry does not run infracards"
grep -q '^Name\[zh_CN\]=' "$desktop" || fail "the desktop entry has no zh_CN name"
grep -q '^Comment\[zh_CN\]=' "$desktop" || fail "the desktop entry has no zh_CN comment"
meta="$work/root/usr/share/metainfo/io.github.infracards.InfraCards.metainfo.xml"
grep -q '<release version="[0-9]' "$meta" || fail "the metainfo release version was not filled in"
if command -v appstreamcli >/dev/null; then
  # Errors fail the test; warnings and pedantic notes (no screenshots, URLs) are shown.
  appstreamcli validate --no-net "$meta" >"$work/as.log" 2>&1 || true
  cat "$work/as.log"
  if grep -qE '^E:' "$work/as.log"; then fail "appstreamcli reports errors"; fi
fi

# --- the unpacked CLI runs on its own default deck -----------------------------------------
installed_deck="$work/root/usr/share/infracards/default_deck.sqlite"
# Remove one card from the unpacked deck, so a CLI that read the build tree's deck instead
# of the installed one gives itself away by the count.
deck_cards="$(sqlite3 "$installed_deck" "SELECT count(*) FROM cards")"
((deck_cards > 0)) || fail "the packaged deck holds no cards"
sqlite3 "$installed_deck" "DELETE FROM cards WHERE id = (SELECT max(id) FROM cards)"
expected=$((deck_cards - 1))
got="$(env -u INFRACARDS_DEFAULT_DECK XDG_DATA_HOME="$work/xdg" HOME="$work/home" \
        "$work/root/usr/bin/infracards-cli" stats --json \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["cards"])')" \
  || fail "the unpacked CLI did not run"
[ "$got" = "$expected" ] || fail "the unpacked CLI shows $got cards, its deck holds $expected"
echo "check_deb: the unpacked CLI created a collection with the packaged deck's $got cards"
