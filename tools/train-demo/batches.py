"""Training batches from an encoded split (encode_data.py): conversations in a
seeded order per epoch, grouped by length so padding stays small, each batch at
most `batch_tokens` tokens including padding. The order depends only on (seed,
epoch), so a resumed run replays exactly the batches it would have seen."""
import numpy as np
import torch

SORT_WINDOW = 512     # conversations sorted by length together (more: less padding, less mixing)


class EncodedSplit:
    def __init__(self, path):
        try:
            data = np.load(path)
            self.tokens, self.assistant, self.offsets = data["tokens"], data["assistant"], data["offsets"]
        except (OSError, KeyError, ValueError) as e:
            raise ValueError(f"{path}: not an encoded split from encode_data.py ({e})") from None
        self.lengths = np.diff(self.offsets)

    def __len__(self):
        return len(self.lengths)

    def conversation(self, i):
        begin, end = self.offsets[i], self.offsets[i + 1]
        return self.tokens[begin:end], self.assistant[begin:end]


def epoch_batches(split, seed, epoch, batch_tokens):
    """Lists of conversation indices for one epoch."""
    order = np.random.default_rng([seed, epoch]).permutation(len(split))
    batches = []
    for start in range(0, len(order), SORT_WINDOW):
        window = sorted(order[start:start + SORT_WINDOW], key=lambda i: (split.lengths[i], i))
        batch = []
        for i in window:
            longest = max(int(split.lengths[i]), max((int(split.lengths[j]) for j in batch), default=0))
            if batch and longest * (len(batch) + 1) > batch_tokens:
                batches.append(batch)
                batch = []
            batch.append(int(i))
        if batch:
            batches.append(batch)
    np.random.default_rng([seed, epoch, 1]).shuffle(batches)   # lengths mixed across steps
    return batches


def make_batch(split, indices, pad_id):
    """tokens [B, T] (right-padded with pad_id) and assistant mask [B, T] (0 on padding)."""
    length = max(int(split.lengths[i]) for i in indices)
    tokens = torch.full((len(indices), length), pad_id, dtype=torch.long)
    mask = torch.zeros((len(indices), length), dtype=torch.bool)
    for row, i in enumerate(indices):
        ids, assistant = split.conversation(i)
        tokens[row, :len(ids)] = torch.from_numpy(ids.astype(np.int64))
        mask[row, :len(ids)] = torch.from_numpy(assistant.astype(bool))
    return tokens, mask
