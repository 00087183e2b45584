#!/usr/bin/env bash
# collect-dlls.sh against a made-up program: peng-like.exe imports a.dll, which
# imports b.dll (so the search must recurse), and libstdc++ / libgomp (the mingw
# runtime). Every DLL must be copied, no Windows system DLL may be, and a DLL found
# nowhere must be an error that names it.
#   check_collect_dlls.sh        exit 77 = skipped (no mingw-w64)
set -euo pipefail
collect="$(cd "$(dirname "$0")/../.." && pwd)/packaging/windows/collect-dlls.sh"
cxx=x86_64-w64-mingw32-g++-posix
command -v $cxx >/dev/null || { echo "no $cxx (bash tools/install-deps.sh)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/libs" "$work/app"
cd "$work"
printf 'extern "C" __declspec(dllexport) int b_value() { return 2; }\n' > b.cpp
printf 'extern "C" int b_value();\nextern "C" __declspec(dllexport) int a_value() { return b_value() + 1; }\n' > a.cpp
cat > main.cpp <<'CPP'
#include <iostream>
#include <string>
extern "C" int a_value();
int main(int argc, char** argv) {
    std::string s(argv[0]);
#pragma omp parallel for
    for (int i = 0; i < argc; ++i) s += "x";
    std::cout << s << a_value() << "\n";
}
CPP
$cxx -shared b.cpp -o libs/b.dll
$cxx -shared a.cpp libs/b.dll -o libs/a.dll
$cxx -fopenmp main.cpp libs/a.dll -o app/peng-like.exe
runtime="$($cxx -print-file-name=)"
fail() { echo "FAIL: $*" >&2; exit 1; }

cp -r app app-missing
bash "$collect" app "$work/libs" "$runtime" /usr/x86_64-w64-mingw32/lib
for dll in a.dll b.dll libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll libgomp-1.dll; do
  [ -f "app/$dll" ] || fail "$dll was not collected"
done
extra=$(cd app && ls | grep -v -x -e peng-like.exe -e a.dll -e b.dll -e 'lib.*\.dll' || true)
[ -z "$extra" ] || fail "collected more than needed: $extra"

rm libs/b.dll
if bash "$collect" app-missing "$work/libs" "$runtime" /usr/x86_64-w64-mingw32/lib 2> err.txt; then
  fail "a missing b.dll was not an error"
fi
grep -q 'b.dll, needed by a.dll' err.txt || fail "the error does not name b.dll and a.dll: $(cat err.txt)"
echo "collect-dlls.sh: all checks passed"
