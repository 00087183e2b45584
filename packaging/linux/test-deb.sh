#!/usr/bin/env bash
# Builds the .deb from an existing build folder, installs it for real with apt,
# validates the desktop integration files and runs the INSTALLED binaries: the
# CLI's --version and a screenshot of the app answering on the demo model under
# Xvfb. Exits non-zero on any failure. Needs root (apt-get install) and the
# packages tools/install-deps.sh lists (dpkg-dev, fakeroot, desktop-file-utils,
# appstream, file, xvfb, xauth).
#
#   bash packaging/linux/test-deb.sh [BUILD_DIR]     (default: build)
#
# KEEP_INSTALLED=1 leaves the package installed afterwards; by default it is
# removed again, which also checks that it uninstalls cleanly.
# PENG_DEB_OUT=DIR keeps the screenshot and logs there (default: BUILD_DIR/deb-test).
set -euo pipefail
src=$(realpath "$(dirname "$0")/../..")
build=$(realpath "${1:-$src/build}")
app_id=io.github.peng.Peng
out=$(realpath -m "${PENG_DEB_OUT:-$build/deb-test}")
cd "$src"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'test-deb: FAIL: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run as root (it installs the package with apt-get)"
[ -f "$build/CMakeCache.txt" ] || fail "$build is not a configured build folder (cmake --preset default)"
grep -q '^PENG_BUILD_APP:BOOL=ON' "$build/CMakeCache.txt" ||
  fail "$build was configured with PENG_BUILD_APP=OFF; the package needs the app"
for tool in cpack dpkg-deb dpkg-shlibdeps fakeroot desktop-file-validate appstreamcli file xvfb-run; do
  command -v "$tool" >/dev/null || fail "$tool is missing (bash tools/install-deps.sh)"
done
rm -rf "$out" && mkdir -p "$out"

step "build (incremental) and package"
# Re-runs CMake if the lists changed, so the packaging rules are current.
cmake --build "$build" --target peng peng-cli
pkgdir=$build/packages
rm -rf "$pkgdir"
# cpack only runs the install rules (no rebuild): everything it installs is built above.
(cd "$build" && cpack -G DEB -B "$pkgdir") > "$out/cpack.log" 2>&1 || { cat "$out/cpack.log"; fail "cpack"; }
debs=("$pkgdir"/peng_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one peng_*.deb in $pkgdir, got: ${debs[*]}"
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
dpkg-deb -f "$deb"

step "package contents"
dpkg-deb -c "$deb" | awk '{print $6}' > "$out/contents.txt"
cat "$out/contents.txt"
for f in ./usr/bin/peng ./usr/bin/peng-cli ./usr/share/applications/$app_id.desktop \
         ./usr/share/icons/hicolor/scalable/apps/$app_id.svg ./usr/share/metainfo/$app_id.metainfo.xml \
         ./usr/share/peng/trained-demo/config.json ./usr/share/peng/trained-demo/SHA256SUMS \
         ./usr/share/peng/trained-demo/COPYING ./usr/share/peng/trained-demo/NOTICE-WordNet.txt \
         ./usr/share/doc/peng/copyright; do
  grep -qx "$f" "$out/contents.txt" || fail "$f is not in the package"
done
# The copyright file gives Peng's licence and each shipped part's (packaging/linux/copyright).
copyright=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/peng/copyright)
for licence in "License: Apache-2.0" "License: GPL-3+ and WordNet" "WordNet 3.0 Copyright"; do
  grep -qF "$licence" <<<"$copyright" || fail "the package's copyright file lacks '$licence'"
done
unexpected=$(grep -v -E '^\./($|usr/($|bin/|share/($|applications/|icons/|metainfo/|doc/|peng/)))' "$out/contents.txt" || true)
[ -z "$unexpected" ] || fail "unexpected paths in the package: $unexpected"

