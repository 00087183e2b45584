#!/usr/bin/python3
"""The demo's training pipeline end to end at toy scale (CTest train_demo_pipeline):

  data -> tokenizer -> encoded splits -> a few dozen training steps (twice: straight
  through, and stopped, killed and resumed, which must give identical weights) ->
  export in the release layout with 3 MTP layers -> peng-cli inspect and run ->
  per-layer MTP acceptance -> torch model on the export = reference (float64) ->
  engine = reference (compare_logits.py) -> peng-cli eval = reference.

Also checks on the way: the held-out split is kept apart from training (check_split); the chat
rendering equals `peng-cli template` byte for byte; the Python BPE encodes exactly as
`peng-cli tokenize` and decodes back through `peng-cli detokenize`; training lowers
the loss.

  pipeline_test.py --cli PENG_CLI [--work DIR] [--keep]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEMO = os.path.join(ROOT, "tools", "train-demo")
REFERENCE = os.path.join(ROOT, "tests", "reference")
sys.path[:0] = [DEMO, HERE]
PYTHON = sys.executable

import reference_path  # noqa: E402,F401  (tests/reference on sys.path)
import numpy as np  # noqa: E402
import torch  # noqa: E402

TRAIN_ARGS = ["--grid", "toy", "--batch-tokens", "1024", "--warmup-steps", "5", "--lr", "3e-3",
              "--schedule-steps", "24", "--checkpoint-every", "12", "--eval-conversations", "16", "--threads", "1"]


MTP_LAYERS = 3        # as the release ships: num_nextn_predict_layers, model.mtp.layers.{0,1,2}


class Failure(Exception):
    pass


def run(command, **kwargs):
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise Failure(f"{' '.join(command)} exited with {done.returncode}\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return done.stdout


def step(title):
    print(f"== {title}", flush=True)


def check_split(data):
    """The held-out split is apart from training: no held-out question with its answer
    is a training one; no held-out word question is worded as any training question;
    held-out refusals are about words training never asks about (the issue's made-up
    probes among them); held-out definitions are of trained words; held-out phrasing
    parts are never training parts. Training has both thinking on and off, conversations
    of 2 to 5 turns and follow-ups; the held-out split has conversations too."""
    from conversations_file import read_conversations
    import question_forms
    train_records = read_conversations(os.path.join(data, "train.jsonl"))
    heldout_records = read_conversations(os.path.join(data, "heldout.jsonl"))
    pairs = lambda records: {(m[i]["content"], m[i + 1]["content"])  # noqa: E731
                             for r in records for m in [r["messages"]] for i in range(0, len(m), 2)}
    repeated = pairs(train_records) & pairs(heldout_records)
    if not train_records or not heldout_records or repeated:
        raise Failure(f"split: {len(repeated)} held-out question and answer pairs are in training, "
                      f"e.g. {min(repeated) if repeated else None}")
    turns = lambda records, kind: [(t, r["messages"][2 * k]["content"])  # noqa: E731
                                   for r in records for k, t in enumerate(r["turns"]) if t["kind"] == kind]
    train_questions = {r["messages"][i]["content"] for r in train_records for i in range(0, len(r["messages"]), 2)}
    worded = [q for kind in ("define", "refuse-word") for _, q in turns(heldout_records, kind) if q in train_questions]
    if worded:
        raise Failure(f"split: {len(worded)} held-out word questions are worded as training ones, e.g. {worded[0]!r}")
    asked = lambda records, kind: {t["word"] for t, _ in turns(records, kind)}  # noqa: E731
    refused_train, refused_heldout = asked(train_records, "refuse-word"), asked(heldout_records, "refuse-word")
    defined_train = asked(train_records, "define")
    if not refused_heldout or refused_heldout & (refused_train | defined_train) or "florbix" not in refused_heldout:
        raise Failure(f"split: {len(refused_heldout & (refused_train | defined_train))} held-out unknown words "
                      f"are asked about in training, or no held-out refusals / no 'florbix'")
    if not asked(heldout_records, "define") <= defined_train:
        raise Failure("split: a held-out definition is of a word training never defines")
    overlap = (set(question_forms.HELDOUT_CORES) | set(question_forms.HELDOUT_QUOTES)
               | set(question_forms.HELDOUT_FOLLOW_UPS)) & question_forms.all_training_parts()
    if overlap:
        raise Failure(f"split: held-out phrasing parts are also training parts: {sorted(overlap)}")
    lengths = {len(r["turns"]) for r in train_records}
    follow_ups = sum(t.get("follow_up", False) for r in train_records for t in r["turns"])
    thinking = {bool(m.get("reasoning_content")) for r in train_records for m in r["messages"]
                if m["role"] == "assistant"}
    if not {1, 2, 3, 4, 5} <= lengths or not follow_ups or thinking != {True, False}:
        raise Failure(f"training data: conversation lengths {sorted(lengths)}, {follow_ups} follow-ups, "
                      f"thinking {sorted(thinking)}")
    if not any(len(r["turns"]) > 1 for r in heldout_records):
        raise Failure("held-out data: no conversation of several turns")
    return {r["key"] for r in heldout_records}


def check_template(cli, data, work):
    from chat_render import render_text
    from conversations_file import read_conversations
    template = os.path.join(ROOT, "engine", "text", "templates", "mimo-v2.6.jinja")
    records = read_conversations(os.path.join(data, "train.jsonl"))[:6]
    for record in records:
        messages = record["messages"]
        for subset, generation, thinking in ((messages, False, True), (messages[:1], True, True),
                                             (messages[:1], True, False)):
            path = os.path.join(work, "messages.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(subset, f, ensure_ascii=False)
            command = [cli, "template", "--template", template, "--messages", path]
            command += [] if generation else ["--no-generation-prompt"]
            command += [] if thinking else ["--no-think"]
            expected = run(command)
            ours = render_text(subset, add_generation_prompt=generation, enable_thinking=thinking)
            if ours != expected:
                raise Failure(f"chat rendering differs from peng-cli template for {record['key']}:\n"
                              f"ours:   {ours!r}\npeng:   {expected!r}")


def check_tokenizer(cli, data, tokenizer, work):
    from byte_level_bpe import ByteLevelBpe
    from chat_render import render_text
    from conversations_file import read_conversations
    bpe = ByteLevelBpe.from_tokenizer_json(tokenizer)
    texts = [render_text(r["messages"]) for r in read_conversations(os.path.join(data, "heldout.jsonl"))[:40]]
    texts.append("Ünïcödé ✓ 1234 — «citazione» 漢字  \n\n tabs\tand  spaces")
    path = os.path.join(work, "texts.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(t, ensure_ascii=False) + "\n" for t in texts)
    engine_ids = [json.loads(line) for line in run([cli, "tokenize", "--tokenizer", tokenizer, "--jsonl", path])
                  .splitlines() if line.strip()]
    ours = [bpe.encode(t) for t in texts]
    for text, a, b in zip(texts, ours, engine_ids):
        if a != b:
            raise Failure(f"BPE differs from peng-cli tokenize on {text[:80]!r}:\nours {a[:40]}\npeng {b[:40]}")
        if bpe.decode(a) != text:
            raise Failure(f"decode(encode(x)) != x for {text[:80]!r}")
    ids_path = os.path.join(work, "ids.jsonl")
    with open(ids_path, "w") as f:
        f.writelines(json.dumps(ids) + "\n" for ids in ours)
    decoded = [json.loads(line) for line in run([cli, "detokenize", "--tokenizer", tokenizer, "--jsonl", ids_path])
               .splitlines() if line.strip()]
    if decoded != texts:
        raise Failure("peng-cli detokenize does not give the texts back")


def train_command(encoded, tokenizer, out, max_steps):
    return [PYTHON, os.path.join(DEMO, "train.py"), "--data", encoded, "--tokenizer", tokenizer, "--out", out,
            "--max-steps", str(max_steps)] + TRAIN_ARGS


def train(encoded, tokenizer, out, max_steps):
    run(train_command(encoded, tokenizer, out, max_steps))


def logged_steps(out):
    try:
        with open(os.path.join(out, "log.jsonl"), encoding="utf-8") as f:
            return sum(1 for line in f if line.endswith("\n"))
    except OSError:
        return 0


def train_killed(encoded, tokenizer, out, max_steps, kill_after):
    """A run killed (SIGKILL, no chance to checkpoint) once it has logged `kill_after`
    steps, bounded in time."""
    process = subprocess.Popen(train_command(encoded, tokenizer, out, max_steps), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while logged_steps(out) < kill_after and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if process.poll() is not None:
        raise Failure(f"the run to kill ended first (exit {process.returncode}): {process.stderr.read()[-2000:]}")
    process.kill()
    process.wait()
    if logged_steps(out) < kill_after:
        raise Failure(f"the run to kill logged {logged_steps(out)} steps in 120 s")


def check_resume(encoded, tokenizer, work):
    """Straight through 24 steps; against: 12 steps and a clean stop, a resume killed
    at step 17 (after the checkpoint at 12), a resume to 24. Same weights and log."""
    straight, resumed = os.path.join(work, "run-straight"), os.path.join(work, "run-resumed")
    train(encoded, tokenizer, straight, 24)
    train(encoded, tokenizer, resumed, 12)
    train_killed(encoded, tokenizer, resumed, 24, 17)
    train(encoded, tokenizer, resumed, 24)
    a = torch.load(os.path.join(straight, "latest.pt"))
    b = torch.load(os.path.join(resumed, "latest.pt"))
    if a["step"] != 24 or b["step"] != 24:
        raise Failure(f"runs stopped at steps {a['step']} and {b['step']}, not 24")
    for name, tensor in a["model"].items():
        if not torch.equal(tensor, b["model"][name]):
            raise Failure(f"resumed run differs from the straight one in {name}")
    losses = [json.loads(line)["loss"] for line in open(os.path.join(straight, "log.jsonl"))]
    resumed_losses = [json.loads(line)["loss"] for line in open(os.path.join(resumed, "log.jsonl"))]
    if losses != resumed_losses:
        raise Failure("the resumed run's logged losses differ from the straight run's")
    if not np.mean(losses[-4:]) < np.mean(losses[:4]) - 1.0:
        raise Failure(f"training did not lower the loss: first {losses[:4]}, last {losses[-4:]}")
    return os.path.join(straight, "latest.pt"), losses


def check_export_matches_reference(checkpoint, model_dir):
    """The torch model loaded from the export computes the reference's logits; the
    export holds the trained weights up to quantization (a misplaced tensor would
    not be)."""
    from mimo_reference import MimoReference
    from release_loader import load_release
    from training_state import load_model_for_export
    trained, _, _ = load_model_for_export(checkpoint)
    loaded = load_release(model_dir)
    tokens = np.random.default_rng(5).integers(0, 600, 150)
    reference, _ = MimoReference(model_dir).logits(tokens)
    with torch.no_grad():
        ours, mtp = loaded(torch.as_tensor(tokens)[None])
        original, original_mtp = trained.double()(torch.as_tensor(tokens)[None])
    span = reference.max() - reference.min()
    diff = np.abs(ours[0].numpy() - reference).max() / span
    if diff > 1e-9:
        raise Failure(f"torch model on the export differs from the reference by {diff:.3g} of the logit range")
    quantization = float((original - ours).abs().max() / span)
    if len(mtp) != MTP_LAYERS or len(original_mtp) != MTP_LAYERS:
        raise Failure(f"{len(original_mtp)} MTP layers trained, {len(mtp)} exported; the release has {MTP_LAYERS}")
    mtp_quantization = max(float((a - b).abs().max() / span) for a, b in zip(original_mtp, mtp))
    if quantization > 0.1 or mtp_quantization > 0.1:
        raise Failure(f"export changed the model by {quantization:.3g} (MTP {mtp_quantization:.3g}) of the logit "
                      f"range, more than quantization does")
    return diff, quantization, mtp_quantization


def check_mtp_export(cli, model_dir, encoded, work):
    """The export declares and holds 3 MTP layers; peng-cli inspect and run load it;
    mtp_acceptance.py measures every layer."""
    with open(os.path.join(model_dir, "config.json"), encoding="utf-8") as f:
        declared = json.load(f)["num_nextn_predict_layers"]
    with open(os.path.join(model_dir, "model.safetensors.index.json"), encoding="utf-8") as f:
        names = json.load(f)["weight_map"]
    held = {n.split(".")[3] for n in names if n.startswith("model.mtp.layers.")}
    if declared != MTP_LAYERS or held != {str(k) for k in range(MTP_LAYERS)}:
        raise Failure(f"export: num_nextn_predict_layers {declared}, MTP layers held {sorted(held)}")
    messages = os.path.join(work, "question.json")
    with open(messages, "w", encoding="utf-8") as f:
        json.dump([{"role": "user", "content": "What does house mean?"}], f)
    report = json.loads(run([cli, "run", model_dir, "--messages", messages, "--ngen", "8", "--temp", "0",
                             "--kv-store", "none", "--json"]).strip().splitlines()[-1])
    if not report.get("text"):
        raise Failure(f"peng-cli run on the export generated nothing: {report}")
    acceptance = json.loads(run([PYTHON, os.path.join(DEMO, "mtp_acceptance.py"), "--model", model_dir,
                                 "--encoded", encoded, "--conversations", "8", "--threads", "1"]))
    rates = [layer["acceptance_vs_main_greedy"] for layer in acceptance["layers"]]
    if len(rates) != MTP_LAYERS or not all(0 <= r <= 1 for r in rates) or not acceptance["layers"][0]["positions"]:
        raise Failure(f"mtp_acceptance.py: {acceptance}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--work")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    work = args.work or tempfile.mkdtemp(prefix="train-demo-")
    os.makedirs(work, exist_ok=True)
    data, encoded = os.path.join(work, "data"), os.path.join(work, "encoded")
    tokenizer, model_dir = os.path.join(work, "tokenizer.json"), os.path.join(work, "model")
    try:
        step("data")
        run([PYTHON, os.path.join(DEMO, "make_data.py"), "--out", data, "--words", "300", "--phrasings", "3",
             "--fortunes-per-language", "40", "--rare-words", "80", "--made-up-words", "60",
             "--heldout-unknown", "12", "--heldout-conversations", "30"])
        check_split(data)
        step("chat template")
        check_template(args.cli, data, work)
        step("tokenizer")
        run([PYTHON, os.path.join(DEMO, "make_tokenizer.py"), "--data", data, "--ids", "800", "--out", tokenizer])
        check_tokenizer(args.cli, data, tokenizer, work)
        run([PYTHON, os.path.join(DEMO, "encode_data.py"), "--data", data, "--tokenizer", tokenizer,
             "--out", encoded, "--max-tokens", "256"])
        step("training: straight, and stopped, killed and resumed")
        checkpoint, losses = check_resume(encoded, tokenizer, work)
        step("export")
        run([PYTHON, os.path.join(DEMO, "export_release.py"), "--checkpoint", checkpoint, "--out", model_dir])
        inspect = run([args.cli, "inspect", model_dir])
        if "every expected tensor is present" not in inspect:
            raise Failure(f"peng-cli inspect does not accept the export:\n{inspect}")
        check_mtp_export(args.cli, model_dir, encoded, work)
        step("torch model vs reference on the export")
        diff, quantization, mtp_quantization = check_export_matches_reference(checkpoint, model_dir)
        step("engine vs reference")
        compare = run([PYTHON, os.path.join(REFERENCE, "compare_logits.py"), model_dir, "--cli", args.cli,
                       "--len", "160", "--ngen", "16", "--tolerance", "1e-5", "--preset", "train-demo-toy"])
        step("peng-cli eval vs reference")
        from eval_check import CheckError, check
        from conversations_file import read_conversations
        heldout = [r["messages"] for r in read_conversations(os.path.join(data, "heldout.jsonl"))[:6]]
        try:
            evaluation = check(model_dir, args.cli, heldout, 1e-6)
        except CheckError as e:
            raise Failure(str(e)) from None
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1
    finally:
        if not args.keep and not args.work:
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"first_losses": losses[:3], "last_losses": losses[-3:], "torch_vs_reference": diff,
                      "quantization_effect": quantization, "mtp_quantization_effect": mtp_quantization,
                      "engine_vs_reference": json.loads(compare.strip().splitlines()[-1]),
                      "eval": evaluation}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
