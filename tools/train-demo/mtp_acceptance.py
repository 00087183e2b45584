#!/usr/bin/python3
"""How often the first MTP layer's greedy draft would be accepted (issue 25): on the
held-out answers, teacher-forced, the draft for token t+2 (MTP layer 0 at position t,
fed the true token t+1) against the main model's greedy token at t+1, which is what
greedy speculative decoding verifies it against. Also: the draft against the true
token, and the main model's own top-1 accuracy, for scale.

  mtp_acceptance.py --model DIR --encoded ENCODED_DIR [--conversations N] [--threads N]

The model is the exported checkpoint, decoded through the reference's reader
(release_loader.py), so this measures the weights Peng ships. Prints one JSON object.
"""
import argparse
import json
import os
import sys

import torch

from batches import EncodedSplit, make_batch
from release_loader import load_release


def greedy(rows, lm_head):
    return (rows @ lm_head.T).argmax(dim=-1)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--encoded", required=True)
    parser.add_argument("--conversations", type=int, default=400)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    model = load_release(args.model, torch.float32).eval()
    if not model.mtp:
        print(f"error: {args.model} has no MTP layer", file=sys.stderr)
        return 2
    with open(os.path.join(args.model, "config.json"), encoding="utf-8") as f:
        pad_id = json.load(f)["pad_token_id"]
    split = EncodedSplit(os.path.join(args.encoded, "heldout.npz"))
    count = min(args.conversations, len(split))
    accepted = draft_true = main_true = positions = 0
    with torch.no_grad():
        for start in range(0, count, 16):
            tokens, mask = make_batch(split, list(range(start, min(count, start + 16))), pad_id)
            hidden, mtp_hidden = model.hidden_states(tokens, with_mtp=True)
            if not mtp_hidden:
                continue
            # Position t of mtp_hidden[0] drafts token t+2; the main model's greedy
            # token for t+2 comes from its hidden at t+1.
            length = tokens.shape[1] - 2
            keep = mask[:, 2:2 + length].reshape(-1).nonzero().squeeze(1)
            drafts = greedy(mtp_hidden[0][:, :length].reshape(-1, hidden.shape[-1])[keep], model.lm_head)
            verified = greedy(hidden[:, 1:1 + length].reshape(-1, hidden.shape[-1])[keep], model.lm_head)
            truth = tokens[:, 2:2 + length].reshape(-1)[keep]
            accepted += int((drafts == verified).sum())
            draft_true += int((drafts == truth).sum())
            main_true += int((verified == truth).sum())
            positions += int(keep.numel())
    print(json.dumps({"model": args.model, "conversations": count, "positions": positions,
                      "acceptance_vs_main_greedy": accepted / max(positions, 1),
                      "draft_top1_vs_truth": draft_true / max(positions, 1),
                      "main_top1_vs_truth": main_true / max(positions, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
