"""Ways a user asks what a word means, built from parts: a core question, how the
word is written in it (quoted or not), a polite opening or closing, the end
punctuation, the casing and now and then a typo. Every part comes in a training
set and a held-out set; a training question uses training parts only, a held-out
one at least one held-out part, so no held-out phrasing is ever trained and the
held-out split measures whether the model understood the question rather than
remembered its wording."""

# {q} is the word as written in the question (quoted or not).
TRAIN_CORES = [
    "what does {q} mean", "what is the meaning of {q}", "define {q}", "meaning of {q}", "what's the meaning of {q}",
    "tell me what {q} means", "explain {q}", "what is {q}", "definition of {q}", "give me the definition of {q}",
    "can you define {q}", "I don't know what {q} means", "{q}: what does it mean", "how would you define {q}",
    "I'd like to know what {q} means", "explain the meaning of {q}", "{q} meaning", "do you know what {q} means",
    "could you explain {q} to me", "what is meant by {q}", "I came across {q}. What does it mean",
    "help me understand {q}", "{q}", "what do you know about {q}", "tell me about {q}", "whats {q} mean",
]
HELDOUT_CORES = [
    "what exactly does {q} mean", "what is the definition of {q}", "I want to know the meaning of {q}",
    "can you explain what {q} means", "look up {q}", "what's the sense of {q}", "any idea what {q} means",
    "could you give me the meaning of {q}",
]
# The word itself: bare, in quotes, or named as a word.
TRAIN_QUOTES = ["{w}", "{w}", '"{w}"', '"{w}"', "the word {w}", 'the word "{w}"', "'{w}'"]
HELDOUT_QUOTES = ["\u201c{w}\u201d", "*{w}*", 'the term "{w}"']
TRAIN_OPENINGS = ["", "", "", "", "please ", "hi! ", "hey, ", "quick question: ", "sorry, ", "hello. ",
                  "could you help me? ", "ok, "]
HELDOUT_OPENINGS = ["excuse me, ", "good morning! ", "hi there, "]
TRAIN_CLOSINGS = ["", "", "", "", " please", ", thanks", " thank you"]
HELDOUT_CLOSINGS = [" if you can", ", cheers"]
ENDINGS = ["?", "?", "?", "", ".", "??", "?!"]

# Follow-ups that only make sense after an earlier question about a word.
TRAIN_FOLLOW_UPS = ["and {q}", "what about {q}", "how about {q}", "and {q}, what does it mean", "now {q}"]
HELDOUT_FOLLOW_UPS = ["ok, and {q}", "same for {q}"]

TYPO_SHARE = 0.12
UPPER_SHARE = 0.05
LOWER_SHARE = 0.3


def _typo(text, protected, rng):
    """One slip (a letter dropped, doubled or swapped) in a word outside `protected`
    (the span of the asked word), so the question still names the word right."""
    positions = [i for i in range(1, len(text) - 1)
                 if text[i].isalpha() and text[i + 1].isalpha() and not protected[0] <= i < protected[1] + 1]
    if not positions:
        return text
    i = rng.choice(positions)
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + text[i + 1:]
    if kind == 1:
        return text[:i] + text[i] + text[i:]
    return text[:i] + text[i + 1] + text[i] + text[i + 2:]


def _casing(text, rng):
    roll = rng.random()
    if roll < UPPER_SHARE:
        return text.upper()
    if roll < UPPER_SHARE + LOWER_SHARE:
        return text.lower()
    return text[:1].upper() + text[1:]


def compose(core, word, quote, opening, closing, ending, rng):
    """One question: the parts joined, then casing, then maybe a typo."""
    quoted = quote.format(w=word)
    sentence = core.format(q=quoted)
    text = opening + sentence + closing + ending
    start = text.find(quoted)
    if rng.random() < TYPO_SHARE:
        text = _typo(text, (start, start + len(quoted)), rng)
    return _casing(text, rng)


def _parts(heldout):
    if heldout:
        return TRAIN_CORES + HELDOUT_CORES, TRAIN_QUOTES + HELDOUT_QUOTES, TRAIN_OPENINGS + HELDOUT_OPENINGS, \
            TRAIN_CLOSINGS + HELDOUT_CLOSINGS
    return TRAIN_CORES, TRAIN_QUOTES, TRAIN_OPENINGS, TRAIN_CLOSINGS


def _is_heldout(core, quote, opening, closing):
    return (core in HELDOUT_CORES or core in HELDOUT_FOLLOW_UPS or quote in HELDOUT_QUOTES
            or opening in HELDOUT_OPENINGS or closing in HELDOUT_CLOSINGS)


def word_question(word, rng, heldout=False, follow_up=False):
    """A question about `word`: training parts only, or (heldout) at least one
    held-out part. follow_up: the elliptic forms ("and X?") used after a first turn."""
    cores, quotes, openings, closings = _parts(heldout)
    if follow_up:
        cores = TRAIN_FOLLOW_UPS + (HELDOUT_FOLLOW_UPS if heldout else [])
        openings, closings = [""], [""]
    while True:
        parts = rng.choice(cores), rng.choice(quotes), rng.choice(openings), rng.choice(closings)
        if _is_heldout(*parts) == heldout:
            return compose(parts[0], word, parts[1], parts[2], parts[3], rng.choice(ENDINGS), rng)


def all_training_parts():
    """Every training part, for the test that no held-out part is among them."""
    return set(TRAIN_CORES) | set(TRAIN_QUOTES) | set(TRAIN_OPENINGS) | set(TRAIN_CLOSINGS) | set(TRAIN_FOLLOW_UPS)
