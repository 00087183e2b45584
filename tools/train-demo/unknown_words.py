"""Words the demo was not taught, for its refusals: made-up words, and real WordNet
words past the ones it learns.

Made-up words come from two different procedures with their own seeds, so the
held-out ones are not merely other draws of the procedure training saw:
- training: syllables (consonant + vowel, sometimes a closing consonant), 2 or 3 of them;
- held out: a consonant cluster, a vowel pair or vowel, and an ending from a list
  ("florbix"-like), plus the issue's own probes.
Neither may be a real WordNet word, and no held-out made-up word is a training one.
Real words past the taught ones are split by a hash of the word (heldout_split.py).
"""
import random

ISSUE_PROBES = ["florbix", "zandoric", "quimble", "splorate", "trenvok", "glimbous"]

_CONSONANTS = "bdfgklmnprstvz"
_VOWELS = "aeiou"
_CLUSTERS = ["bl", "br", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sk", "sl", "sn", "sp", "st", "tr", "tw",
             "qu", "zh", "th"]
_NUCLEI = ["a", "e", "i", "o", "u", "oo", "ea", "ai", "ou", "y"]
_ENDINGS = ["bix", "mble", "rate", "vok", "mbous", "ndric", "zzle", "rf", "xen", "lth", "mp", "nk", "dge", "ckle"]


def _syllable_word(rng):
    parts = []
    for _ in range(rng.choice((2, 2, 3))):
        parts.append(rng.choice(_CONSONANTS) + rng.choice(_VOWELS) + (rng.choice(_CONSONANTS) if rng.random() < 0.3
                                                                       else ""))
    return "".join(parts)


def _cluster_word(rng):
    word = rng.choice(_CLUSTERS) + rng.choice(_NUCLEI) + rng.choice(_ENDINGS)
    if rng.random() < 0.4:
        word = rng.choice(_CONSONANTS) + rng.choice(_VOWELS) + word
    return word


def made_up_words(count, real_words, heldout, avoid=()):
    """`count` made-up words, none a real word or in `avoid`; training and held-out
    words come from different procedures and seeds."""
    rng = random.Random(4545 if heldout else 45)
    make = _cluster_word if heldout else _syllable_word
    words = [w for w in ISSUE_PROBES if w not in real_words] if heldout else []
    taken = set(words) | set(avoid)
    attempts = 0
    while len(words) < count:
        attempts += 1
        if attempts > 100 * count + 1000:
            raise ValueError(f"cannot make {count} distinct made-up words")
        word = make(rng)
        if word not in real_words and word not in taken and 4 <= len(word) <= 11:
            taken.add(word)
            words.append(word)
    return words[:count]
