#!/usr/bin/env bash
# Copies into DIR every DLL that the executables and DLLs under DIR (its plugins and
# QML module folders included) need, read from their import tables with objdump and
# followed recursively, taken from the SEARCH folders (Qt's bin, the mingw runtime).
# A DLL found in no SEARCH folder must be one Windows itself provides: it is accepted
# only where wine has a DLL of that name (wine reimplements the Windows system DLLs);
# any other is an error naming the DLL and what needs it.
# Usage: collect-dlls.sh DIR SEARCH...
set -euo pipefail
dir=$1; shift
objdump=x86_64-w64-mingw32-objdump
wine_dlls=/usr/lib/x86_64-linux-gnu/wine/x86_64-windows
[ -d "$wine_dlls" ] || { echo "collect-dlls.sh: $wine_dlls is missing (Debian's wine64)" >&2; exit 1; }

# Lower-case, as Windows matches DLL names without regard to case.
imports() { "$objdump" -p "$1" | sed -n 's/^\s*DLL Name: //p' | tr '[:upper:]' '[:lower:]'; }
# The file named $1 (any case) in folder $2, or nothing.
find_in() { find "$2" -maxdepth 1 -type f -iname "$1" -print -quit; }

declare -A seen=()
queue=()
while IFS= read -r -d '' binary; do queue+=("$binary"); done \
  < <(find "$dir" -type f \( -iname '*.exe' -o -iname '*.dll' \) -print0)
for binary in "${queue[@]}"; do seen[$(basename "${binary,,}")]=1; done

copied=0
while [ ${#queue[@]} -gt 0 ]; do
  binary=${queue[0]}; queue=("${queue[@]:1}")
  for dll in $(imports "$binary"); do
    [ -n "${seen[$dll]:-}" ] && continue
    seen[$dll]=1
    found=""
    for search in "$@"; do found=$(find_in "$dll" "$search"); [ -n "$found" ] && break; done
    if [ -n "$found" ]; then
      cp "$found" "$dir/" && queue+=("$dir/$(basename "$found")") && copied=$((copied + 1))
    elif [ -z "$(find_in "$dll" "$wine_dlls")" ] && [[ $dll != api-ms-win-* ]]; then
      echo "collect-dlls.sh: $dll, needed by $(basename "$binary"), is neither in ${*} nor a Windows DLL" >&2
      exit 1
    fi
  done
done
echo "collect-dlls.sh: $copied DLLs copied into $dir"
