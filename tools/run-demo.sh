#!/usr/bin/env bash
# Builds Peng and launches the desktop app on the built-in demo model (MiMo-V2-Flash's
# 48 layers x 256 experts with random weights). The app generates the demo model into
# its data folder on first run, with a progress bar; later runs open it at once.
#   tools/run-demo.sh                    the app, in a window
#   tools/run-demo.sh --screenshot F.png answers one prompt, saves the window, exits
#                                        (headless: under xvfb-run when there is no display)
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
cmake --preset default
cmake --build --preset default -j "$(nproc)" --target peng

app=build/app/peng
if [ "${1:-}" = "--screenshot" ]; then
  out="${2:?usage: tools/run-demo.sh --screenshot FILE.png}"
  run=("$app" --demo --screenshot "$out" --demo-prompt "Tell me about the sea.")
  if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1440x900x24" "${run[@]}"
  fi
  exec "${run[@]}"
fi
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found: the app needs a desktop session (or use --screenshot FILE.png)." >&2
  exit 1
fi
exec "$app" --demo
