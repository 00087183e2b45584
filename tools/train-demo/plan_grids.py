#!/usr/bin/python3
"""The size/speed planner: for each candidate grid, trains on real batches for a
short measured time and reports throughput, what the budget would reach, and the
exported checkpoint's size, so the full run picks its grid from figures.

  plan_grids.py --data ENCODED_DIR --tokenizer FILE [--grids a,b,...] [--seconds 20]
                [--threads N] [--budget-hours 2] [--batch-tokens 4096]

One JSON object per grid on stdout, then a Markdown table for the README. The first
step of each grid is a warm-up and is not timed. Wall-clock figures hold for the
machine as it is now; the CPU-time figures ("quiet") say what the same work gives
when the process has its threads to itself (measure with --threads 2 on a quiet
machine before the full run).
"""
import argparse
import json
import os
import sys
import time

import malloc_tuning
import torch

from batches import EncodedSplit, epoch_batches, make_batch
from grids import GRIDS, checkpoint_bytes
from losses import training_loss
import training_state
from train import make_optimizer, parse_args as train_defaults


def measure(grid, split, tokenizer, seconds, batch_tokens, pad_id):
    model, _ = training_state.build_model(grid, tokenizer, seed=1)
    defaults = train_defaults(["--data", "-", "--tokenizer", tokenizer, "--grid", grid.name, "--out", "-"])
    optimizer = make_optimizer(model, defaults)
    batches = epoch_batches(split, 1, 0, batch_tokens)
    real = padded = steps = 0
    started = None
    for k, indices in enumerate(batches):
        tokens, mask = make_batch(split, indices, pad_id)
        loss, _, _, _ = training_loss(model, tokens, mask, defaults.mtp_weight)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if k == 0:
            started = time.monotonic()          # the first step warms caches and allocations
            cpu_started = time.process_time()
            continue
        steps += 1
        padded += tokens.numel()
        real += int(split.lengths[indices].sum())
        if time.monotonic() - started >= seconds:
            break
    elapsed = time.monotonic() - started
    cpu = time.process_time() - cpu_started
    parameters = sum(p.numel() for p in model.parameters())
    return {"steps": steps, "seconds": round(elapsed, 1), "tokens_per_s": round(real / elapsed, 1),
            "padded_tokens_per_s": round(padded / elapsed, 1), "seconds_per_step": round(elapsed / steps, 3),
            "cpu_seconds": round(cpu, 1), "tokens_per_cpu_s": round(real / cpu, 1),
            "cpu_seconds_per_step": round(cpu / steps, 3), "parameters": parameters}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--grids", default="flash-grid,grid-48x128,grid-24x128,grid-16x64,grid-12x32")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--budget-hours", type=float, default=2.0)
    parser.add_argument("--batch-tokens", type=int, default=4096)
    args = parser.parse_args(argv)
    malloc_tuning.keep_freed_memory()
    torch.set_num_threads(args.threads)
    names = args.grids.split(",")
    unknown = [n for n in names if n not in GRIDS]
    if unknown:
        print(f"error: unknown grid(s) {', '.join(unknown)}; known: {', '.join(sorted(GRIDS))}", file=sys.stderr)
        return 2
    split = EncodedSplit(os.path.join(args.data, "train.npz"))
    ids, special = training_state.tokenizer_facts(args.tokenizer)
    epoch_tokens = int(split.lengths.sum())
    budget_s = args.budget_hours * 3600
    rows = []
    for name in names:
        grid = GRIDS[name]
        figures = measure(grid, split, args.tokenizer, args.seconds, args.batch_tokens, special["<|endoftext|>"])
        figures.update(grid=name, layers=grid.layers, experts=grid.experts, hidden=grid.hidden,
                       moe_intermediate=grid.moe_intermediate, threads=args.threads,
                       checkpoint_mb=round(checkpoint_bytes(grid, ids) / 1e6, 1),
                       budget_tokens=int(figures["tokens_per_s"] * budget_s),
                       budget_epochs=round(figures["tokens_per_s"] * budget_s / epoch_tokens, 2),
                       budget_steps=int(budget_s / figures["seconds_per_step"]),
                       # What the budget gives when every wall second is a CPU second of this
                       # process per thread (a quiet machine), from the CPU time measured.
                       quiet_budget_steps=int(budget_s * args.threads / figures["cpu_seconds_per_step"]),
                       quiet_budget_epochs=round(figures["tokens_per_cpu_s"] * args.threads * budget_s /
                                                 epoch_tokens, 2))
        print(json.dumps(figures), flush=True)
        rows.append(figures)
    print(f"\n| grid | layers x experts | hidden / expert width | checkpoint MB | tokens/s ({args.threads} thread(s)) "
          f"| s/step | steps in {args.budget_hours:g} h | epochs in {args.budget_hours:g} h "
          f"| tokens per CPU s | quiet-machine steps in {args.budget_hours:g} h | quiet epochs |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['grid']} | {r['layers']} x {r['experts']} | {r['hidden']} / {r['moe_intermediate']} | "
              f"{r['checkpoint_mb']} | {r['tokens_per_s']} | {r['seconds_per_step']} | {r['budget_steps']} | "
              f"{r['budget_epochs']} | {r['tokens_per_cpu_s']} | {r['quiet_budget_steps']} | {r['quiet_budget_epochs']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
