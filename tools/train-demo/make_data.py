#!/usr/bin/python3
"""Writes the demo's conversations: train.jsonl and heldout.jsonl (one conversation
per line: {"key", "source", "messages"}), from WordNet and the fortune packages.

  make_data.py --out DIR [--words N] [--fortunes-per-language N] [--two-turn-share X]

Items (a word, a fortune) are split by the hash of their key (heldout_split.py), so
the held-out items never reach training, whatever the limits.
"""
import argparse
import json
import os
import random
import sys

from dialogues import define_word, tell_fortune
from fortune_source import FortuneError, load_fortunes
from heldout_split import is_heldout
from wordnet_source import WordNetError, load_words


def build_items(word_limit, fortunes_per_language):
    words = load_words()
    common_rank = {w.lemma: rank for rank, w in enumerate(words)}
    items = [define_word(w) + ("wordnet",) for w in words[:word_limit]]
    taken = {}
    for f in load_fortunes():
        if taken.get(f.language, 0) < fortunes_per_language:
            taken[f.language] = taken.get(f.language, 0) + 1
            items.append(tell_fortune(f, common_rank) + ("fortunes-" + f.language,))
    return items


def join_turns(records, share, rng):
    """Merges pairs of conversations into two-turn ones, so the model sees a second
    question after a finished answer (and contexts past the sliding window)."""
    rng.shuffle(records)
    pairs = int(len(records) * share) // 2
    merged = [{"key": a["key"] + "|" + b["key"], "source": a["source"] + "+" + b["source"],
               "messages": a["messages"] + b["messages"]}
              for a, b in zip(records[:pairs], records[pairs:2 * pairs])]
    return merged + records[2 * pairs:]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--words", type=int, default=1 << 30, help="the N commonest WordNet words")
    parser.add_argument("--fortunes-per-language", type=int, default=1 << 30)
    parser.add_argument("--two-turn-share", type=float, default=0.2)
    args = parser.parse_args(argv)
    try:
        items = build_items(args.words, args.fortunes_per_language)
    except (WordNetError, FortuneError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    splits = {"train": [], "heldout": []}
    seen = set()
    for key, messages, source in items:
        if key in seen:          # the same saying in two collections counts once
            continue
        seen.add(key)
        splits["heldout" if is_heldout(key) else "train"].append(
            {"key": key, "source": source, "messages": messages})
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(25)
    for name, records in splits.items():
        records = join_turns(records, args.two_turn_share, rng)
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as f:
            for record in records:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"{name}: {len(records)} conversations", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
