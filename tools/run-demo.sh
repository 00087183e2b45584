#!/usr/bin/env bash
# Builds Peng and runs it on the built-in demo model (48 layers x 256 experts with
# random weights, generated on first use). The desktop app is not built yet, so
# this runs peng-cli on the demo model instead.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
cmake --preset default
cmake --build --preset default -j "$(nproc)" --target peng-cli

cli=build/tools/peng-cli/peng-cli
demo="${XDG_DATA_HOME:-$HOME/.local/share}/peng/models/demo"
if [ ! -f "$demo/config.json" ]; then
  echo "Generating the demo model in $demo (random weights, real 48x256 structure)..."
  mkdir -p "$(dirname "$demo")"
  "$cli" make-model --preset demo --format mxfp4 --out "$demo"
fi
echo "The desktop app is not built yet; running peng-cli on the demo model."
echo "Its weights are random, so the words it prints are not meaningful."
"$cli" inspect "$demo"
"$cli" run "$demo" --prompt "${1:-Tell me about the sea.}" --ngen 48 --temp 0.8 --top-p 0.95 --seed 1
