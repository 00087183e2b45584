#!/usr/bin/env bash
# Puts a trained export where Peng ships it: the checkpoint files of EXPORT_DIR and the
# model card (README, licence, WordNet notice), with SHA256SUMS over all of them.
#   tools/train-demo/ship_model.sh EXPORT_DIR [DEST]    (DEST: resources/trained-demo)
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n 2,4p "$0" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export_dir=$1
dest=${2:-$root/resources/trained-demo}
cli=${PENG_CLI:-$root/build/tools/peng-cli/peng-cli}
[ -f "$export_dir/config.json" ] || { echo "ship_model.sh: $export_dir holds no config.json" >&2; exit 1; }
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
cp "$export_dir"/*.json "$export_dir"/*.safetensors "$export_dir"/*.jinja "$dest.tmp"/
# Sampling defaults for the app (V2.5's release writes them the same way): the model
# learnt its answers by heart, and greedy decoding gives them back; sampling mixes them.
/usr/bin/python3 - "$dest.tmp/generation_config.json" <<'PY'
import json, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    config = json.load(f)
config.update(do_sample=False, temperature=0.0, top_p=1.0)
with open(path, "w", encoding="utf-8") as f:
    json.dump(config, f, indent=2)
    f.write("\n")
PY
cp "$here/model_card/README.md" "$here/model_card/COPYING" "$here/model_card/NOTICE-WordNet.txt" "$dest.tmp"/
"$cli" verify "$dest.tmp" --record > /dev/null
"$cli" inspect "$dest.tmp" > /dev/null
rm -rf "$dest"
mv "$dest.tmp" "$dest"
du -sh "$dest"
