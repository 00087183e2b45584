#!/usr/bin/python3
"""Tokenizes a split for training: each conversation rendered through the chat
template, encoded, and marked where the assistant writes (the tokens the loss and
`peng-cli eval` count).

  encode_data.py --data DIR --tokenizer FILE --out DIR [--max-tokens N]

Writes OUT/{train,heldout}.npz: tokens (int32, all conversations back to back),
assistant (uint8 mask), offsets (int64, where each conversation starts; one more
entry than conversations). Conversations longer than --max-tokens are dropped and
counted.
"""
import argparse
import os
import sys

import numpy as np

from byte_level_bpe import ByteLevelBpe
from chat_render import render_segments
from conversations_file import read_conversations


def encode_conversation(bpe, messages):
    """Token ids and the assistant mask. Segments end at control tokens, so
    encoding them one by one equals encoding the whole text."""
    ids, mask = [], []
    for text, by_assistant in render_segments(messages):
        piece = bpe.encode(text)
        ids.extend(piece)
        mask.extend([int(by_assistant)] * len(piece))
    return ids, mask


def encode_split(bpe, path, max_tokens):
    tokens, mask, offsets, dropped = [], [], [0], 0
    for record in read_conversations(path):
        ids, m = encode_conversation(bpe, record["messages"])
        if len(ids) > max_tokens:
            dropped += 1
            continue
        tokens.extend(ids)
        mask.extend(m)
        offsets.append(len(tokens))
    return (np.array(tokens, dtype=np.int32), np.array(mask, dtype=np.uint8),
            np.array(offsets, dtype=np.int64), dropped)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--max-tokens", type=int, default=768)
    args = parser.parse_args(argv)
    bpe = ByteLevelBpe.from_tokenizer_json(args.tokenizer)
    os.makedirs(args.out, exist_ok=True)
    for split in ("train", "heldout"):
        tokens, mask, offsets, dropped = encode_split(bpe, os.path.join(args.data, split + ".jsonl"), args.max_tokens)
        np.savez(os.path.join(args.out, split + ".npz"), tokens=tokens, assistant=mask, offsets=offsets)
        print(f"{split}: {len(offsets) - 1} conversations, {len(tokens)} tokens ({int(mask.sum())} by the "
              f"assistant), {dropped} longer than {args.max_tokens} dropped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
