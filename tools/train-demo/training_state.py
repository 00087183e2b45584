"""Training checkpoints: everything a run needs to continue bit for bit (model,
optimizer, step, epoch and batch position, wall time used, the grid and the
tokenizer it was started with). Written to a temporary file and renamed, so a run
killed mid-write leaves the previous checkpoint intact."""
import dataclasses
import json
import os

import torch

import reference_path  # noqa: F401
from grids import Grid, config_json
from mimo_torch import MimoModel
from model_config import ModelConfig

LATEST = "latest.pt"


def tokenizer_facts(tokenizer_path):
    with open(tokenizer_path, encoding="utf-8") as f:
        tokenizer = json.load(f)
    special = {t["content"]: t["id"] for t in tokenizer["added_tokens"]}
    ids = max(max(tokenizer["model"]["vocab"].values()), max(special.values())) + 1
    return ids, special


def build_model(grid, tokenizer_path, seed):
    ids, special = tokenizer_facts(tokenizer_path)
    config = config_json(grid, ids, special)
    return MimoModel(ModelConfig(config), grid.mtp_layers, seed=seed), config


def save(out_dir, state):
    path = os.path.join(out_dir, LATEST)
    torch.save(state, path + ".tmp")
    os.replace(path + ".tmp", path)


def load(out_dir):
    path = os.path.join(out_dir, LATEST)
    return torch.load(path) if os.path.exists(path) else None


def new_state(grid, tokenizer_path, args):
    return {"grid": dataclasses.asdict(grid), "tokenizer": os.path.abspath(tokenizer_path), "args": vars(args),
            "step": 0, "epoch": 0, "batch": 0, "elapsed_s": 0.0, "tokens": 0}


def load_model_for_export(checkpoint_path):
    state = torch.load(checkpoint_path)
    grid = Grid(**state["grid"])
    model, config = build_model(grid, state["tokenizer"], state["args"]["seed"])
    model.load_state_dict(state["model"])
    return model, config, state["tokenizer"]


def truncate_log(log_path, step):
    """Drops log.jsonl lines past `step` (a run killed after its last checkpoint
    logged steps it will do again), so the log reads as one run."""
    if not os.path.exists(log_path):
        return
    with open(log_path, encoding="utf-8") as f:
        lines = f.readlines()
    kept = []
    for line in lines:
        try:
            if json.loads(line)["step"] <= step:
                kept.append(line)
        except (ValueError, KeyError, TypeError):
            break                                  # a line cut short by the kill ends the log
    if len(kept) != len(lines):
        with open(log_path + ".tmp", "w", encoding="utf-8") as f:
            f.writelines(kept)
        os.replace(log_path + ".tmp", log_path)
