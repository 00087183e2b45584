#!/usr/bin/python3
"""Greedy answers of a model to held-out questions through peng-cli, with thinking on
and off, judged against issue 45's targets.

  heldout_answers.py --model DIR --heldout FILE --train FILE [--per-kind N] [--ngen 160]
                     [--cli PENG_CLI] [--out FILE.jsonl] [--summary FILE.json]

Questions, in file order (the same on every run; make_data.py writes the file):
- define: a known word in a held-out phrasing;
- refuse-made-up / refuse-rare: a held-out made-up word / a real word never taught;
- outside: a held-out request outside the demo's world; greeting;
- saying: a held-out request for a saying (each language);
- second-turn: the second question of a held-out conversation, after the first
  question and its reference answer.
Each is asked twice, thinking on (the app's default) and off (--no-think).

Judged mechanically from the record's "turns":
- define on topic: the answer starts by quoting the asked word and is no refusal;
- refusal: the answer says it does not know the word (refuse-*), or that it cannot
  help (outside); a greeting says what the demo is;
- saying on topic: the reference answer, or a saying training taught in the asked
  language that names the asked author or topic (a plain or "another one" request:
  any taught saying in that language, not the previous one);
- thinking (when on) names the asked word, for word questions.
The summary gives each rate with thinking on and off against the targets: on topic
>= 3/4 (define, saying), refusals >= 5/6, second turns >= 3/4, on as good as off.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = {"define": 0.75, "saying": 0.75, "refuse-made-up": 5 / 6, "refuse-rare": 5 / 6, "outside": 5 / 6,
           "greeting": 0.75, "second-turn": 0.75}
REFUSAL = "don't know the word"
CANNOT = "can't help"


def category(record):
    """The measurement a held-out record serves, or None."""
    turns = record["turns"]
    if len(turns) > 1:
        return "second-turn"
    kind = turns[0]["kind"]
    if kind == "refuse-word":
        return "refuse-made-up" if record["source"] == "unknown-made-up" else "refuse-rare"
    return {"define": "define", "saying": "saying", "refuse-request": "outside", "greeting": "greeting"}.get(kind)


def pick(heldout_path, per_kind):
    """[(category, history messages, asked turn, reference answer, previous answer)]."""
    wanted = {c: per_kind for c in TARGETS}
    wanted["greeting"] = min(per_kind, 3)
    picked = []
    with open(heldout_path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            kind = category(record)
            if kind is None or wanted.get(kind, 0) <= 0:
                continue
            wanted[kind] -= 1
            asked = 1 if kind == "second-turn" else 0
            messages = record["messages"]
            previous = messages[2 * asked - 1]["content"] if asked else None
            picked.append((kind, messages[:2 * asked + 1], record["turns"][asked], messages[2 * asked + 1]["content"],
                           previous))
    return picked


def taught_sayings(train_path):
    """Answer text -> language of every saying training taught."""
    taught = {}
    with open(train_path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            for k, turn in enumerate(record["turns"]):
                if turn["kind"] == "saying":
                    taught[record["messages"][2 * k + 1]["content"].strip()] = turn["language"]
    return taught


def judge(turn, reference, previous, reply, thinking, taught):
    """{"on_topic": bool, ...}: see the module's description."""
    kind, text = turn["kind"], reply.strip()
    checks = {"same_as_reference": text == reference.strip()}
    if kind in ("define", "refuse-word"):
        word = turn["word"].lower()
        names = text.lower().startswith(f'"{word}"') and REFUSAL not in text
        refused = REFUSAL in text and f'"{word}"' in text.lower()
        checks["on_topic"] = names if kind == "define" else refused
        checks["thinking_names_word"] = f'"{word}"' in thinking.lower() if thinking else None
    elif kind == "refuse-request":
        checks["on_topic"] = CANNOT in text
    elif kind == "greeting":
        checks["on_topic"] = "demo model" in text
    else:
        language = taught.get(text)
        about = [turn.get("author"), turn.get("topic")] if not turn.get("follow_up") else []
        specific = [a for a in about if a]
        fits = language == turn["language"] and text != (previous or "").strip() and \
            (not specific or any(a.lower() in text.lower() for a in specific))
        checks["on_topic"] = checks["same_as_reference"] or fits
    return checks


def split_thinking(text):
    if "</think>" in text:
        thinking, answer = text.split("</think>", 1)
        return thinking.replace("<think>", "").strip(), answer.strip()
    return "", text.strip()


def answer(cli, model, messages, ngen, thinking):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(messages, f, ensure_ascii=False)
        path = f.name
    command = [cli, "run", model, "--messages", path, "--ngen", str(ngen), "--temp", "0", "--kv-store", "none",
               "--json"] + ([] if thinking else ["--no-think"])
    try:
        run = subprocess.run(command, capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        raise RuntimeError(f"peng-cli run failed ({run.returncode}): {run.stderr.strip()}")
    report = json.loads(run.stdout.strip().splitlines()[-1])
    return split_thinking(report.get("text", "")) + (report["stop_reason"],)


def summarize(rows):
    summary = {}
    for kind, target in TARGETS.items():
        for thinking in (True, False):
            mine = [r for r in rows if r["category"] == kind and r["thinking"] == thinking]
            if not mine:
                continue
            rate = sum(r["on_topic"] for r in mine) / len(mine)
            entry = summary.setdefault(kind, {"target": round(target, 3)})
            entry["thinking_on" if thinking else "thinking_off"] = {
                "count": len(mine), "rate": round(rate, 3), "meets_target": rate >= target}
    for entry in summary.values():
        on, off = entry.get("thinking_on"), entry.get("thinking_off")
        if on and off:
            entry["on_as_good_as_off"] = on["rate"] >= off["rate"]
    return summary


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--heldout", required=True)
    parser.add_argument("--train", required=True, help="train.jsonl, for the sayings it taught")
    parser.add_argument("--per-kind", type=int, default=24, help="questions per category")
    parser.add_argument("--ngen", type=int, default=160)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build/tools/peng-cli/peng-cli"))
    parser.add_argument("--out")
    parser.add_argument("--summary")
    args = parser.parse_args(argv)
    taught = taught_sayings(args.train)
    rows = []
    questions = pick(args.heldout, args.per_kind)
    for kind, messages, turn, reference, previous in questions:
        for thinking in (True, False):
            thought, reply, stop = answer(args.cli, args.model, messages, args.ngen, thinking)
            rows.append(dict(category=kind, thinking=thinking, prompt=messages[-1]["content"], turn=turn,
                             reference=reference, model_thinking=thought, answer=reply, stop_reason=stop,
                             **judge(turn, reference, previous, reply, thought, taught)))
        print(f"{len(rows) // 2}/{len(questions)} {kind}", file=sys.stderr)
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(lines)
    else:
        sys.stdout.write(lines)
    summary = json.dumps(summarize(rows), indent=2)
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as f:
            f.write(summary + "\n")
    print(summary, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
