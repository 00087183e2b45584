#!/usr/bin/python3
"""Writes the demo's conversations: train.jsonl and heldout.jsonl (one conversation
per line: {"key", "source", "turns" (what each turn is about), "messages"}), from
WordNet and the fortune packages.

  make_data.py --out DIR [--words N] [--phrasings N] [--fortunes-per-language N]
               [--rare-words N] [--made-up-words N] [--heldout-unknown N]
               [--multi-turn-share X] [--heldout-conversations N]

The demo learns a small world by heart: the N commonest words and a few hundred
sayings per language, each with one answer asked in many phrasings; it refuses
words it was not taught (made-up ones, and real words past the N) and requests
outside its world. Conversations have 1 to 5 turns, with follow-ups.

Held out, never trained (heldout_split.py says which and how):
- phrasings: every held-out question has at least one part training never uses
  (question_forms.py; sayings and requests have held-out families of their own);
- words: made-up words of another procedure and seed, real words past the N
  chosen by hash, none of them asked about in training;
- conversations: 2 to 4 turns of held-out questions, with held-out follow-ups.
"""
import argparse
import json
import os
import random
import re
import sys

from conversation_mix import chain, messages_of, mix, record
from dialogues import define_turns, fortune_turns, item_rng, word_answer
from fortune_source import FortuneError, load_fortunes
from heldout_split import HELDOUT_ITEM_PER_MILLE, HELDOUT_RARE_PER_MILLE, RARE_GAP, is_heldout
from question_forms import word_question
from refusals import (GREETINGS_HELDOUT, GREETINGS_TRAIN, HELDOUT_REQUESTS, TRAIN_REQUESTS, fill,
                      greeting_turn, outside_turn, unknown_word_turn)
from unknown_words import made_up_words
from wordnet_source import WordNetError, all_lemmas, load_words

# Sayings longer than this are hard to learn by heart at the demo's size; shorter
# ones make better chat answers too.
FORTUNE_MAX_CHARS = 160
REQUEST_FILLS = 8
HELDOUT_REQUEST_FILLS = 3
GREETING_REPEATS = 4

# fortunes-zh's `chinese` collection mixes sayings with sections of the Debian
# reference manual ("1.1.9. 恢复一个正常的控制台", "第 11 章 数据转换"): not sayings.
MANUAL_SECTION = re.compile(r"^(\d+(\.\d+)*\.|第\s*\d+\s*章)")


def is_saying(f):
    """Short, and not a manual section, a link or framed text."""
    return (len(f.text) <= FORTUNE_MAX_CHARS and "://" not in f.text and "│" not in f.text
            and not MANUAL_SECTION.match(f.text))


def tagged(turn, source):
    return dict(turn, source=source)


def misspellings(words, real, rng, count):
    """Known words with one letter changed into a non-word: refused like made-up words."""
    out = []
    for w in words:
        if len(out) == count:
            break
        if len(w) < 5 or not w.isalpha():
            continue
        i = rng.randrange(1, len(w) - 1)
        changed = w[:i] + rng.choice("aeiourstnlk".replace(w[i], "")) + w[i + 1:]
        if changed not in real:
            out.append(changed)
    return out


