#!/usr/bin/env bash
# Cross-compiles the desktop app (peng.exe) and peng-cli for 64-bit Windows against
# the Qt that build-qt.sh cross-built, stages them with the Qt plugins, the QML
# modules the app imports and every DLL they need, and packs one NSIS installer.
# Windows has no cpp-httplib or libcurl here: the app is built without the local
# server and the downloader, and says so where they would be.
# Usage: build-mingw-app.sh [BUILD_DIR]     (default: build-mingw-app)
#   PENG_QT_WINDOWS: the Qt prefix (default: build-qt.sh's)
set -euo pipefail
cd "$(dirname "$0")/../.."
here=packaging/windows
build=$(realpath -m "${1:-build-mingw-app}")
qt=$(realpath -m "${PENG_QT_WINDOWS:-${XDG_CACHE_HOME:-$HOME/.cache}/peng/qt-6.4.2-mingw64}")
jobs="${PENG_JOBS:-$(nproc)}"
if [ ! -f "$qt/.complete" ]; then
  echo "build-mingw-app.sh: no Qt for Windows in $qt; build it once with: bash $here/build-qt.sh $qt" >&2
  exit 1
fi
deps="$build/deps"
stage="$build/stage"
bash "$here/build-deps.sh" "$deps"

export PKG_CONFIG_LIBDIR="$deps/lib/pkgconfig"   # the cross-built libraries only
export PKG_CONFIG_SYSROOT_DIR=
# Qt's DLLs share libstdc++, libgcc and winpthread with the app, so those are DLLs
# here (PENG_WINDOWS_STATIC_RUNTIME=OFF), and OpenMP comes as libgomp-1.dll.
cmake -S . -B "$build" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE=$here/mingw-w64-x86_64.cmake -DPENG_WINDOWS_STATIC_RUNTIME=OFF \
  -DPENG_WINDOWS_DEPS="$deps;$qt" -DCMAKE_PREFIX_PATH="$qt" \
  -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
  -DCMAKE_BUILD_TYPE=Release -DPENG_BUILD_APP=ON -DPENG_BUILD_TESTS=OFF -DPENG_CUDA=OFF \
  -DPENG_SERVER=OFF -DPENG_DOWNLOAD=OFF -DPENG_WINDOWS_STAGE="$stage" \
  -Dnlohmann_json_DIR="$deps/share/cmake/nlohmann_json" -DCLI11_DIR="$deps/share/cmake/CLI11" >/dev/null
cmake --build "$build" -j "$jobs" --target peng peng-cli

rm -rf "$stage"
cmake --install "$build" --prefix "$stage" --strip >/dev/null
bin="$stage/bin"
# Plugins: the Windows platform, SVG images and icons, TLS over Schannel.
for plugin in platforms/qwindows imageformats/qsvg iconengines/qsvgicon tls/qschannelbackend; do
  mkdir -p "$bin/plugins/$(dirname $plugin)"
  cp "$qt/plugins/$plugin.dll" "$bin/plugins/$plugin.dll"
done
/usr/lib/qt6/libexec/qmlimportscanner -rootPath qml -importPath "$qt/qml" \
  | python3 $here/copy-qml-modules.py "$qt/qml" "$bin/qml"
# Qt looks for its plugins and QML modules beside peng.exe.
printf '[Paths]\nPrefix = .\nPlugins = plugins\nQmlImports = qml\n' > "$bin/qt.conf"
bash $here/collect-dlls.sh "$bin" "$qt/bin" "$(x86_64-w64-mingw32-gcc-posix -print-file-name=)" \
  /usr/x86_64-w64-mingw32/lib
(cd "$build" && cpack -G NSIS >/dev/null)
ls "$build"/peng-*-win64.exe
