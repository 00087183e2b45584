#!/usr/bin/python3
"""The issue's yardstick: a unigram model of the same tokenizer fitted on the
training split's assistant tokens (add-one smoothing over the tokenizer's ids),
and its perplexity on the held-out assistant tokens. The trained demo's target is
at most 0.35 of this perplexity, measured with `peng-cli eval`.

  unigram_baseline.py --encoded DIR --tokenizer FILE
"""
import argparse
import json
import math
import os
import sys

import numpy as np

from training_state import tokenizer_facts


def assistant_tokens(path):
    data = np.load(path)
    return data["tokens"][data["assistant"].astype(bool)]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--encoded", required=True)
    parser.add_argument("--tokenizer", required=True)
    args = parser.parse_args(argv)
    ids, _ = tokenizer_facts(args.tokenizer)
    counts = np.bincount(assistant_tokens(os.path.join(args.encoded, "train.npz")), minlength=ids) + 1.0
    log_p = np.log(counts / counts.sum())
    heldout = assistant_tokens(os.path.join(args.encoded, "heldout.npz"))
    mean_nll = float(-log_p[heldout].mean())
    print(json.dumps({"heldout_assistant_tokens": int(heldout.size), "unigram_mean_nll": mean_nll,
                      "unigram_perplexity": math.exp(mean_nll), "target_perplexity": 0.35 * math.exp(mean_nll)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
