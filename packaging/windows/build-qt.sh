#!/usr/bin/env bash
# Cross-builds Qt for 64-bit Windows (x86_64-w64-mingw32, shared DLLs, release) from
# Debian 12's own Qt source packages, with Debian's mingw-w64 (posix threads) and
# Debian's host Qt tools of the same version (QT_HOST_PATH=/usr: moc, rcc, qsb,
# qmlcachegen... run here, so none is cross-built). Only the modules and features
# the desktop app uses. Built once into a prefix outside the checkout; resumable: each
# module installed is marked, and a module whose build stopped continues in its
# ninja build directory.
# Usage: build-qt.sh [PREFIX]   (default: ${XDG_CACHE_HOME:-~/.cache}/peng/qt-6.4.2-mingw64)
# Sources: `apt-get source` from deb.debian.org. Where a Debian source tarball cannot
# be downloaded, PENG_QT_SOURCES=DIR may name a folder holding git clones of the
# upstream modules (DIR/<module>, DIR/<module>.git or DIR/qt+<module>/repo); the
# tag v$QT_VERSION is exported from them.
set -euo pipefail
QT_VERSION=6.4.2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prefix=$(realpath -m "${1:-${XDG_CACHE_HOME:-$HOME/.cache}/peng/qt-$QT_VERSION-mingw64}")
work="$prefix.src"
jobs="${PENG_QT_JOBS:-$(nproc)}"
[ -f "$prefix/.complete" ] && { echo "Qt $QT_VERSION for Windows is in $prefix"; exit 0; }

host_qt_version=$(/usr/lib/qt6/libexec/moc -v 2>/dev/null | awk '{print $2}') || true
if [ "$host_qt_version" != "$QT_VERSION" ]; then
  echo "build-qt.sh: the host Qt tools must be Qt $QT_VERSION (found '${host_qt_version:-none}'); run tools/install-deps.sh" >&2
  exit 1
fi
mkdir -p "$prefix" "$work/src" "$work/build"
source "$here/debian-sources.sh"

