#!/usr/bin/env bash
# The xvfb screenshot test of the server backend: starts `peng-cli serve` on the tiny
# fixture, runs the real `peng --server URL --prompt ... --screenshot` against it
# (greedy, through a settings file in a fresh data folder; the API key from a file) and checks the picture with
# check_remote_screenshot against what the server itself reports.
#
#   run_remote_smoke.sh PENG PENG_CLI CHECKER FIXTURE OUT_DIR      exit 77 = skipped (no xvfb-run)
set -euo pipefail
peng=$1 cli=$2 checker=$3 fixture=$4 out=$5
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing (bash tools/install-deps.sh)"; exit 77; }
rm -rf "$out" && mkdir -p "$out/data/config/Peng"
printf '[General]\ntemperature=0\n' > "$out/data/config/Peng/peng.conf"
(umask 077 && echo "smoke-key-$$" > "$out/key")   # the key travels as --api-key-file does for users

"$cli" serve "$fixture" --port 0 --history none --kv-store none --api-key-file "$out/key" > "$out/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 600); do
  url=$(sed -n '1s|^Peng serves [^ ]* at \(http://127\.0\.0\.1:[0-9]*/v1\) .*|\1|p' "$out/serve.log")
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$out/serve.log"; echo "peng-cli serve ended"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$out/serve.log"; echo "peng-cli serve printed no URL"; exit 1; }

prompt="Tell me about the sea." tokens=16
unset QT_QPA_PLATFORM QT_QUICK_BACKEND
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$peng" --server "$url" --api-key-file "$out/key" --data-dir "$out/data" --prompt "$prompt" --max-tokens "$tokens" \
  --screenshot "$out/remote.png" > "$out/peng.log" 2>&1 || { cat "$out/peng.log"; echo "peng failed"; exit 1; }
cat "$out/peng.log"
"$checker" "$out/remote.png" "$url" "$prompt" "$tokens" "$(cat "$out/key")"
