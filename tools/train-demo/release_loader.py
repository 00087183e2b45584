"""Loads a release-layout checkpoint into the torch model, through the reference's
own reader and decoders (tests/reference): the weights the torch model gets are
exactly the values the files denote, as the reference and the engine see them.
MTP layers, which the reference's forward does not run, are decoded with the same
functions."""
import json
import os

import torch

import reference_path  # noqa: F401
from mimo_torch import MimoModel
from model_config import load_config
from st_reader import Checkpoint
from weights import AttentionWeights, DenseMlpWeights, ModelWeights, decode_matrix, decode_vector


def _set(parameter, value, dtype):
    with torch.no_grad():
        parameter.copy_(torch.as_tensor(value, dtype=torch.float64).to(dtype))


def _attention(module, w, dtype):
    for name in ("wq", "wk", "wv", "wo"):
        _set(getattr(module, name), getattr(w, name), dtype)
    if module.sink is not None:
        _set(module.sink, w.sink, dtype)


def _dense(module, w, dtype):
    _set(module.gate, w.gate, dtype)
    _set(module.up, w.up, dtype)
    _set(module.down, w.down, dtype)


def load_release(model_dir, dtype=torch.float64):
    config = load_config(model_dir)
    with open(os.path.join(model_dir, "config.json"), encoding="utf-8") as f:
        mtp_layers = int(json.load(f).get("num_nextn_predict_layers") or 0)
    checkpoint = Checkpoint(model_dir)
    mtp_layers = sum(1 for k in range(mtp_layers) if checkpoint.has(f"model.mtp.layers.{k}.eh_proj.weight"))
    weights = ModelWeights(checkpoint, config)
    model = MimoModel(config, mtp_layers).to(dtype)
    _set(model.embed, weights.embed, dtype)
    _set(model.lm_head, weights.lm_head, dtype)
    _set(model.final_norm.weight, weights.final_norm, dtype)
    for block, w in zip(model.layers, weights.layers):
        _set(block.input_norm.weight, w.input_norm, dtype)
        _set(block.post_attention_norm.weight, w.post_attention_norm, dtype)
        _attention(block.attention, w.attention, dtype)
        if w.moe is not None:
            _set(block.mlp.router, w.moe.router, dtype)
            block.mlp.correction_bias.copy_(torch.as_tensor(w.moe.correction_bias))
            for e in range(w.moe.num_experts):
                expert = w.moe.expert(e)
                for name in ("gate", "up", "down"):
                    with torch.no_grad():
                        getattr(block.mlp, name)[e] = torch.as_tensor(getattr(expert, name)).to(dtype)
        else:
            _dense(block.mlp, w.mlp, dtype)
    for k, layer in enumerate(model.mtp):
        p = f"model.mtp.layers.{k}"
        _set(layer.enorm.weight, decode_vector(checkpoint, p + ".enorm.weight"), dtype)
        _set(layer.hnorm.weight, decode_vector(checkpoint, p + ".hnorm.weight"), dtype)
        _set(layer.eh_proj, decode_matrix(checkpoint, p + ".eh_proj"), dtype)
        _set(layer.input_norm.weight, decode_vector(checkpoint, p + ".input_layernorm.weight"), dtype)
        _attention(layer.attention, AttentionWeights(checkpoint, p + ".self_attn", config.swa_attention, config), dtype)
        _set(layer.pre_mlp_norm.weight, decode_vector(checkpoint, p + ".pre_mlp_layernorm.weight"), dtype)
        _dense(layer.mlp, DenseMlpWeights(checkpoint, p + ".mlp", config.hidden_size, config.intermediate_size),
               dtype)
        _set(layer.final_norm.weight, decode_vector(checkpoint, p + ".final_layernorm.weight"), dtype)
    return model