# Unpacks module $1 (Debian source package $2) into $work/src/$1, once.
fetch_source() {
  local module=$1 package=$2 dir="$work/src/$1"
  [ -f "$dir/.unpacked" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  # A tarball apt cannot download is looked for under PENG_QT_SOURCES instead.
  debian_source_download "$work/apt" "$work/src" "$package" || true
  if compgen -G "$work/src/${package}_$QT_VERSION*.orig.tar.xz" >/dev/null; then
    tar xf "$work"/src/"${package}"_"$QT_VERSION"*.orig.tar.xz -C "$dir" --strip-components=1
    # Debian's security fixes (cve-*); its other patches are for Linux ports and packaging.
    # Some packages (qt6-shadertools) carry no patches at all.
    local debian_tar
    debian_tar=$(ls "$work"/src/"${package}"_"$QT_VERSION"*.debian.tar.xz)
    if tar tf "$debian_tar" | grep -qx 'debian/patches/series'; then
      tar xf "$debian_tar" -C "$dir" debian/patches
    fi
    local patch
    for patch in $(grep -E '^cve-' "$dir/debian/patches/series" 2>/dev/null || true); do
      patch -d "$dir" -p1 -s < "$dir/debian/patches/$patch"
      echo "$module: applied Debian's $patch"
    done
  else
    local repo=""
    for candidate in "${PENG_QT_SOURCES:-/nonexistent}"/{"$module","$module.git","qt+$module/repo"}; do
      [ -d "$candidate" ] && repo=$candidate && break
    done
    if [ -z "$repo" ]; then
      echo "build-qt.sh: Debian's source of $package $QT_VERSION could not be downloaded, and no" \
           "clone of $module is under PENG_QT_SOURCES (${PENG_QT_SOURCES:-unset})" >&2
      exit 1
    fi
    echo "$module: Debian's source tarball is unreachable; using tag v$QT_VERSION of $repo"
    git -C "$repo" archive --format=tar "v$QT_VERSION" | tar x -C "$dir"
  fi
  touch "$dir/.unpacked"
}

# CPU seconds (user + system) used so far by this script's finished child processes:
# on a machine shared with other builds, a truer measure of a build's size than its
# wall time.
children_cpu_seconds() {
  local ticks
  ticks=$(awk '{print $16 + $17}' "/proc/$$/stat")
  echo $((ticks / $(getconf CLK_TCK)))
}

# Configures (once), builds (continuing a stopped build) and installs module $1.
build_module() {
  local module=$1 package=$2; shift 2
  [ -f "$prefix/.installed-$module" ] && return 0
  fetch_source "$module" "$package"
  local build="$work/build/$module" start=$SECONDS start_cpu
  start_cpu=$(children_cpu_seconds)
  if [ ! -f "$build/build.ninja" ]; then
    # The host's pkg-config must not offer Linux libraries to the Windows build.
    PKG_CONFIG_LIBDIR=/nonexistent cmake -S "$work/src/$module" -B "$build" -G Ninja \
      -DCMAKE_TOOLCHAIN_FILE="$here/mingw-w64-x86_64.cmake" -DPENG_WINDOWS_STATIC_RUNTIME=OFF \
      -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DCMAKE_INSTALL_PREFIX="$prefix" \
      -DCMAKE_PREFIX_PATH="$prefix" -DPENG_WINDOWS_DEPS="$prefix" \
      -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
      -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_BENCHMARKS=OFF \
      "$@" > "$build.configure.log" 2>&1 \
      || { echo "build-qt.sh: configuring $module failed; see $build.configure.log" >&2; exit 1; }
  fi
  cmake --build "$build" -j "$jobs"
  cmake --install "$build" > /dev/null
  printf '%s: %d s wall, %d s CPU (%s cores, load average %s)\n' "$module" $((SECONDS - start)) \
    $(($(children_cpu_seconds) - start_cpu)) "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    | tee -a "$prefix/build-times.txt"
  touch "$prefix/.installed-$module"
}

# qtbase: Core, Gui, Widgets (QApplication, for Charts), Network (Schannel TLS), the
# qwindows platform plugin. No SQL, D-Bus, printing, test library or OpenSSL; no
# tablet events (Debian's source drops the wintab header they need); no Direct2D
# platform plugin (qwindows serves). Without Direct2D, Qt 6.4's Gui leaves out the
# DirectWrite 3 font database that qwindows still calls when Debian's mingw headers
# offer DirectWrite 3 (qwindows.dll then fails to link), so fonts come from the GDI
# database, which wine also implements best.
build_module qtbase qt6-base \
  -DFEATURE_sql=OFF -DFEATURE_dbus=OFF -DFEATURE_printsupport=OFF -DFEATURE_testlib=OFF \
  -DFEATURE_concurrent=OFF -DFEATURE_openssl=OFF -DFEATURE_zstd=OFF -DFEATURE_tabletevent=OFF \
  -DFEATURE_vulkan=OFF -DFEATURE_direct2d=OFF -DFEATURE_directwrite3=OFF
# qtshadertools: its CMake package carries qt_add_shaders (the app's brain.frag).
build_module qtshadertools qt6-shadertools
# qtdeclarative: QML, Quick, Controls (Basic style only), Layouts, Dialogs.
build_module qtdeclarative qt6-declarative \
  -DFEATURE_quickcontrols2_fusion=OFF -DFEATURE_quickcontrols2_imagine=OFF \
  -DFEATURE_quickcontrols2_material=OFF -DFEATURE_quickcontrols2_universal=OFF \
  -DFEATURE_quickcontrols2_windows=OFF -DFEATURE_quickcontrols2_macos=OFF \
  -DFEATURE_quickcontrols2_ios=OFF -DFEATURE_quick_particles=OFF
build_module qtsvg qt6-svg
build_module qtcharts qt6-charts
touch "$prefix/.complete"
echo "Qt $QT_VERSION for Windows is in $prefix"
