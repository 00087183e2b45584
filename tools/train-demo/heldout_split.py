"""The held-out split: an item is held out when the hash of its key says so, so the
split never changes between runs and never depends on the order items are read in."""
import hashlib

HELDOUT_PER_MILLE = 40      # 4% of the items


def is_heldout(key, per_mille=HELDOUT_PER_MILLE):
    digest = hashlib.sha256(("heldout:" + key).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "little") % 1000 < per_mille