step "Depends"
echo "$depends"
# Package names in Depends, one a line (alternatives split too, versions dropped).
dep_names=$(tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/:any//; s/^ +//; s/ +$//')
has_dep() { grep -qxF "$1" <<<"$dep_names"; }
for lib in libc6 libqt6core6 libqt6gui6 libqt6qml6 libqt6quick6 libqt6widgets6 libqt6charts6 libstdc++6 libdw1; do
  has_dep "$lib" || fail "shlibdeps did not add $lib"
done
# Every QML module the app imports (and the ones the Qt Quick FolderDialog
# implementation imports) must come from a package named in Depends directly:
# dpkg-shlibdeps cannot see them.
qmldir_root=$(qtpaths6 --query QT_INSTALL_QML 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/qt6/qml)
modules=$( (sed -n -E 's/^import ([A-Za-z][A-Za-z0-9.]*).*/\1/p' "$src"/qml/*.qml; echo Qt.labs.folderlistmodel) |
           grep -v -x Peng | sort -u)
for m in $modules; do
  dir=$qmldir_root/${m//.//}
  [ -f "$dir/qmldir" ] || fail "QML module $m is not installed on this machine ($dir/qmldir)"
  pkg=$(dpkg -S "$dir/qmldir" | cut -d: -f1)
  has_dep "$pkg" || fail "QML module $m comes from $pkg, which is not in Depends"
  echo "QML $m -> $pkg: ok"
done
for pkg in qt6-qpa-plugins libqt6svg6; do
  has_dep "$pkg" || fail "$pkg (run-time plugin) is not in Depends"
done

step "install with apt"
if dpkg-query -W -f='${Status}' peng 2>/dev/null | grep -q "install ok installed"; then
  apt-get remove -y -q peng
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends "$deb" 2>&1 | tee "$out/apt-install.log"
dpkg-query -W -f='${Status} ${Version}\n' peng | grep -q "install ok installed $version" ||
  fail "peng $version is not installed after apt-get"
remove_pkg() { [ "${KEEP_INSTALLED:-0}" = 1 ] || apt-get remove -y -q peng >/dev/null 2>&1 || true; }
trap remove_pkg EXIT

step "installed files"
for b in /usr/bin/peng /usr/bin/peng-cli; do
  file "$b"
  file "$b" | grep -q ', stripped' || fail "$b is not stripped"
  if ldd "$b" | grep -q 'not found'; then ldd "$b"; fail "$b has unresolved libraries"; fi
  if readelf -d "$b" | grep -E 'R(UN)?PATH' | grep -q "$build"; then fail "$b has an rpath into $build"; fi
done
file /usr/share/icons/hicolor/scalable/apps/$app_id.svg | grep -q 'SVG' || fail "the icon is not an SVG"
desktop-file-validate /usr/share/applications/$app_id.desktop || fail "desktop-file-validate"
echo "desktop-file-validate: ok"
appstreamcli validate --no-net /usr/share/metainfo/$app_id.metainfo.xml || fail "appstreamcli validate"
grep -q "<release version=\"$version\"" /usr/share/metainfo/$app_id.metainfo.xml ||
  fail "the metainfo has no <release version=\"$version\"> (add one to packaging/linux/$app_id.metainfo.xml)"

step "run the installed binaries"
cd "$(mktemp -d)"  # nothing from the source or build tree on the search paths
unset QML_IMPORT_PATH QML2_IMPORT_PATH QT_PLUGIN_PATH QT_QPA_PLATFORM LD_LIBRARY_PATH
cli_version=$(/usr/bin/peng-cli --version)
echo "$cli_version"
[ "$cli_version" = "peng-cli $version" ] || fail "peng-cli --version said '$cli_version', expected 'peng-cli $version'"
app_version=$(QT_QPA_PLATFORM=offscreen /usr/bin/peng --version 2>&1)
echo "$app_version"
grep -q "$version" <<<"$app_version" || fail "peng --version said '$app_version'"
# The trained demo is found beside the installed binaries, not in the source tree.
copied=$(/usr/bin/peng-cli make-model --preset trained --out "$(mktemp -d)/trained" 2>/dev/null)
echo "$copied"
grep -q "from /usr/share/peng/trained-demo," <<<"$copied" || fail "peng-cli did not copy the installed trained demo: $copied"

data=$(mktemp -d)
shot=$out/peng-installed.png
status=0
timeout 600 xvfb-run -a -s "-screen 0 1600x1000x24" \
  /usr/bin/peng --screenshot "$shot" --demo-prompt "Hi" --max-tokens 16 --data-dir "$data" \
  > "$out/peng.log" 2>&1 || status=$?
cat "$out/peng.log"
[ $status -eq 0 ] || fail "installed peng exited with $status"
! grep -E 'is not installed|module ".*" plugin ".*" not found|Could not load the Qt platform plugin|Cannot open file' \
  "$out/peng.log" || fail "Qt/QML loading errors in the log"
[ -f "$shot" ] || fail "no screenshot at $shot"
info=$(file "$shot")
echo "$info"
grep -q 'PNG image data' <<<"$info" || fail "$shot is not a PNG"
read -r w h < <(sed -E 's/.*PNG image data, ([0-9]+) x ([0-9]+).*/\1 \2/' <<<"$info")
size=$(stat -c %s "$shot")
[ "$w" -ge 640 ] && [ "$h" -ge 400 ] || fail "screenshot is only ${w}x${h}"
# A blank or single-colour window compresses to a few KB; the real UI is far larger.
[ "$size" -ge 30000 ] || fail "screenshot is only $size bytes (blank window?)"
rm -rf "$data"

step "PASS"
echo "peng $version: package $deb, screenshot $shot (${w}x${h}, $size bytes)"
