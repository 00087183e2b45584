#!/usr/bin/python3
"""Independent float64 reference for MiMo-V2 checkpoints (spec /work/shared/spec/mimo-v2.md).

Shares no code with the C++ engine. As a library: MimoReference(model_dir).
As a command, it mirrors the two peng-cli commands the comparison uses, so the
comparison harness can be checked against the reference itself:

  mimo_reference.py logits MODEL_DIR --tokens a,b,c --out FILE
      FILE = float32 little-endian [positions x vocab_size] (teacher forcing)
  mimo_reference.py run MODEL_DIR --tokens a,b,c --ngen N --temp 0 --json
      greedy; the last stdout line is {"tokens": [generated ids]}
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from forward import KvCache, forward_block  # noqa: E402
from model_config import load_config  # noqa: E402
from st_reader import Checkpoint, CheckpointError  # noqa: E402
from weights import ModelWeights  # noqa: E402


def tokenizer_id_count(model_dir):
    """Number of distinct ids in tokenizer.json, added tokens included. The
    embedding has more rows than this (spec 2, 7.9); ids at or above it are
    never generated."""
    path = os.path.join(model_dir, "tokenizer.json")
    try:
        with open(path, encoding="utf-8") as f:
            tokenizer = json.load(f)
        ids = set(int(i) for i in tokenizer["model"]["vocab"].values())
        ids.update(int(t["id"]) for t in tokenizer.get("added_tokens") or [])
    except (OSError, json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
        raise CheckpointError(f"{path}: cannot read the vocabulary ({e})") from None
    if ids and len(ids) != max(ids) + 1:
        print(f"warning: {path}: ids are not contiguous ({len(ids)} ids, max {max(ids)})", file=sys.stderr)
    return len(ids)


class GreedyResult:
    def __init__(self, tokens, top_two_gaps, routing):
        self.tokens = tokens              # generated ids
        self.top_two_gaps = top_two_gaps  # reference logit gap between best and runner-up at each step
        self.routing = routing            # RoutingRecords of every step


def top_two_gap(row):
    best_two = np.partition(row, -2)[-2:]
    return float(best_two[1] - best_two[0])


class MimoReference:
    def __init__(self, model_dir):
        self.model_dir = model_dir
        self.config = load_config(model_dir)
        self.checkpoint = Checkpoint(model_dir)
        self.weights = ModelWeights(self.checkpoint, self.config)

    def new_cache(self):
        return KvCache(self.config.num_layers)

    def logits(self, tokens, cache=None):
        """Teacher-forced logits [len(tokens), vocab_size] in float64, and routing."""
        if cache is None:
            cache = self.new_cache()
        return forward_block(tokens, self.weights, self.config, cache)

    def greedy(self, cache, last_logits, num_tokens, allowed_ids):
        """Continue greedily from a cache whose last logits row is `last_logits`.
        Only ids < allowed_ids may be chosen (the tokenizer's size)."""
        tokens, gaps, routing = [], [], []
        row = last_logits
        for step in range(num_tokens):
            visible = row[:allowed_ids]
            token = int(np.argmax(visible))
            tokens.append(token)
            gaps.append(top_two_gap(visible))
            if step + 1 < num_tokens:
                logits, records = forward_block([token], self.weights, self.config, cache)
                routing.extend(records)
                row = logits[0]
        return GreedyResult(tokens, gaps, routing)


def parse_tokens(text):
    try:
        return [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise SystemExit(f"--tokens must be comma-separated integers, got {text!r}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    logits_cmd = commands.add_parser("logits", help="teacher-forced logits to a float32 file")
    logits_cmd.add_argument("model_dir")
    logits_cmd.add_argument("--tokens", required=True)
    logits_cmd.add_argument("--out", required=True)
    run_cmd = commands.add_parser("run", help="greedy generation")
    run_cmd.add_argument("model_dir")
    run_cmd.add_argument("--tokens", required=True)
    run_cmd.add_argument("--ngen", type=int, default=64)
    run_cmd.add_argument("--temp", type=float, default=0.0)
    run_cmd.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    tokens = parse_tokens(args.tokens)
    try:
        reference = MimoReference(args.model_dir)
        if args.command == "logits":
            logits, _ = reference.logits(tokens)
            logits.astype("<f4").tofile(args.out)
            return 0
        if args.temp != 0:
            raise SystemExit("the reference only implements greedy decoding (--temp 0)")
        cache = reference.new_cache()
        logits, _ = reference.logits(tokens, cache)
        result = reference.greedy(cache, logits[-1], args.ngen, tokenizer_id_count(args.model_dir))
    except CheckpointError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"tokens": result.tokens}))
    else:
        print(",".join(str(t) for t in result.tokens))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
