#!/usr/bin/env bash
# Starts, or resumes, issue 45's demo training in the background, at the lowest CPU
# priority, so it survives the shell that started it and yields to builds:
#   tools/train-demo/train_in_background.sh [WORK_DIR]     (default /work/train-demo-v3)
# The first call makes WORK_DIR/{data,tokenizer.json,encoded}; every call (re)starts
# train.py on WORK_DIR/run, which continues from its last checkpoint. Output goes to
# WORK_DIR/train.out, one JSON line per step to WORK_DIR/run/log.jsonl. Refuses to start
# a second copy while one runs (WORK_DIR/train.pid). The recipe (data, grid, steps) is
# fixed here, so a resume cannot change it; README "Issue 45's run" says why these values.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/work/train-demo-v3}
py=/usr/bin/python3
WORDS=1100 PHRASINGS=6 IDS=4096 GRID=grid-24x128
# STEPS: 2,200 (10.8 epochs) where the run can span sessions; a session's machine loses
# everything outside the repository, so a run that must end within one session uses
# STEPS=900 (README "Throughput and budget"). The schedule follows STEPS.
STEPS=${STEPS:-2200} CHECKPOINT_EVERY=100 BUDGET_MINUTES=600
THREADS=${THREADS:-1}   # measured: on a machine busy with builds a second thread halves the speed

mkdir -p "$work"
if [ -f "$work/train.pid" ] && kill -0 "$(cat "$work/train.pid")" 2>/dev/null; then
  echo "train_in_background.sh: a run is going on already (pid $(cat "$work/train.pid")); see $work/run/log.jsonl" >&2
  exit 1
fi
[ -f "$work/data/train.jsonl" ] || $py "$here/make_data.py" --out "$work/data" --words $WORDS --phrasings $PHRASINGS
[ -f "$work/tokenizer.json" ] || $py "$here/make_tokenizer.py" --data "$work/data" --ids $IDS --out "$work/tokenizer.json"
[ -f "$work/encoded/train.npz" ] || $py "$here/encode_data.py" --data "$work/data" --tokenizer "$work/tokenizer.json" \
    --out "$work/encoded"
cd "$here"
OMP_NUM_THREADS=$THREADS OMP_WAIT_POLICY=passive setsid nohup nice -n 19 $py "$here/train.py" \
    --data "$work/encoded" --tokenizer "$work/tokenizer.json" --grid $GRID --out "$work/run" \
    --budget-minutes $BUDGET_MINUTES --schedule-steps $STEPS --max-steps $STEPS \
    --checkpoint-every $CHECKPOINT_EVERY --threads $THREADS >> "$work/train.out" 2>&1 < /dev/null &
echo $! > "$work/train.pid"
echo "training in the background: pid $!, log $work/run/log.jsonl, output $work/train.out"