def word_items(args, words, real):
    """Training and held-out turns about words: definitions, and refusals of words
    not taught. Returns (train [(key, turn)], heldout [(key, turn)], known words)."""
    known = words[:args.words]
    train, heldout = [], []
    for w in known:
        key = "wordnet:" + w.lemma
        rng = item_rng("questions:" + key)
        train += [(f"{key}#t{i}", tagged(t, "wordnet")) for i, t in enumerate(define_turns(w, args.phrasings, rng))]
        if is_heldout(key, HELDOUT_ITEM_PER_MILLE):
            heldout += [(key + "#h0", tagged(t, "wordnet")) for t in define_turns(w, 1, rng, heldout=True)]
    rare_train, rare_heldout = [], []
    for w in words[args.words + RARE_GAP:]:
        if not w.lemma.isalpha():
            continue
        held = is_heldout("rare:" + w.lemma, HELDOUT_RARE_PER_MILLE)
        bucket, limit = (rare_heldout, args.heldout_unknown) if held else (rare_train, args.rare_words)
        if len(bucket) < limit:
            bucket.append(w.lemma)
    rng = random.Random(45)
    made_up = made_up_words(args.made_up_words, real, heldout=False)
    made_up += misspellings([w.lemma for w in rng.sample(known, len(known))], real, rng, args.made_up_words // 3)
    made_up_heldout = made_up_words(args.heldout_unknown, real, heldout=True, avoid=made_up)
    for source, names, bucket, held in (("unknown-rare", rare_train, train, False),
                                        ("unknown-made-up", made_up, train, False),
                                        ("unknown-rare", rare_heldout, heldout, True),
                                        ("unknown-made-up", made_up_heldout, heldout, True)):
        for name in names:
            q_rng = item_rng(f"questions:{source}:{name}")
            turn = unknown_word_turn(name, word_question(name, q_rng, held), q_rng)
            bucket.append((f"{source}:{name}#{'h' if held else 't'}0", tagged(turn, source)))
    return train, heldout, known


def other_items(args, common_rank):
    """Sayings, requests outside the demo's world and greetings: (train, heldout, sayings by language)."""
    train, heldout, sayings = [], [], {}
    seen, taken = set(), {}
    for f in load_fortunes():
        if not is_saying(f) or taken.get(f.language, 0) >= args.fortunes_per_language:
            continue
        key, turns, held = fortune_turns(f, common_rank, args.phrasings_sayings)
        if key in seen:          # the same saying twice in a collection counts once
            continue
        seen.add(key)
        taken[f.language] = taken.get(f.language, 0) + 1
        source = "fortunes-" + f.language
        train += [(f"{key}#t{i}", tagged(t, source)) for i, t in enumerate(turns)]
        sayings.setdefault(f.language, []).append(tagged(held, source))
        if is_heldout(key, HELDOUT_ITEM_PER_MILLE):
            heldout.append((key + "#h0", tagged(held, source)))
    rng = random.Random(4501)
    for i, template in enumerate(TRAIN_REQUESTS):
        for k in range(REQUEST_FILLS):
            train.append((f"outside:{i}#t{k}", tagged(outside_turn(fill(template, rng), rng), "outside")))
    for i, template in enumerate(HELDOUT_REQUESTS):
        for k in range(HELDOUT_REQUEST_FILLS):
            heldout.append((f"outside:h{i}#h{k}", tagged(outside_turn(fill(template, rng), rng), "outside")))
    for i, greeting in enumerate(GREETINGS_TRAIN):
        train += [(f"greeting:{i}#t{k}", tagged(greeting_turn(greeting), "greeting")) for k in range(GREETING_REPEATS)]
    for i, greeting in enumerate(GREETINGS_HELDOUT):
        heldout.append((f"greeting:h{i}#h0", tagged(greeting_turn(greeting), "greeting")))
    return train, heldout, sayings


def heldout_conversations(count, known, unknown_turns, sayings, rng):
    """Held-out conversations of 2 to 4 turns: known words asked in held-out
    phrasings, held-out sayings and refusals, follow-ups in held-out forms."""
    records = []
    languages = sorted(sayings)
    for n in range(count):
        turns = []
        for _ in range(rng.randint(2, 4)):
            roll = rng.random()
            if roll < 0.55 or not languages:
                w = rng.choice(known)
                thought, answer = word_answer(w)
                turns.append({"user": word_question(w.lemma, rng, heldout=True), "reasoning": thought,
                              "answer": answer, "kind": "define", "word": w.lemma, "source": "wordnet"})
            elif roll < 0.85:
                turns.append(rng.choice(sayings[rng.choice(languages)]))
            else:
                turns.append(rng.choice(unknown_turns))
        turns = chain(turns, rng, heldout=True, follow_up_share=0.5)
        records.append(record(f"conversation:h{n}", turns, messages_of(turns, rng)))
    return records


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--words", type=int, default=1000, help="the N commonest WordNet words")
    parser.add_argument("--phrasings", type=int, default=6, help="training questions per word")
    parser.add_argument("--phrasings-sayings", type=int, default=3, help="training questions per saying")
    parser.add_argument("--fortunes-per-language", type=int, default=150)
    parser.add_argument("--rare-words", type=int, default=450, help="real words past the N, refused in training")
    parser.add_argument("--made-up-words", type=int, default=300, help="made-up words refused in training")
    parser.add_argument("--heldout-unknown", type=int, default=60, help="held-out made-up and rare words, each")
    parser.add_argument("--multi-turn-share", type=float, default=0.4)
    parser.add_argument("--heldout-conversations", type=int, default=150)
    args = parser.parse_args(argv)
    if min(args.words, args.phrasings, args.phrasings_sayings) < 1 or min(
            args.fortunes_per_language, args.rare_words, args.made_up_words, args.heldout_unknown,
            args.heldout_conversations) < 0 or not 0 <= args.multi_turn_share <= 1:
        parser.error("--words and --phrasings must be at least 1, the counts not negative, the share in [0, 1]")
    try:
        words = load_words()
        real = all_lemmas()
        train, heldout, known = word_items(args, words, real)
        common_rank = {w.lemma: rank for rank, w in enumerate(words)}
        more_train, more_heldout, sayings = other_items(args, common_rank)
    except (WordNetError, FortuneError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    train += more_train
    heldout += more_heldout
    rng = random.Random(45)
    unknown = [t for _, t in heldout if t["kind"] == "refuse-word"]
    splits = {"train": mix(train, rng, args.multi_turn_share),
              "heldout": rng.sample(singles := [record(k, [t], messages_of([t], rng)) for k, t in heldout],
                                    len(singles))
              + heldout_conversations(args.heldout_conversations, known, unknown, sayings, rng)}
    os.makedirs(args.out, exist_ok=True)
    for name, records in splits.items():
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"{name}: {len(records)} conversations, {sum(len(r['turns']) for r in records)} turns",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
