#!/usr/bin/env bash
# The full demo training, every step in order; each step is skipped when its output
# exists, and training resumes from its last checkpoint, so the script can be run
# again after an interruption and carries on.
#   tools/train-demo/run_pipeline.sh WORK_DIR GRID [BUDGET_MINUTES] [SCHEDULE_STEPS] [THREADS] [TOKENIZER_IDS]
# Ends with the export in WORK_DIR/model and its checks (peng-cli inspect, engine vs
# reference, held-out perplexity through peng-cli eval). PENG_CLI names peng-cli
# (default: build/tools/peng-cli/peng-cli).
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
work=$1 grid=$2 budget=${3:-110} schedule=${4:-10000} threads=${5:-2} ids=${6:-4096}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${PENG_CLI:-$root/build/tools/peng-cli/peng-cli}
py=/usr/bin/python3
export OMP_NUM_THREADS=$threads
mkdir -p "$work"

[ -f "$work/data/train.jsonl" ] || $py "$here/make_data.py" --out "$work/data"
[ -f "$work/tokenizer.json" ] || $py "$here/make_tokenizer.py" --data "$work/data" --ids "$ids" --out "$work/tokenizer.json"
[ -f "$work/encoded/train.npz" ] || $py "$here/encode_data.py" --data "$work/data" --tokenizer "$work/tokenizer.json" --out "$work/encoded"
$py "$here/train.py" --data "$work/encoded" --tokenizer "$work/tokenizer.json" --grid "$grid" --out "$work/run" \
    --budget-minutes "$budget" --schedule-steps "$schedule" --threads "$threads"
$py "$here/export_release.py" --checkpoint "$work/run/latest.pt" --out "$work/model"
"$cli" inspect "$work/model"
$py "$root/tests/reference/compare_logits.py" "$work/model" --cli "$cli" --len 300 --ngen 64 --tolerance 1e-5
"$cli" eval "$work/model" --jsonl "$work/data/heldout.jsonl" --json | tee "$work/heldout_eval.json"
