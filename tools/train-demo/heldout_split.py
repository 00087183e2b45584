"""Which items give a held-out conversation: those whose key hashes below the given
share, so the split never changes between runs and never depends on the order
items are read in."""
import hashlib

KNOWN_ITEM_PER_MILLE = 200     # items asked once more, in a phrasing training never sees
UNSEEN_WORD_PER_MILLE = 40     # words past the trained ones, for the copying check


def is_heldout(key, per_mille):
    digest = hashlib.sha256(("heldout:" + key).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "little") % 1000 < per_mille
