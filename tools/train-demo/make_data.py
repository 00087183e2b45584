#!/usr/bin/python3
"""Writes the demo's conversations: train.jsonl and heldout.jsonl (one conversation
per line: {"key", "source", "messages"}), from WordNet and the fortune packages.

  make_data.py --out DIR [--words N] [--phrasings N] [--fortunes-per-language N]
               [--unseen-words N] [--two-turn-share X]

The demo learns a small world by heart: the N commonest words and a few hundred
sayings per language, each asked in --phrasings ways with one answer. The held-out
split asks a fifth of those items once more, in a phrasing training never used for
them (does the model know the item?), plus a few words training never saw (source
"wordnet-unseen": can it at least repeat the word?). Which items is fixed by the
hash of their key (heldout_split.py). Keys are ITEM#PHRASING, so no held-out
conversation is a training one.
"""
import argparse
import json
import os
import random
import re
import sys

from dialogues import define_word, tell_fortune
from fortune_source import FortuneError, load_fortunes
from heldout_split import KNOWN_ITEM_PER_MILLE, UNSEEN_WORD_PER_MILLE, is_heldout
from wordnet_source import WordNetError, load_words

# Sayings longer than this are hard to learn by heart at the demo's size; shorter
# ones make better chat answers too.
FORTUNE_MAX_CHARS = 160


# fortunes-zh's `chinese` collection mixes sayings with sections of the Debian
# reference manual ("1.1.9. 恢复一个正常的控制台", "第 11 章 数据转换"): not sayings.
MANUAL_SECTION = re.compile(r"^(\d+(\.\d+)*\.|第\s*\d+\s*章)")


def is_saying(f):
    """Short, and not a manual section, a link or framed text."""
    return (len(f.text) <= FORTUNE_MAX_CHARS and "://" not in f.text and "│" not in f.text
            and not MANUAL_SECTION.match(f.text))


def build_items(args):
    """[(item key, source, conversations)] to train on (the held-out phrasing last),
    and the unseen words' [(key, conversation)]."""
    words = load_words()
    common_rank = {w.lemma: rank for rank, w in enumerate(words)}
    asked = args.phrasings + 1
    items = [define_word(w, asked) + ("wordnet",) for w in words[:args.words]]
    unseen = []
    for w in words[args.words:]:
        key, conversations = define_word(w, 1)
        if len(unseen) < args.unseen_words and is_heldout(key, UNSEEN_WORD_PER_MILLE):
            unseen.append((key, conversations[0]))
    taken = {}
    for f in load_fortunes():
        if is_saying(f) and taken.get(f.language, 0) < args.fortunes_per_language:
            taken[f.language] = taken.get(f.language, 0) + 1
            items.append(tell_fortune(f, common_rank, asked) + ("fortunes-" + f.language,))
    return items, unseen


def split(items, unseen, phrasings):
    splits = {"train": [], "heldout": []}
    seen = set()
    for key, conversations, source in items:
        if key in seen:          # the same saying twice in a collection counts once
            continue
        seen.add(key)
        for i, messages in enumerate(conversations[:phrasings]):
            splits["train"].append({"key": f"{key}#{i}", "source": source, "messages": messages})
        if len(conversations) > phrasings and is_heldout(key, KNOWN_ITEM_PER_MILLE):
            splits["heldout"].append({"key": f"{key}#{phrasings}", "source": source,
                                      "messages": conversations[phrasings]})
    for key, messages in unseen:
        splits["heldout"].append({"key": key + "#0", "source": "wordnet-unseen", "messages": messages})
    return splits


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
    parser.add_argument("--words", type=int, default=600, help="the N commonest WordNet words")
    parser.add_argument("--phrasings", type=int, default=3, help="training conversations per item")
    parser.add_argument("--fortunes-per-language", type=int, default=150)
    parser.add_argument("--unseen-words", type=int, default=40)
    parser.add_argument("--two-turn-share", type=float, default=0.2)
    args = parser.parse_args(argv)
    if args.phrasings < 1 or args.words < 0 or args.fortunes_per_language < 0 or args.unseen_words < 0:
        parser.error("--phrasings must be at least 1, and the counts not negative")
    try:
        items, unseen = build_items(args)
    except (WordNetError, FortuneError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(25)
    for name, records in split(items, unseen, args.phrasings).items():
        records = join_turns(records, args.two_turn_share, rng)
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as f:
            for record in records:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"{name}: {len(records)} conversations", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
