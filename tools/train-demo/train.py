#!/usr/bin/python3
"""Trains the demo model; resumable, bounded by a wall-time budget.

  train.py --data ENCODED_DIR --tokenizer FILE --grid NAME --out DIR
           [--budget-minutes M] [--max-steps N] [--schedule-steps N] [--checkpoint-every N]
           [--batch-tokens N] [--lr X] [--mtp-weight X] [--threads N] [--seed N]

A run that finds DIR/latest.pt continues from it: same batches, same optimizer
state, so stopping and restarting gives the same weights bit for bit as one
uninterrupted run, also when the run was killed between checkpoints (the steps
after the last checkpoint are done again, and their lines in log.jsonl replaced). The budget counts wall time over all runs together; when it is
spent the run checkpoints and stops. One JSON object per line goes to DIR/log.jsonl
(step, losses, learning rate, tokens/s, expert load imbalance, held-out loss at
checkpoints).

Learning rate: linear warm-up, then cosine decay to a tenth over --schedule-steps
(the planner's figure for the budget); step-based, so a resume does not change it.
Expert balance: noaux_tc's correction bias moves by --bias-rate against each
expert's load after every step (aux-loss-free balancing); gradients never touch it.
"""
import argparse
import json
import math
import os
import sys
import time

import malloc_tuning
import torch

from batches import EncodedSplit, epoch_batches, make_batch
from grids import GRIDS, Grid
from losses import training_loss
import training_state


def learning_rate(step, args):
    if step < args.warmup_steps:
        return args.lr * (step + 1) / args.warmup_steps
    progress = min(1.0, (step - args.warmup_steps) / max(1, args.schedule_steps - args.warmup_steps))
    return args.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


def make_optimizer(model, args):
    matrices = [p for p in model.parameters() if p.dim() >= 2]
    vectors = [p for p in model.parameters() if p.dim() < 2]
    return torch.optim.AdamW([{"params": matrices, "weight_decay": args.weight_decay},
                              {"params": vectors, "weight_decay": 0.0}], lr=args.lr, betas=(0.9, 0.95))


def balance_experts(model, rate):
    """Raise the selection bias of under-loaded experts, lower the over-loaded."""
    worst = 1.0
    with torch.no_grad():
        for moe in model.moe_layers():
            load = moe.last_load.to(moe.correction_bias.dtype)
            moe.correction_bias += rate * torch.sign(load.mean() - load)
            worst = max(worst, float(load.max() / load.mean().clamp(min=1e-9)))
    return worst


def heldout_loss(model, split, pad_id, conversations, batch_tokens):
    if split is None or conversations <= 0:
        return None
    indices = list(range(min(conversations, len(split))))
    total = count = 0.0
    with torch.no_grad():
        for start in range(0, len(indices), 16):
            tokens, mask = make_batch(split, indices[start:start + 16], pad_id)
            _, main, _, n = training_loss(model, tokens, mask, 0.0)
            total += float(main) * n
            count += n
    return total / max(count, 1)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--grid", required=True, choices=sorted(GRIDS))
    parser.add_argument("--out", required=True)
    parser.add_argument("--budget-minutes", type=float, default=120.0)
    parser.add_argument("--max-steps", type=int, default=1 << 30)
    parser.add_argument("--schedule-steps", type=int, default=10000)
    parser.add_argument("--warmup-steps", type=int, default=100)
    parser.add_argument("--checkpoint-every", type=int, default=200)
    parser.add_argument("--batch-tokens", type=int, default=4096)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--weight-decay", type=float, default=0.1)
    parser.add_argument("--mtp-weight", type=float, default=0.3)
    parser.add_argument("--bias-rate", type=float, default=1e-3)
    parser.add_argument("--eval-conversations", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=25)
    return parser.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    malloc_tuning.keep_freed_memory()
    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    state = training_state.load(args.out)
    if state is not None:
        grid = Grid(**state["grid"])
        if grid.name != args.grid or state["tokenizer"] != os.path.abspath(args.tokenizer):
            print(f"error: {args.out} holds a run of grid {grid.name} with {state['tokenizer']}; "
                  "use another --out or the same --grid and --tokenizer", file=sys.stderr)
            return 2
        # The run's own hyper-parameters win, so a resume cannot silently change them;
        # only the stopping rules may differ.
        for key, value in state["args"].items():
            if key not in ("budget_minutes", "max_steps", "threads", "checkpoint_every", "out"):
                setattr(args, key, value)
    else:
        grid = GRIDS[args.grid]
        state = training_state.new_state(grid, args.tokenizer, args)
    model, _ = training_state.build_model(grid, args.tokenizer, args.seed)
    optimizer = make_optimizer(model, args)
    if "model" in state:
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        print(f"resuming {args.out} at step {state['step']} ({state['elapsed_s'] / 60:.1f} min used)",
              file=sys.stderr)
    pad_id = training_state.tokenizer_facts(args.tokenizer)[1]["<|endoftext|>"]
    train = EncodedSplit(os.path.join(args.data, "train.npz"))
    heldout_path = os.path.join(args.data, "heldout.npz")
    heldout = EncodedSplit(heldout_path) if os.path.exists(heldout_path) else None

    log_path = os.path.join(args.out, "log.jsonl")
    training_state.truncate_log(log_path, state["step"])
    log = open(log_path, "a", encoding="utf-8")
    started = time.monotonic()
    elapsed_before = state["elapsed_s"]
    batches = epoch_batches(train, args.seed, state["epoch"], args.batch_tokens)

    def checkpoint():
        state.update(model=model.state_dict(), optimizer=optimizer.state_dict(),
                     elapsed_s=elapsed_before + time.monotonic() - started)
        training_state.save(args.out, state)

    model.train()
    while state["step"] < args.max_steps:
        if elapsed_before + time.monotonic() - started >= args.budget_minutes * 60:
            print("budget spent", file=sys.stderr)
            break
        if state["batch"] >= len(batches):
            state["epoch"] += 1
            state["batch"] = 0
            batches = epoch_batches(train, args.seed, state["epoch"], args.batch_tokens)
        tokens, mask = make_batch(train, batches[state["batch"]], pad_id)
        lr = learning_rate(state["step"], args)
        for group in optimizer.param_groups:
            group["lr"] = lr
        step_started = time.monotonic()
        loss, main_loss, mtp_loss, _ = training_loss(model, tokens, mask, args.mtp_weight)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        imbalance = balance_experts(model, args.bias_rate)
        state["step"] += 1
        state["batch"] += 1
        state["tokens"] += int(tokens.numel())
        record = {"step": state["step"], "epoch": state["epoch"], "loss": round(float(loss), 5),
                  "main_loss": round(float(main_loss), 5), "mtp_loss": round(float(mtp_loss), 5),
                  "lr": lr, "batch_tokens": int(tokens.numel()),
                  "tokens_per_s": round(tokens.numel() / (time.monotonic() - step_started), 1),
                  "max_expert_load_ratio": round(imbalance, 3),
                  "elapsed_s": round(elapsed_before + time.monotonic() - started, 1)}
        if state["step"] % args.checkpoint_every == 0:
            model.eval()
            record["heldout_loss"] = heldout_loss(model, heldout, pad_id, args.eval_conversations, args.batch_tokens)
            model.train()
            checkpoint()
        log.write(json.dumps(record) + "\n")
        log.flush()
    checkpoint()
    log.close()
    print(f"step {state['step']}, {state['tokens']} tokens, checkpoint {args.out}/{training_state.LATEST}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
