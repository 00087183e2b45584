"""English words, their meanings and examples, from Debian's wordnet-base.

Words are ranked by how often their senses were tagged in the Semantic Concordance
(cntlist.rev), so the most common English words come first. Each word keeps its
senses in WordNet's own order (most frequent first) with gloss and examples.
"""
import os
from dataclasses import dataclass, field

POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}


@dataclass
class Sense:
    pos: str          # "noun", "verb", "adjective", "adverb"
    gloss: str        # the definition
    examples: list    # quoted usage examples, without the quotes


@dataclass
class Word:
    lemma: str        # as written ("ice cream", not "ice_cream")
    tag_count: int    # how often its senses were seen in tagged text
    senses: list = field(default_factory=list)


class WordNetError(Exception):
    pass


def _read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="strict") as f:
            return [line for line in f if not line.startswith("  ")]  # licence header lines start with 2 spaces
    except OSError as e:
        raise WordNetError(f"{path}: cannot read WordNet ({e}); install wordnet-base") from None


def _split_gloss(gloss):
    """'a definition; "an example"; "another"' -> (definition, [examples])."""
    parts = [p.strip() for p in gloss.split(";")]
    definition = [p for p in parts if p and not p.startswith('"')]
    examples = [p.strip('"').strip() for p in parts if p.startswith('"') and len(p) > 2]
    return "; ".join(definition), examples


def _synsets(wordnet_dir, pos_file):
    """offset -> (pos letter, gloss) for one data.* file."""
    synsets = {}
    for line in _read_lines(os.path.join(wordnet_dir, "data." + pos_file)):
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        if len(fields) < 3:
            continue
        synsets[fields[0]] = (fields[2], gloss.strip())
    return synsets


# The digit after '%' in a sense key: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 satellite adjective.
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}


def _tag_counts(wordnet_dir):
    """(lemma, pos letter) -> tagged occurrences, summed over its senses."""
    counts = {}
    for line in _read_lines(os.path.join(wordnet_dir, "cntlist.rev")):
        fields = line.split()
        if len(fields) == 3 and "%" in fields[0]:
            lemma, key = fields[0].split("%", 1)
            pos = SENSE_KEY_POS.get(key[:1])
            if pos:
                counts[(lemma, pos)] = counts.get((lemma, pos), 0) + int(fields[2])
    return counts


def load_words(wordnet_dir="/usr/share/wordnet", max_senses=3):
    """Words with at least one tagged sense, most common first (ties by name)."""
    counts = _tag_counts(wordnet_dir)
    words = {}
    by_pos = {}   # lemma -> [(pos count, senses)], so the commonest part of speech comes first
    for pos_letter, pos_file in POS_FILES.items():
        synsets = _synsets(wordnet_dir, pos_file)
        for line in _read_lines(os.path.join(wordnet_dir, "index." + pos_file)):
            fields = line.split()
            if len(fields) < 6:
                continue
            lemma = fields[0]
            pos_count = counts.get((lemma, pos_letter), 0)
            if pos_count == 0 or not lemma.replace("_", "").replace("-", "").isalpha():
                continue
            synset_count = int(fields[2])
            pointer_count = int(fields[3])
            tagged = int(fields[5 + pointer_count])   # senses seen in tagged text, listed first
            offsets = fields[6 + pointer_count:6 + pointer_count + synset_count]
            word = words.setdefault(lemma, Word(lemma.replace("_", " "), 0))
            word.tag_count += pos_count
            senses = []
            for offset in offsets[:max(1, min(tagged, max_senses))]:
                if offset not in synsets:
                    raise WordNetError(f"index.{pos_file}: {lemma} names synset {offset} missing from data.{pos_file}")
                letter, gloss = synsets[offset]
                definition, examples = _split_gloss(gloss)
                if definition:
                    senses.append(Sense(POS_NAMES[letter], definition, examples))
            by_pos.setdefault(lemma, []).append((pos_count, senses))
    for lemma, groups in by_pos.items():
        groups.sort(key=lambda g: -g[0])
        words[lemma].senses = [s for _, senses in groups for s in senses]
    ranked = [w for w in words.values() if w.senses]
    ranked.sort(key=lambda w: (-w.tag_count, w.lemma))
    for w in ranked:
        w.senses = w.senses[:max_senses]
    return ranked


def all_lemmas(wordnet_dir="/usr/share/wordnet"):
    """Every lemma in WordNet's indexes, tagged or not (as written, '_' as space):
    made-up words must not be among them."""
    lemmas = set()
    for pos_file in POS_FILES.values():
        for line in _read_lines(os.path.join(wordnet_dir, "index." + pos_file)):
            fields = line.split(None, 1)
            if fields:
                lemmas.add(fields[0].replace("_", " "))
    return lemmas
