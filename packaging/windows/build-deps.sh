#!/usr/bin/env bash
# Cross-builds the engine's C libraries for Windows (zstd, PCRE2) from Debian's own
# source packages, into a prefix that the mingw build finds through pkg-config,
# beside the header-only nlohmann_json and CLI11.
# Usage: build-deps.sh PREFIX        (needs the deb.debian.org apt repository)
set -euo pipefail
prefix=$(realpath -m "$1")
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$prefix.src"

# Header-only libraries: the host's copies, moved into the prefix so the cross build
# does not put the host's /usr/include (glibc headers) on its include path. Copied on
# every run (cheap), so a prefix built before one was added gets it too.
mkdir -p "$prefix/include" "$prefix/share/cmake"
cp -r /usr/include/nlohmann /usr/include/CLI "$prefix/include/"
cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$prefix/share/cmake/"

[ -f "$prefix/.complete" ] && exit 0
mkdir -p "$work"
cd "$work"
source "$here/debian-sources.sh"
debian_source_download "$work/apt" "$work" libzstd pcre2

tar xf libzstd_*.orig.tar.xz
tar xf pcre2_*.orig.tar.gz
toolchain="$here/mingw-w64-x86_64.cmake"
common=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix")

cmake -S zstd-*/build/cmake -B build-zstd "${common[@]}" \
  -DZSTD_BUILD_SHARED=OFF -DZSTD_BUILD_STATIC=ON -DZSTD_BUILD_PROGRAMS=OFF -DZSTD_BUILD_TESTS=OFF \
  -DZSTD_MULTITHREAD_SUPPORT=OFF >/dev/null
cmake --build build-zstd -j "$(nproc)" && cmake --install build-zstd >/dev/null

cmake -S pcre2-* -B build-pcre2 "${common[@]}" \
  -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_SUPPORT_UNICODE=ON \
  -DPCRE2_SUPPORT_JIT=ON -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF >/dev/null
cmake --build build-pcre2 -j "$(nproc)" && cmake --install build-pcre2 >/dev/null

touch "$prefix/.complete"
