#!/usr/bin/python3
"""Greedy answers of a model to held-out prompts, through peng-cli (issue 25's answer
check): the first user turn of held-out conversations, a fixed share per source
(WordNet definitions, and sayings in English, Italian, Spanish and Chinese), taken in
file order so the selection is the same on every run.

  heldout_answers.py --model DIR --heldout FILE [--count 40] [--ngen 160] [--cli PENG_CLI]
                     [--out FILE.jsonl] [--markdown]

One JSON object per prompt on stdout or --out: source, prompt, the held-out answer, the
model's thinking and answer, and two mechanical checks: `same_as_reference` (the
answer is the held-out answer, character for character) and, for definitions,
`names_word` (the answer starts by quoting the asked word). --markdown prints a table
for the closing note instead. Whether an answer is on topic and grammatical is still
for a reader to say; the checks only bound it.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Shares of the 40: definitions of trained words in unseen phrasings are the demo's
# main skill; two words it never saw show whether it at least repeats the word; then
# sayings, one share per language.
SHARES = {"wordnet": 0.35, "wordnet-unseen": 0.05, "fortunes-en": 0.15, "fortunes-it": 0.15, "fortunes-es": 0.15,
          "fortunes-zh": 0.15}
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pick(heldout_path, count):
    wanted = {source: round(count * share) for source, share in SHARES.items()}
    picked = []
    with open(heldout_path, encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            source = item["source"].split("+")[0]
            if wanted.get(source, 0) > 0:
                wanted[source] -= 1
                picked.append({"source": source, "prompt": item["messages"][0]["content"],
                               "heldout_answer": item["messages"][1]["content"]})
    return picked


def asked_word(reference):
    """The word a reference definition is about: it starts '"word" is ...' or '"word" has ...'."""
    return reference.split('"')[1] if reference.startswith('"') and reference.count('"') >= 2 else None


def judge(item, reply):
    checks = {"same_as_reference": reply.strip() == item["heldout_answer"].strip()}
    if item["source"].startswith("wordnet"):
        word = asked_word(item["heldout_answer"])
        checks["names_word"] = word is not None and reply.startswith(f'"{word}"')
    return checks


def split_thinking(text):
    if "</think>" in text:
        thinking, answer = text.split("</think>", 1)
        return thinking.replace("<think>", "").strip(), answer.strip()
    return "", text.strip()


def answer(cli, model, prompt, ngen):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump([{"role": "user", "content": prompt}], f)
        messages = f.name
    try:
        run = subprocess.run([cli, "run", model, "--messages", messages, "--ngen", str(ngen), "--temp", "0",
                              "--kv-store", "none", "--json"], capture_output=True, text=True, check=False)
    finally:
        os.unlink(messages)
    if run.returncode != 0:
        raise RuntimeError(f"peng-cli run failed ({run.returncode}): {run.stderr.strip()}")
    report = json.loads(run.stdout.strip().splitlines()[-1])
    return split_thinking(report.get("text", "")) + (report["stop_reason"],)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--heldout", required=True)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--ngen", type=int, default=160)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build/tools/peng-cli/peng-cli"))
    parser.add_argument("--out")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for item in pick(args.heldout, args.count):
        thinking, reply, stop = answer(args.cli, args.model, item["prompt"], args.ngen)
        rows.append(dict(item, thinking=thinking, answer=reply, stop_reason=stop, **judge(item, reply)))
        print(f"{len(rows)}/{args.count} {item['source']}", file=sys.stderr)
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    if args.markdown:
        out.write("| # | source | prompt | answer (greedy) | = reference |\n|---|---|---|---|---|\n")
        for k, r in enumerate(rows, 1):
            cell = lambda s: s.replace("|", "\\|").replace("\n", " / ")  # noqa: E731
            same = "yes" if r["same_as_reference"] else "no"
            out.write(f"| {k} | {r['source']} | {cell(r['prompt'])} | {cell(r['answer'])} | {same} |\n")
    else:
        for r in rows:
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
