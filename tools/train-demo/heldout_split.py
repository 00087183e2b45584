"""Which items the held-out split takes, by SHA-256 of the item's key, so the split
never changes between runs and never depends on the order items are read in.

The split (make_data.py writes it; README "Data" explains it):
- known words and sayings: those whose key hashes under HELDOUT_ITEM_PER_MILLE are
  asked once more in a held-out phrasing (question_forms.py's held-out parts,
  dialogues.py's held-out families); the phrasing, not the item, is what is new;
- real words past the taught ones (skipping RARE_GAP ranks, so the boundary is not
  a coin toss): those hashing under HELDOUT_RARE_PER_MILLE are held-out refusals,
  the others may be training refusals; a word is never in both;
- made-up words: another procedure and seed for the held-out ones (unknown_words.py).
"""
import hashlib

HELDOUT_ITEM_PER_MILLE = 200
HELDOUT_RARE_PER_MILLE = 150
RARE_GAP = 200


def is_heldout(key, per_mille):
    digest = hashlib.sha256(("heldout:" + key).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "little") % 1000 < per_mille
