#!/usr/bin/env bash
# Cross-compiles the engine and peng-cli for 64-bit Windows with Debian's mingw-w64
# and makes the NSIS installer with CPack (makensis). The desktop app needs Qt for
# Windows, which Debian does not ship: packaging/windows/windows-app.yml builds it
# on a Windows runner instead.
# Usage: build-mingw.sh [BUILD_DIR]      (default: build-mingw)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath -m "${1:-build-mingw}")
deps="$build/deps"

bash packaging/windows/build-deps.sh "$deps"
export PKG_CONFIG_LIBDIR="$deps/lib/pkgconfig"   # the cross-built libraries only
export PKG_CONFIG_SYSROOT_DIR=
# libgomp as an archive too (FindOpenMP would pick the DLL's import library).
cmake -S . -B "$build" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE=packaging/windows/mingw-w64-x86_64.cmake -DPENG_WINDOWS_DEPS="$deps" \
  -DCMAKE_BUILD_TYPE=Release -DPENG_BUILD_APP=OFF -DPENG_BUILD_TESTS=OFF -DPENG_CUDA=OFF \
  -Dnlohmann_json_DIR="$deps/share/cmake/nlohmann_json" -DCLI11_DIR="$deps/share/cmake/CLI11" \
  -DOpenMP_gomp_LIBRARY="$(x86_64-w64-mingw32-gcc-posix -print-file-name=libgomp.a)" >/dev/null
cmake --build "$build" -j "$(nproc)" --target peng-cli
(cd "$build" && cpack -G NSIS >/dev/null)
ls "$build"/peng-*-win64.exe
