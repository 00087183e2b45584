#!/usr/bin/env bash
# The Windows installer with the desktop app, tested under Debian's wine as a user
# would use it: installed silently into a fresh wine prefix, the installed peng.exe
# run on the demo model with one prompt under Xvfb and its screenshot checked as the
# Linux smoke test checks it (brain lit, answer shown); a provoked crash must leave a
# report the next start finds; then uninstalled silently and the files checked gone.
# Qt Quick draws with OpenGL, which wine passes to Mesa's software rasterizer on the
# X display (wine's Direct3D 11 rejects Qt's shaders here, and the software backend's
# grab came out blank).
# Usage: test-wine-app.sh BUILD_DIR CHECK_SCREENSHOT
#   BUILD_DIR: build-mingw-app.sh's; CHECK_SCREENSHOT: the Linux build's app_check_screenshot
set -euo pipefail
script=$(realpath "$0")
cd "$(dirname "$script")/../.."
build=$(realpath "$1")
checker=$(realpath "$2")
installer=$(ls "$build"/peng-*-win64.exe)
work="$build/wine-app-test"
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
step() { echo "== $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v xvfb-run >/dev/null || fail "xvfb-run is missing (bash tools/install-deps.sh)"
# One X display for everything wine starts: the prefix's desktop process, made at boot,
# must reach the display the app's window opens on.
if [ -z "${PENG_WINE_APP_UNDER_XVFB:-}" ]; then
  PENG_WINE_APP_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" bash "$script" "$build" "$checker"
fi
wineserver -k 2>/dev/null || true   # a server left from an earlier run holds the prefix
rm -rf "$work" && mkdir -p "$work/prefix"
trap 'wineserver -k 2>/dev/null || true' EXIT
(wineserver -p && wine wineboot --init) </dev/null >"$work/wineboot.log" 2>&1 || fail "wine did not start: $(cat "$work/wineboot.log")"

step "the installer adds no file associations"
nsi="$build/_CPack_Packages/win64/NSIS/project.nsi"
[ -f "$nsi" ] || fail "no NSIS script at $nsi"
if grep -qiE 'HKCR|HKEY_CLASSES_ROOT' "$nsi"; then fail "the installer writes file associations"; fi

step "silent install: $(basename "$installer") /S /D=C:\\Peng"
wine "$installer" /S '/D=C:\Peng' </dev/null >"$work/install.log" 2>&1 || fail "the installer failed: $(cat "$work/install.log")"
dir="$WINEPREFIX/drive_c/Peng"
for f in bin/peng.exe bin/peng-cli.exe bin/qt.conf bin/plugins/platforms/qwindows.dll Uninstall.exe; do
  [ -f "$dir/$f" ] || fail "$f was not installed"
done
shortcut=$(find "$WINEPREFIX/drive_c" -iname 'Peng.lnk' -path '*Start Menu*' -print -quit)
[ -n "$shortcut" ] || fail "no Start-menu entry for Peng"
echo "   $(find "$dir" -type f | wc -l) files; Start menu: ${shortcut#"$WINEPREFIX/drive_c/"}"

step "the installed peng.exe answers one prompt on the demo model; its screenshot is checked"
out="$work/smoke"
mkdir -p "$out"
data=$(winepath -w "$out/data")
shot=$(winepath -w "$out/smoke.png")
if ! QSG_RHI_BACKEND=opengl timeout 600 wine "$dir/bin/peng.exe" --demo --data-dir "$data" --prompt "What does house mean?" --max-tokens 96 \
    --screenshot "$shot" </dev/null >"$out/peng.log" 2>&1; then
  cat "$out/peng.log"
  fail "peng.exe failed"
fi
tr -d '\r' < "$out/peng.log"
"$checker" "$out/smoke.png"
# --data-dir holds everything the run wrote: nothing went to the user's AppData.
[ -d "$out/data/data/Peng/peng/conversations" ] || fail "no conversations under --data-dir"
grep -q ' info peng.app: Peng .* started' "$out/data/data/Peng/peng/logs/peng.log" || fail "no log under --data-dir"
[ -z "$(find "$WINEPREFIX/drive_c/users" -maxdepth 4 -iname peng -print -quit)" ] || fail "the run wrote to the user's AppData"

step "a crash leaves a report that the next start finds"
crash="$work/crash"
mkdir -p "$crash"
wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null 2>&1
crash_data=$(winepath -w "$crash/data")
if PENG_TEST_CRASH=1 QSG_RHI_BACKEND=opengl timeout 300 wine "$dir/bin/peng.exe" --data-dir "$crash_data" \
    --model 'C:\no-model' </dev/null >"$crash/run.log" 2>&1; then
  fail "peng.exe survived PENG_TEST_CRASH=1"
fi
reports=("$crash"/data/data/Peng/peng/crashes/crash-*.txt)
[ -f "${reports[0]}" ] || fail "no crash report: $(tr -d '\r' < "$crash/run.log")"
tr -d '\r' < "${reports[0]}"
grep -q '^exception: EXCEPTION_ACCESS_VIOLATION' "${reports[0]}" || fail "the report does not name the exception"
grep -q '^#.* peng.exe+0x' "${reports[0]}" || fail "the report's stack trace has no frame in peng.exe"
grep -q 'crashed with EXCEPTION_ACCESS_VIOLATION' "$crash/run.log" || fail "stderr does not say where the report is"
wine "$dir/bin/peng.exe" --data-dir "$crash_data" --print-crash-report </dev/null 2>&1 | tr -d '\r' >"$crash/print.txt" \
  || fail "--print-crash-report: $(cat "$crash/print.txt")"
head -n1 "$crash/print.txt" | grep -q "$(basename "${reports[0]}")" || fail "--print-crash-report names $(head -n1 "$crash/print.txt")"
grep -q '^Stack trace' "$crash/print.txt" || fail "--print-crash-report does not print the trace"

step "silent uninstall"
wine "$dir/Uninstall.exe" /S </dev/null >"$work/uninstall.log" 2>&1 || fail "the uninstaller failed: $(cat "$work/uninstall.log")"
# The uninstaller runs from a copy of itself and returns at once: wait for its work.
for _ in $(seq 120); do
  [ -z "$(find "$dir" -type f 2>/dev/null | head -1)" ] && break
  sleep 1
done
left=$(find "$dir" -type f 2>/dev/null | head -5 || true)   # no folder left at all is right
[ -z "$left" ] || fail "files left after uninstalling: $left"
[ -z "$(find "$WINEPREFIX/drive_c" -iname 'Peng.lnk' -print -quit)" ] || fail "the Start-menu entry is still there"
echo "windows app under wine: all passed"
