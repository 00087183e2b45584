#!/usr/bin/python3
"""How often each MTP layer's greedy draft would be accepted (issue 25, 45): on the
held-out answers, teacher-forced, MTP layer k at position t (fed the true tokens
t+1 .. t+1+k) drafts token t+2+k; greedy speculative decoding accepts it when it
equals the main model's greedy token for t+2+k (from the main hidden at t+1+k).
Per layer: that acceptance, the draft against the true token, and the main model's
own top-1 accuracy at the same positions, for scale; and the chained share (layers
0..k all accepted at the same t), what a draft of k+1 tokens keeps.

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
    layers = len(model.mtp)
    accepted, draft_true, main_true, positions = ([0] * layers for _ in range(4))
    chained, chain_positions = [0] * layers, 0
    with torch.no_grad():
        for start in range(0, count, 16):
            tokens, mask = make_batch(split, list(range(start, min(count, start + 16))), pad_id)
            hidden, mtp_hidden = model.hidden_states(tokens, with_mtp=True)
            width = hidden.shape[-1]
            main_greedy = greedy(hidden.reshape(-1, width), model.lm_head).view(tokens.shape)
            # Positions t where every layer's target t+2+k exists and is the assistant's.
            span = tokens.shape[1] - 1 - layers
            all_ok = torch.ones_like(mask[:, :max(span, 0)])
            hits = []
            for k, layer_hidden in enumerate(mtp_hidden):
                length = tokens.shape[1] - 2 - k
                drafts = greedy(layer_hidden[:, :length].reshape(-1, width), model.lm_head).view(-1, length)
                verified, truth, keep = main_greedy[:, 1 + k:1 + k + length], tokens[:, 2 + k:], mask[:, 2 + k:]
                accepted[k] += int(((drafts == verified) & keep).sum())
                draft_true[k] += int(((drafts == truth) & keep).sum())
                main_true[k] += int(((verified == truth) & keep).sum())
                positions[k] += int(keep.sum())
                hits.append((drafts == verified)[:, :max(span, 0)])
                all_ok = all_ok & keep[:, :max(span, 0)]
            run = all_ok.clone()
            chain_positions += int(all_ok.sum())
            for k, hit in enumerate(hits):
                run = run & hit
                chained[k] += int(run.sum())
    share = lambda a, b: round(a / max(b, 1), 4)  # noqa: E731
    print(json.dumps({"model": args.model, "conversations": count, "layers": [
        {"layer": k, "positions": positions[k], "acceptance_vs_main_greedy": share(accepted[k], positions[k]),
         "draft_top1_vs_truth": share(draft_true[k], positions[k]),
         "main_top1_vs_truth": share(main_true[k], positions[k]),
         "chained_acceptance": share(chained[k], chain_positions)} for k in range(layers)],
        "expected_accepted_per_step": round(sum(chained) / max(chain_positions, 1), 4)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
