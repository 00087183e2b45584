"""A byte-level BPE in the form Peng reads (spec 6): Qwen2's pre-tokenizer split,
GPT-2's byte-to-unicode alphabet, merges as "a b" strings, MiMo's added tokens.
Training counts pre-tokenized words once and updates pair counts incrementally,
so thousands of merges over the whole corpus take seconds, not hours."""
import heapq
import json
from collections import Counter, defaultdict

import regex

# Qwen2's split (spec 6): digits one at a time, words with one leading non-letter,
# punctuation runs, newlines, whitespace.
QWEN2_SPLIT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
               r"|\s*[\r\n]+|\s+(?!\S)|\s+")
SPLITTER = regex.compile(QWEN2_SPLIT)

# Qwen2's added tokens from 151643 upwards, then MiMo's own (spec 6), with their
# "special" flags; they follow the learned vocabulary here.
ADDED_TOKENS = [
    ("<|endoftext|>", True), ("<|im_start|>", True), ("<|im_end|>", True), ("<|object_ref_start|>", True),
    ("<|object_ref_end|>", True), ("<|box_start|>", True), ("<|box_end|>", True), ("<|quad_start|>", True),
    ("<|quad_end|>", True), ("<|vision_start|>", True), ("<|vision_end|>", True), ("<|vision_pad|>", True),
    ("<|image_pad|>", True), ("<|video_pad|>", True), ("<tool_call>", False), ("</tool_call>", False),
    ("<|fim_prefix|>", False), ("<|fim_middle|>", False), ("<|fim_suffix|>", False), ("<|fim_pad|>", False),
    ("<|repo_name|>", False), ("<|file_sep|>", False), ("<tool_response>", False), ("</tool_response>", False),
    ("<think>", False), ("</think>", False), ("<|audio_pad|>", True), ("<|mimo_video_start|>", True),
    ("<|mimo_video_end|>", True), ("<|mimo_audio_start|>", True), ("<|mimo_audio_end|>", True),
]
ADDED_SPLIT = regex.compile("(" + "|".join(regex.escape(t) for t, _ in
                                           sorted(ADDED_TOKENS, key=lambda t: -len(t[0]))) + ")")


def bytes_to_unicode():
    """GPT-2's map: printable bytes stand for themselves, the rest move to 256+."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars = printable[:]
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {b: chr(c) for b, c in zip(printable, chars)}


BYTE_CHARS = bytes_to_unicode()
CHAR_BYTES = {c: b for b, c in BYTE_CHARS.items()}


def pre_tokenize(text):
    """Byte-level words of a text that holds no added token."""
    return ["".join(BYTE_CHARS[b] for b in piece.encode("utf-8")) for piece in SPLITTER.findall(text)]


def train_merges(texts, num_merges):
    """The first num_merges merges, most frequent pair first (ties: smallest pair)."""
    word_counts = Counter()
    for text in texts:
        word_counts.update(pre_tokenize(text))
    words = [list(w) for w in word_counts]
    counts = list(word_counts.values())
    pair_counts = Counter()
    where = defaultdict(set)
    for i, symbols in enumerate(words):
        for pair in zip(symbols, symbols[1:]):
            pair_counts[pair] += counts[i]
            where[pair].add(i)
    heap = [(-c, p) for p, c in pair_counts.items()]
    heapq.heapify(heap)
    merges = []
    while len(merges) < num_merges and heap:
        neg, pair = heapq.heappop(heap)
        if pair_counts.get(pair, 0) != -neg or -neg <= 0:
            continue                                   # stale entry
        merges.append(pair)
        merged = pair[0] + pair[1]
        changed = set()
        for i in list(where[pair]):
            symbols, n = words[i], counts[i]
            for p in zip(symbols, symbols[1:]):
                pair_counts[p] -= n
                changed.add(p)
            out, j = [], 0
            while j < len(symbols):
                if j + 1 < len(symbols) and symbols[j] == pair[0] and symbols[j + 1] == pair[1]:
                    out.append(merged)
                    j += 2
                else:
                    out.append(symbols[j])
                    j += 1
            words[i] = out
            for p in zip(out, out[1:]):
                pair_counts[p] += n
                where[p].add(i)
                changed.add(p)
        del pair_counts[pair]
        where.pop(pair, None)
        for p in changed:
            if pair_counts.get(p, 0) > 0:
                heapq.heappush(heap, (-pair_counts[p], p))
    return merges


class ByteLevelBpe:
    def __init__(self, merges):
        self.merges = [tuple(m) for m in merges]
        self.rank = {m: r for r, m in enumerate(self.merges)}
        self.vocab = {}
        for c in BYTE_CHARS.values():
            self.vocab.setdefault(c, len(self.vocab))
        for a, b in self.merges:
            self.vocab.setdefault(a + b, len(self.vocab))
        self.added = {}
        for text, _ in ADDED_TOKENS:
            self.added[text] = len(self.vocab) + len(self.added)
        self.id_count = len(self.vocab) + len(self.added)
        self.id_to_token = {i: t for t, i in self.vocab.items()}
        self.id_to_token.update({i: t for t, i in self.added.items()})
        self._cache = {}

    def _word_ids(self, word):
        if word not in self._cache:
            symbols = list(word)
            while len(symbols) > 1:
                ranked = [(self.rank.get(p, 1 << 60), k) for k, p in enumerate(zip(symbols, symbols[1:]))]
                best, k = min(ranked)
                if best == 1 << 60:
                    break
                symbols[k:k + 2] = [symbols[k] + symbols[k + 1]]
            self._cache[word] = [self.vocab[s] for s in symbols]
        return self._cache[word]

    def encode(self, text):
        """Added tokens are matched atomically (longest first); the text between them is BPE."""
        ids = []
        for k, piece in enumerate(ADDED_SPLIT.split(text)):
            if k % 2:
                ids.append(self.added[piece])
            else:
                for word in pre_tokenize(piece):
                    ids.extend(self._word_ids(word))
        return ids

    def decode(self, ids):
        data = bytearray()
        for i in ids:
            token = self.id_to_token[i]
            data += token.encode("utf-8") if token in self.added else bytes(CHAR_BYTES[c] for c in token)
        return data.decode("utf-8", errors="replace")

    def tokenizer_json(self):
        """The HF tokenizer.json (the structure peng-cli make-model writes)."""
        byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False}
        return {
            "version": "1.0", "truncation": None, "padding": None,
            "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                              "normalized": False, "special": special}
                             for (t, special), i in zip(ADDED_TOKENS, self.added.values())],
            "normalizer": None,
            "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
                {"type": "Split", "pattern": {"Regex": QWEN2_SPLIT}, "behavior": "Isolated", "invert": False},
                byte_level]},
            "post_processor": byte_level, "decoder": byte_level,
            "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                      "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                      "vocab": self.vocab, "merges": [a + " " + b for a, b in self.merges]},
        }

    @staticmethod
    def from_tokenizer_json(path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        bpe = ByteLevelBpe([m.split(" ") for m in data["model"]["merges"]])
        if bpe.vocab != data["model"]["vocab"] or \
                [t["content"] for t in data["added_tokens"]] != [t for t, _ in ADDED_TOKENS]:
            raise ValueError(f"{path}: not a tokenizer this script wrote (its vocabulary differs)")
        return bpe
