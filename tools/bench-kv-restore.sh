#!/usr/bin/env bash
# Time to first token of a conversation's next turn with its KV restored from disk,
# against the same turn computed from scratch, each run a fresh peng-cli process.
#   tools/bench-kv-restore.sh PENG_CLI MODEL_DIR [--ram GB] [--history-words N]
# Prints one JSON object: both times to first token, their ratio, the prompt and
# reused token counts, the KV file's bytes per token, and whether the generated
# tokens are identical (they must be).
set -euo pipefail
cli=$1 model=$2
shift 2
ram=6 words=1000
while [ $# -gt 0 ]; do
  case $1 in
    --ram) ram=$2; shift 2 ;;
    --history-words) words=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A history of alternating turns from plain words, then one more short question.
python3 - "$work" "$words" <<'PY'
import json, random, sys
work, words = sys.argv[1], int(sys.argv[2])
vocab = ("the river stone light model expert cache token layer north green water house music "
         "paper window garden morning evening travel market number simple answer question").split()
rng = random.Random(42)
def sentence(n): return " ".join(rng.choice(vocab) for _ in range(n)).capitalize() + "."
history = [{"role": "system", "content": "You are a patient assistant. " + sentence(20)}]
left = words
while left > 0:
    history.append({"role": "user", "content": " ".join(sentence(12) for _ in range(6))})
    history.append({"role": "assistant", "content": " ".join(sentence(12) for _ in range(6))})
    left -= 2 * 6 * 12
history[-1:] = []  # the history ends with the user's turn the first run answers
json.dump(history, open(f"{work}/turn1.json", "w"))
PY

run() {  # messages-file kv-store -> JSON line
  "$cli" run "$model" --messages "$1" --kv-store "$2" --ram "$ram" --ngen 8 --temp 0 --history none --json \
    2>"$work/stderr" | tail -n 1
}
run "$work/turn1.json" "$work/kv" >"$work/turn1.out"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
history = json.load(open(f"{work}/turn1.json"))
answer = json.loads(open(f"{work}/turn1.out").read())["text"]
history.append({"role": "assistant", "content": answer})
history.append({"role": "user", "content": "Which of these words came up most often, and why does it matter here?"})
json.dump(history, open(f"{work}/turn2.json", "w"))
PY
run "$work/turn2.json" "$work/kv" >"$work/restored.out"
run "$work/turn2.json" none >"$work/cold.out"

python3 - "$work" <<'PY'
import glob, json, os, sys
work = sys.argv[1]
restored = json.loads(open(f"{work}/restored.out").read())
cold = json.loads(open(f"{work}/cold.out").read())
files = glob.glob(f"{work}/kv/**/*.pengkv", recursive=True)
kv_bytes = sum(os.path.getsize(f) for f in files)
# The store holds the second turn's snapshot: its prompt plus the answer fed back.
held = restored["prompt_tokens"] + max(0, restored["generated_tokens"] - 1)
print(json.dumps({
    "prompt_tokens": restored["prompt_tokens"],
    "prefix_reused_tokens": restored["prefix_reused_tokens"],
    "prefix_source": restored["prefix_source"],
    "ttft_restored_s": restored["ttft_s"],
    "ttft_cold_s": cold["ttft_s"],
    "ttft_ratio": restored["ttft_s"] / cold["ttft_s"] if cold["ttft_s"] > 0 else None,
    "tokens_identical": restored["tokens"] == cold["tokens"],
    "kv_files": len(files),
    "kv_file_bytes": kv_bytes,
    "kv_bytes_per_token": kv_bytes / held if held else None,
}))
PY
