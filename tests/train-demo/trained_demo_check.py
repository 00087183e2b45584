#!/usr/bin/python3
"""The trained demo as shipped (resources/trained-demo, issue 25):

  trained_demo_check.py --cli PENG_CLI [--model DIR] [--heldout FILE] [--expected FILE]

1. every file matches its SHA256SUMS (peng-cli verify);
2. peng-cli eval on held-out conversations the training never saw: the perplexity over
   the assistant's tokens is at most the issue's target (0.35 of the unigram model's on
   the full held-out split), and the mean NLL and token count are those recorded when
   the model was shipped (the engine is deterministic: a change means the model or the
   engine's math changed);
3. peng-cli make-model --preset trained writes a byte-identical copy, refuses a
   non-empty folder without --force and options that do not apply.
Exit 0 when all hold, 1 on a failed check, 2 when something could not run.
"""
import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class CheckError(Exception):
    pass


def run(cmd, expect=0):
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if r.returncode != expect:
        raise CheckError(f"{' '.join(cmd)}: exit {r.returncode} (wanted {expect})\n{r.stderr.strip()}")
    return r


def check_files(cli, model):
    report = json.loads(run([cli, "verify", model, "--json"]).stdout.strip().splitlines()[-1])
    changed = [f for f in report.get("files", []) if f.get("status") != "same"]
    if changed or not report.get("files"):
        raise CheckError(f"verify {model}: {changed or 'no files listed'}")
    print(f"files: {len(report['files'])} match SHA256SUMS")


def check_perplexity(cli, model, heldout, expected):
    report = json.loads(run([cli, "eval", model, "--jsonl", heldout, "--json"]).stdout.strip().splitlines()[-1])
    ppl, nll, tokens = report["perplexity"], report["mean_nll"], report["assistant_tokens"]
    print(f"held-out sample: {tokens} assistant tokens, mean NLL {nll:.6f}, perplexity {ppl:.3f} "
          f"(target <= {expected['target_perplexity']:.1f}, unigram {expected['unigram_perplexity']:.1f})")
    if ppl > expected["target_perplexity"]:
        raise CheckError(f"perplexity {ppl} above the target {expected['target_perplexity']}")
    if tokens != expected["sample_tokens"]:
        raise CheckError(f"{tokens} assistant tokens, recorded {expected['sample_tokens']}")
    if abs(nll - expected["sample_mean_nll"]) > 1e-4:
        raise CheckError(f"mean NLL {nll}, recorded {expected['sample_mean_nll']}")


def check_copy(cli, model):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "copy")
        run([cli, "make-model", "--preset", "trained", "--out", out])
        shipped = sorted(os.listdir(model))
        if sorted(os.listdir(out)) != shipped:
            raise CheckError(f"the copy lists {sorted(os.listdir(out))}, the shipped folder {shipped}")
        _, mismatch, errors = filecmp.cmpfiles(model, out, shipped, shallow=False)
        if mismatch or errors:
            raise CheckError(f"the copy differs in {mismatch + errors}")
        refused = run([cli, "make-model", "--preset", "trained", "--out", out], expect=1).stderr
        if "--force" not in refused:
            raise CheckError(f"a second copy into {out} was not refused with a hint: {refused}")
        run([cli, "make-model", "--preset", "trained", "--out", out, "--force"])
        bad = run([cli, "make-model", "--preset", "trained", "--format", "fp8", "--out", out + "2"], expect=1).stderr
        if "--format does not apply" not in bad or os.path.exists(out + "2"):
            raise CheckError(f"--format with --preset trained: {bad}")
    print(f"make-model --preset trained: {len(shipped)} files, byte-identical")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--model", default=os.path.join(ROOT, "resources", "trained-demo"))
    parser.add_argument("--heldout", default=os.path.join(HERE, "heldout-sample.jsonl"))
    parser.add_argument("--expected", default=os.path.join(HERE, "trained_demo_expected.json"))
    args = parser.parse_args(argv)
    try:
        with open(args.expected, encoding="utf-8") as f:
            expected = json.load(f)
        check_files(args.cli, args.model)
        check_perplexity(args.cli, args.model, args.heldout, expected)
        check_copy(args.cli, args.model)
    except CheckError as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print("trained demo: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
