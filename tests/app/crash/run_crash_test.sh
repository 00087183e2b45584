#!/usr/bin/env bash
# The crash handler on the real app binary: PENG_TEST_CRASH=1 makes `peng` raise
# SIGSEGV once its window is up; it must die of that signal, leave a report with a
# stack trace naming the app's own functions in its data folder, and the next start
# must find that report (--print-crash-report, what the window's banner shows).
# Usage: run_crash_test.sh PENG OUT_DIR
set -u
peng=$1
out=$2
rm -rf "$out"
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen QT_QUICK_BACKEND=software
fail() { echo "FAIL: $*" >&2; exit 1; }

# A folder that is no model: the window opens, the model fails, nothing heavy runs.
PENG_TEST_CRASH=1 timeout 120 "$peng" --data-dir "$out" --model "$out/no-model" >"$out/crash-run.log" 2>&1
rc=$?
cat "$out/crash-run.log"
[ "$rc" -eq $((128 + 11)) ] || fail "peng exited with $rc, not by SIGSEGV (139)"

reports=("$out"/data/Peng/peng/crashes/crash-*.txt)
[ -f "${reports[0]}" ] || fail "no crash report under $out/data/Peng/peng/crashes"
[ "${#reports[@]}" -eq 1 ] || fail "${#reports[@]} reports for one crash"
report=${reports[0]}
echo "--- $report"
cat "$report"
grep -q '^signal: SIGSEGV' "$report" || fail "the report does not name SIGSEGV"
version=$("$peng" --version | awk '{print $2}')
grep -qx "Peng $version" "$report" || fail "the report does not give Peng's version ($version)"
grep -q '^Stack trace' "$report" || fail "the report has no stack trace"
# Resolved names of the app's own functions, from the crash back to main.
grep -qE '\bin (CrashHandler::)?crashForTest\b' "$report" || fail "the stack trace does not name the app's function"
grep -qE '\bin main\b' "$report" || fail "the stack trace does not reach main"
grep -q "peng: crashed with SIGSEGV" "$out/crash-run.log" || fail "stderr does not say where the report is"
grep -q ' info peng.app: Peng .* started' "$out"/data/Peng/peng/logs/peng.log || fail "the log file has no start line"

# The next start finds it.
timeout 60 "$peng" --data-dir "$out" --print-crash-report >"$out/print.txt" 2>&1 || fail "--print-crash-report: $(cat "$out/print.txt")"
[ "$(head -n1 "$out/print.txt")" = "$report" ] || fail "--print-crash-report names $(head -n1 "$out/print.txt"), not $report"
grep -q 'crashForTest' "$out/print.txt" || fail "--print-crash-report does not print the trace"

# Without a report it says so and fails.
timeout 60 "$peng" --data-dir "$out/empty" --print-crash-report >/dev/null 2>&1 && fail "--print-crash-report found a report in an empty folder"
echo "crash report written and found again"
