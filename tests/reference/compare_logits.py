#!/usr/bin/python3
"""Compare peng-cli against the independent float64 reference on one model dir.

  compare_logits.py MODEL_DIR --cli PATH_TO_PENG_CLI [--len 300] [--ngen 64] [--seed N]
                    [--tolerance 1e-4] [--keep DIR]

1. Teacher forcing: a deterministic sequence of --len ids below the tokenizer's
   size goes through `CLI logits MODEL_DIR --tokens ... --out FILE` (float32 LE,
   [positions x vocab_size]) and through the reference. Pass when
   max|engine - ref| <= 1e-4 * range (range = max - min of the reference logits)
   and the argmax (over ids the tokenizer defines) agrees at every position
   whose reference top-two gap exceeds 1e-3 * range.
2. Greedy: `CLI run MODEL_DIR --tokens SEQ --ngen N --temp 0 --json`, whose last
   stdout line is a JSON object with "tokens", against the reference's greedy
   continuation. An engine that stops early on a stop id passes if what it
   produced is a prefix of the reference. A divergence at a step where the
   reference's own top-two gap is within the tie threshold is reported as a
   tie, not a failure (the same rule as the argmax check). --ngen 0 skips it.

Prints one JSON line of results; exits 1 on a mismatch, 2 on an error.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mimo_reference import MimoReference, tokenizer_id_count, top_two_gap  # noqa: E402
from st_reader import CheckpointError  # noqa: E402

DIFF_TOLERANCE = 1e-4   # of the reference logit range
TIE_THRESHOLD = 1e-3    # of the reference logit range


class ComparisonError(Exception):
    """The engine could not be run or its output could not be read."""


def cli_command(cli):
    # A .py path (the reference's own mirror, used by the self-test) runs under this interpreter.
    return [sys.executable, cli] if cli.endswith(".py") else [cli]


def run_cli(cli, args, timeout):
    command = cli_command(cli) + args
    shown = " ".join(command)
    if len(shown) > 300:
        shown = shown[:300] + " ..."
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise ComparisonError(f"engine CLI not found: {cli}") from None
    except subprocess.TimeoutExpired:
        raise ComparisonError(f"engine timed out after {timeout}s: {shown}") from None
    if done.returncode != 0:
        raise ComparisonError(f"engine exited with {done.returncode}: {shown}\n"
                              f"stderr:\n{done.stderr[-4000:]}")
    return done.stdout


def test_sequence(num_ids, length, seed):
    return [int(t) for t in np.random.default_rng(seed).integers(0, num_ids, size=length)]


def read_engine_logits(path, positions, vocab_size):
    size = os.path.getsize(path) if os.path.exists(path) else -1
    expected = positions * vocab_size * 4
    if size != expected:
        raise ComparisonError(f"{path}: {size} bytes, expected {positions} positions x {vocab_size} "
                              f"vocab x 4 = {expected}")
    return np.fromfile(path, dtype="<f4").reshape(positions, vocab_size)


def stop_ids(model_dir, config):
    ids = set()
    for name, key in (("config.json", "eos_token_id"), ("generation_config.json", "eos_token_id")):
        path = os.path.join(model_dir, name)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                value = json.load(f).get(key)
            if value is not None:
                ids.update(value if isinstance(value, list) else [value])
    return ids


def compare_teacher_forced(engine, reference, visible_ids):
    """Metrics over the whole array; argmax over the ids the tokenizer defines."""
    value_range = float(reference.max() - reference.min())
    # Per-position max |diff|, a few rows at a time: the arrays can be 300 x 152576.
    row_diff = np.empty(reference.shape[0])
    for begin in range(0, reference.shape[0], 32):
        block = np.abs(engine[begin:begin + 32].astype(np.float64) - reference[begin:begin + 32])
        row_diff[begin:begin + 32] = np.where(np.isnan(block).any(axis=1), np.inf, block.max(axis=1))
    max_abs_diff = float(row_diff.max())     # inf when the engine produced NaN
    ref_visible = reference[:, :visible_ids]
    ref_argmax = np.argmax(ref_visible, axis=1)
    engine_argmax = np.argmax(engine[:, :visible_ids], axis=1)
    gaps = np.array([top_two_gap(row) for row in ref_visible])
    decisive = gaps > TIE_THRESHOLD * value_range
    mismatches = np.nonzero(decisive & (ref_argmax != engine_argmax))[0]
    return {
        "max_abs_diff": max_abs_diff,
        "range": value_range,
        "ratio": max_abs_diff / value_range if value_range > 0 else float("inf"),
        "argmax_mismatches": int(mismatches.size),
        "first_argmax_mismatch": int(mismatches[0]) if mismatches.size else None,
        "near_tie_positions": int((~decisive).sum()),
        "worst_position": int(np.argmax(row_diff)),
    }


def compare_greedy(engine_tokens, greedy, value_range, stops):
    """Returns (verdict, first divergence step or None). verdict: True, False or "tie"."""
    reference_tokens = greedy.tokens
    for step, token in enumerate(engine_tokens):
        if step >= len(reference_tokens) or token != reference_tokens[step]:
            if step < len(reference_tokens) and greedy.top_two_gaps[step] <= TIE_THRESHOLD * value_range:
                return "tie", step
            return False, step
    if len(engine_tokens) == len(reference_tokens):
        return True, None
    if engine_tokens and engine_tokens[-1] in stops:
        return True, None      # stopped on a stop id; everything before agreed
    return False, len(engine_tokens)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir")
    parser.add_argument("--cli", required=True, help="peng-cli executable (or a .py mirror of it)")
    parser.add_argument("--len", type=int, default=300, dest="length")
    parser.add_argument("--ngen", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--preset", help="name in the report (default: the model dir's name)")
    parser.add_argument("--tolerance", type=float, default=DIFF_TOLERANCE,
                        help="max |diff| as a fraction of the reference range (default 1e-4)")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per engine call")
    parser.add_argument("--keep", help="directory to keep the engine's logits file in")
    args = parser.parse_args(argv)
    preset = args.preset or os.path.basename(os.path.normpath(args.model_dir))
    started = time.time()

    try:
        reference = MimoReference(args.model_dir)
        config = reference.config
        visible_ids = min(tokenizer_id_count(args.model_dir), config.vocab_size)
        tokens = test_sequence(visible_ids, args.length, args.seed)
        token_arg = ",".join(str(t) for t in tokens)

        with tempfile.TemporaryDirectory(prefix="peng-compare-") as scratch:
            work_dir = args.keep or scratch
            os.makedirs(work_dir, exist_ok=True)
            logits_path = os.path.join(work_dir, f"{preset}-logits.f32")
            run_cli(args.cli, ["logits", args.model_dir, "--tokens", token_arg, "--out", logits_path], args.timeout)
            engine_logits = read_engine_logits(logits_path, len(tokens), config.vocab_size)

        cache = reference.new_cache()
        reference_logits, routing = reference.logits(tokens, cache)
        result = {"preset": preset, "positions": len(tokens)}
        result.update(compare_teacher_forced(engine_logits, reference_logits, visible_ids))
        del engine_logits

        greedy = None
        result["greedy_match"] = None                 # --ngen 0: teacher forcing only
        result["greedy_first_divergence"] = None
        if args.ngen > 0:
            stdout = run_cli(args.cli, ["run", args.model_dir, "--tokens", token_arg, "--ngen", str(args.ngen),
                                        "--temp", "0", "--json"], args.timeout)
            lines = [line for line in stdout.splitlines() if line.strip()]
            try:
                engine_tokens = [int(t) for t in json.loads(lines[-1])["tokens"]]
            except (IndexError, json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
                raise ComparisonError(f"`run --json` output's last line is not a JSON object with \"tokens\" "
                                      f"({e}): {lines[-1][:300] if lines else '(empty)'}") from None
            greedy = reference.greedy(cache, reference_logits[-1], args.ngen, visible_ids)
            verdict, divergence = compare_greedy(engine_tokens, greedy, result["range"],
                                                 stop_ids(args.model_dir, config))
            result["greedy_match"] = verdict
            result["greedy_first_divergence"] = divergence
            result["greedy_engine_count"] = len(engine_tokens)

        records = routing + (greedy.routing if greedy else [])
        margins = [float(r.margins.min()) for r in records if r.margins.size]
        result["min_router_margin"] = min(margins) if margins else None
        result["seconds"] = round(time.time() - started, 1)
    except (CheckpointError, ComparisonError) as e:
        print(f"compare_logits: {preset}: error: {e}", file=sys.stderr)
        return 2

    print(json.dumps(result))
    if result["greedy_match"] == "tie":
        print(f"compare_logits: {preset}: note: greedy diverged at step {result['greedy_first_divergence']}, "
              f"where the reference's top two logits are within the tie threshold", file=sys.stderr)
    if result["min_router_margin"] is not None and result["min_router_margin"] < 1e-6:
        print(f"compare_logits: {preset}: note: a routing decision has margin {result['min_router_margin']:.2g}; "
              f"fp32 noise could flip that expert", file=sys.stderr)
    failures = []
    if not result["ratio"] <= args.tolerance:
        failures.append(f"max abs logit diff {result['max_abs_diff']:.3g} is {result['ratio']:.3g} of the range "
                        f"{result['range']:.4g} (limit {args.tolerance:g}); worst at position {result['worst_position']}")
    if result["argmax_mismatches"]:
        failures.append(f"argmax differs at {result['argmax_mismatches']} decisive positions, "
                        f"first at position {result['first_argmax_mismatch']}")
    if result["greedy_match"] is False:
        step = result["greedy_first_divergence"]
        failures.append(f"greedy tokens diverge at step {step}: engine {engine_tokens[step:step + 4]} vs "
                        f"reference {greedy.tokens[step:step + 4]} (engine produced {len(engine_tokens)})")
    if failures:
        for failure in failures:
            print(f"compare_logits: {preset}: FAIL: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
