#!/usr/bin/env bash
# Builds Peng and launches the desktop app on the built-in demo model: a small MiMo-V2
# of 24 layers x 128 experts, trained on word meanings and sayings, that ships
# with Peng (resources/trained-demo; tools/train-demo made it). Ask it what a word means.
# The random-weight Flash-shape stress demo is one click away in the window (--stress-demo).
#   tools/run-demo.sh                    the app, in a window
#   tools/run-demo.sh --screenshot F.png answers one prompt, saves the window, exits
#                                        (headless: under xvfb-run when there is no display)
set -euo pipefail
cd "$(dirname "$0")/.."

# Only what building and running the app needs (tools/install-deps.sh's app profile);
# tools/run-tests.sh installs everything the tests need.
bash tools/install-deps.sh app
cmake --preset default
cmake --build --preset default -j "$(nproc)" --target peng

app=build/app/peng
if [ "${1:-}" = "--screenshot" ]; then
  out="${2:?usage: tools/run-demo.sh --screenshot FILE.png}"
  run=("$app" --demo --screenshot "$out" --demo-prompt 'What does house mean?')
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
