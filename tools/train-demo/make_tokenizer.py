#!/usr/bin/python3
"""Trains the demo's byte-level BPE on the training split and writes tokenizer.json.

  make_tokenizer.py --data DIR --ids N --out FILE

N is the tokenizer's whole id count: 256 bytes, the merges, and MiMo's added tokens.
Only train.jsonl is read; the held-out split never shapes the vocabulary.
"""
import argparse
import json
import sys

from byte_level_bpe import ADDED_TOKENS, ByteLevelBpe, train_merges
from chat_render import render_segments
from conversations_file import read_conversations


def plain_texts(conversations):
    """The rendered text between control tokens, which is what BPE will see."""
    for messages in conversations:
        for text, _ in render_segments(messages):
            for special in ("<|im_start|>", "<|im_end|>", "<think>", "</think>"):
                text = text.replace(special, "\0")
            yield from (piece for piece in text.split("\0") if piece)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True)
    parser.add_argument("--ids", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    merges = args.ids - 256 - len(ADDED_TOKENS)
    if merges < 0:
        print(f"error: --ids {args.ids} leaves no room for 256 bytes and {len(ADDED_TOKENS)} added tokens",
              file=sys.stderr)
        return 2
    conversations = [record["messages"] for record in read_conversations(args.data + "/train.jsonl")]
    bpe = ByteLevelBpe(train_merges(plain_texts(conversations), merges))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(bpe.tokenizer_json(), f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{args.out}: {bpe.id_count} ids ({len(bpe.merges)} merges)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
