#!/usr/bin/python3
"""`peng-cli eval` against the float64 reference on one model directory.

  eval_check.py MODEL_DIR --cli PEng_CLI [--jsonl FILE] [--tolerance 1e-6]

For every conversation, the tokens and which of them the assistant wrote come
from `peng-cli template --ids` (the conversation without a generation prompt; the
prefix before each assistant message with one), and the negative log-likelihood
of those tokens from the reference's logits (tests/reference), normalised over
the tokenizer's ids. `peng-cli eval --per-conversation --json` must report the
same token counts and NLL sums to a relative tolerance. Without --jsonl a few
built-in conversations are used (two turns, reasoning, empty reasoning, non-ASCII).
Exit 0 on agreement, 1 on a mismatch, 2 when something could not run.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from mimo_reference import MimoReference, tokenizer_id_count  # noqa: E402

BUILT_IN = [
    [{"role": "user", "content": "What does \"harbor\" mean?"},
     {"role": "assistant", "content": "A sheltered port where ships can stay.", "reasoning_content": "A noun."}],
    [{"role": "system", "content": "Be brief."},
     {"role": "user", "content": "Dimmi una massima."},
     {"role": "assistant", "content": "Chi va piano va sano e va lontano.", "reasoning_content": ""},
     {"role": "user", "content": "给我讲一句谚语。"},
     {"role": "assistant", "content": "男大当婚，女大当嫁。", "reasoning_content": "用户想听一句谚语。"}],
]


class CheckError(Exception):
    pass


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise CheckError(f"{' '.join(command)} exited with {done.returncode}:\n{done.stderr[-3000:]}")
    return done.stdout


def template_ids(cli, model_dir, messages, generation_prompt, work):
    path = os.path.join(work, "messages.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(messages, f, ensure_ascii=False)
    command = [cli, "template", model_dir, "--messages", path, "--ids"]
    if not generation_prompt:
        command.append("--no-generation-prompt")
    return json.loads(run(command).strip().splitlines()[-1])


def reference_scores(reference, ids_allowed, cli, model_dir, messages, work):
    """(token count, assistant token count, NLL sum) by the reference."""
    tokens = template_ids(cli, model_dir, messages, False, work)
    scored = np.zeros(len(tokens), dtype=bool)
    for i, message in enumerate(messages):
        if message["role"] == "assistant":
            begin = len(template_ids(cli, model_dir, messages[:i], True, work))
            end = len(template_ids(cli, model_dir, messages[:i + 1], False, work))
            scored[begin:end] = True
    logits, _ = reference.logits(tokens)
    logits = logits[:, :ids_allowed]
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    nll = -sum(log_probs[i - 1, tokens[i]] for i in range(1, len(tokens)) if scored[i])
    return len(tokens), int(scored.sum()), float(nll)


def check(model_dir, cli, conversations, tolerance):
    reference = MimoReference(model_dir)
    allowed = tokenizer_id_count(model_dir)
    with tempfile.TemporaryDirectory() as work:
        jsonl = os.path.join(work, "eval.jsonl")
        with open(jsonl, "w", encoding="utf-8") as f:
            for messages in conversations:
                f.write(json.dumps({"messages": messages}, ensure_ascii=False) + "\n")
        engine = json.loads(run([cli, "eval", model_dir, "--jsonl", jsonl, "--json", "--per-conversation"])
                            .strip().splitlines()[-1])
        worst = 0.0
        total_nll = total_count = 0
        for messages, row in zip(conversations, engine["per_conversation"]):
            tokens, count, nll = reference_scores(reference, allowed, cli, model_dir, messages, work)
            if (row["tokens"], row["assistant_tokens"]) != (tokens, count):
                raise CheckError(f"line {row['line']}: engine counts {row['tokens']} tokens / "
                                 f"{row['assistant_tokens']} assistant, reference {tokens} / {count}")
            worst = max(worst, abs(row["nll_sum"] - nll) / max(abs(nll), 1e-12))
            total_nll += nll
            total_count += count
    mean = total_nll / total_count
    result = {"conversations": len(conversations), "engine_mean_nll": engine["mean_nll"], "reference_mean_nll": mean,
              "worst_relative_diff": worst, "perplexity": engine["perplexity"]}
    if worst > tolerance or abs(engine["perplexity"] - math.exp(mean)) > tolerance * math.exp(mean) * 10:
        raise CheckError(f"engine and reference disagree: {json.dumps(result)}")
    return result


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir")
    parser.add_argument("--cli", required=True)
    parser.add_argument("--jsonl")
    parser.add_argument("--limit", type=int, default=8)
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args(argv)
    conversations = BUILT_IN
    if args.jsonl:
        with open(args.jsonl, encoding="utf-8") as f:
            conversations = [json.loads(line)["messages"] for line in f if line.strip()][:args.limit]
    try:
        print(json.dumps(check(args.model_dir, args.cli, conversations, args.tolerance)))
    except CheckError as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1 if "disagree" in str(e) or "counts" in str(e) else 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
