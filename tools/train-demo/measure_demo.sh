#!/usr/bin/env bash
# Issue 25's and 45's figures for a trained demo, each in OUT_DIR as the command printed it:
#   tools/train-demo/measure_demo.sh MODEL_DIR WORK_DIR OUT_DIR
# WORK_DIR holds data/{train,heldout}.jsonl and encoded/ (run_pipeline.sh's layout).
# Measures: held-out perplexity (peng-cli eval) and the unigram yardstick; the held-out
# answers with thinking on and off against issue 45's targets (answers.jsonl, and
# answers_summary.json: on topic, refusals, second turns; heldout_answers.py); each MTP
# layer's acceptance (mtp.json); routing structure and replayed LRU hit rates against the
# random Flash-shape demo; the TOPK/TOPP meter (KL, top-1) on both models.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n 2,9p "$0" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
model=$1 work=$2 out=$3
cli=${PENG_CLI:-$root/build/tools/peng-cli/peng-cli}
py=/usr/bin/python3
mkdir -p "$out"

"$cli" eval "$model" --jsonl "$work/data/heldout.jsonl" --json > "$out/heldout_eval.json"
$py "$here/unigram_baseline.py" --encoded "$work/encoded" --tokenizer "$model/tokenizer.json" > "$out/unigram.json"
$py "$here/heldout_answers.py" --model "$model" --heldout "$work/data/heldout.jsonl" --train "$work/data/train.jsonl" \
    --per-kind 24 --ngen 160 --cli "$cli" --out "$out/answers.jsonl" --summary "$out/answers_summary.json"
$py "$here/mtp_acceptance.py" --model "$model" --encoded "$work/encoded" --conversations 200 > "$out/mtp.json"

# Routing: the same question to the trained model and to the random demo, 64 greedy tokens.
random_demo=$out/random-demo
[ -f "$random_demo/config.json" ] || "$cli" make-model --preset demo --format mxfp4 --out "$random_demo" > /dev/null
printf '[{"role": "user", "content": "What does house mean?"}]\n' > "$out/question.json"
for name in trained random; do
  dir=$model
  [ $name = random ] && dir=$random_demo
  "$cli" run "$dir" --messages "$out/question.json" --ngen 64 --temp 0 --cap 16 --history none --kv-store none --json \
      | tail -n 1 > "$out/routing_$name.json"
  for setting in "4 1.0" "6 1.0" "8 0.9" "8 0.8"; do
    set -- $setting
    "$cli" quality "$dir" --topk "$1" --topp "$2" --tokens 64 --json 2>/dev/null | tail -n 1 \
        > "$out/quality_${name}_k$1_p$2.json"
  done
done
echo "measurements in $out"
