#!/usr/bin/python3
"""Writes a trained model in the MiMo-V2.6 release layout (spec 4), the files Peng
and the reference read:

  config.json, generation_config.json, tokenizer.json, tokenizer_config.json (with
  the chat template), chat_template.jinja, model.safetensors.index.json,
  model_pp0_ep{E}_shard0.safetensors (dense part in ep0; 4 experts of every MoE
  layer per shard, tensors in string order of their names), model_mtp.safetensors.

Encodings as released: BF16 embedding, lm_head, norms, o_proj, sinks and router;
F32 e_score_correction_bias; FP8 e4m3 128x128 blocks with weight_scale_inv for
the fused qkv (pre-sharded into num_key_value_heads chunks [Q_c|K_c|V_c], scale
grid tiled per chunk) and the dense MLPs; MXFP4 (e2m1 + E8M0 per 32) experts.
The number encoders are the reference's (tests/reference/selftest_writer.py),
so there is one encoder in the project, checked bit for bit by its self-test.

  export_release.py --checkpoint FILE --out DIR
"""
import argparse
import json
import os
import shutil
import sys

import numpy as np

import reference_path  # noqa: F401
from selftest_writer import per_chunk_rowblocks, quantize_fp8, quantize_mxfp4, to_bf16, write_safetensors

HERE = os.path.dirname(os.path.abspath(__file__))
CHAT_TEMPLATE = os.path.join(HERE, "..", "..", "engine", "text", "templates", "mimo-v2.6.jinja")
EXPERTS_PER_SHARD = 4
DENSE_FILE = "model_pp0_ep0_shard0.safetensors"
MTP_FILE = "model_mtp.safetensors"


def array(parameter):
    return parameter.detach().double().cpu().numpy()


class ReleaseWriter:
    def __init__(self, config):
        self.config = config
        self.shards = {}

    def put(self, file, name, dtype, data):
        self.shards.setdefault(file, []).append((name, dtype, data))

    def bf16(self, file, name, value):
        self.put(file, name, "BF16", to_bf16(value)[0])

    def fp8(self, file, prefix, matrix, rowblocks=None):
        if rowblocks is None:
            rowblocks = np.arange(matrix.shape[0]) // 128
        codes, grid, _ = quantize_fp8(matrix, rowblocks)
        self.put(file, prefix + ".weight", "F8_E4M3", codes)
        self.put(file, prefix + ".weight_scale_inv", "F32", grid)

    def fused_qkv(self, file, prefix, attention):
        """Q|K|V as T = num_key_value_heads chunks [Q_c|K_c|V_c] (spec 4.3)."""
        g, chunks = attention.g, self.config["num_key_value_heads"]
        wq, wk, wv = array(attention.wq), array(attention.wk), array(attention.wv)
        qc, kc, vc = (g.num_heads // chunks) * g.head_dim, (g.num_kv_heads // chunks) * g.head_dim, \
            (g.num_kv_heads // chunks) * g.v_head_dim
        stored = np.concatenate([np.concatenate([wq[i * qc:(i + 1) * qc], wk[i * kc:(i + 1) * kc],
                                                 wv[i * vc:(i + 1) * vc]]) for i in range(chunks)])
        self.fp8(file, prefix + ".qkv_proj", stored, per_chunk_rowblocks(stored.shape[0], qc + kc + vc))

    def attention(self, file, prefix, attention):
        self.fused_qkv(file, prefix, attention)
        self.bf16(file, prefix + ".o_proj.weight", array(attention.wo))
        if attention.sink is not None:
            self.bf16(file, prefix + ".attention_sink_bias", array(attention.sink))

    def dense_mlp(self, file, prefix, mlp):
        self.fp8(file, prefix + ".gate_proj", array(mlp.gate))
        self.fp8(file, prefix + ".up_proj", array(mlp.up))
        self.fp8(file, prefix + ".down_proj", array(mlp.down))

    def moe(self, prefix, moe):
        self.bf16(DENSE_FILE, prefix + ".gate.weight", array(moe.router))
        self.put(DENSE_FILE, prefix + ".gate.e_score_correction_bias", "F32",
                 moe.correction_bias.detach().float().cpu().numpy())
        experts, inter, hidden = moe.gate.shape
        # Rows are independent in MXFP4, so a whole layer's experts encode in one call.
        encoded = {}
        for proj, stack in (("gate_proj", moe.gate), ("up_proj", moe.up), ("down_proj", moe.down)):
            rows = array(stack)
            packed, scales, _ = quantize_mxfp4(rows.reshape(-1, rows.shape[-1]))
            encoded[proj] = (packed.reshape(experts, rows.shape[1], -1), scales.reshape(experts, rows.shape[1], -1))
        for e in range(experts):
            file = f"model_pp0_ep{e // EXPERTS_PER_SHARD}_shard0.safetensors"
            for proj, (packed, scales) in encoded.items():
                name = f"{prefix}.experts.{e}.{proj}"
                self.put(file, name + ".weight", "U8", packed[e])
                self.put(file, name + ".weight_scale", "U8", scales[e])

    def mtp(self, k, layer):
        p = f"model.mtp.layers.{k}"
        self.bf16(MTP_FILE, p + ".enorm.weight", array(layer.enorm.weight))
        self.bf16(MTP_FILE, p + ".hnorm.weight", array(layer.hnorm.weight))
        self.bf16(MTP_FILE, p + ".eh_proj.weight", array(layer.eh_proj))
        self.bf16(MTP_FILE, p + ".input_layernorm.weight", array(layer.input_norm.weight))
        self.attention(MTP_FILE, p + ".self_attn", layer.attention)
        self.bf16(MTP_FILE, p + ".pre_mlp_layernorm.weight", array(layer.pre_mlp_norm.weight))
        self.dense_mlp(MTP_FILE, p + ".mlp", layer.mlp)
        self.bf16(MTP_FILE, p + ".final_layernorm.weight", array(layer.final_norm.weight))

    def model(self, model):
        self.bf16(DENSE_FILE, "model.embed_tokens.weight", array(model.embed))
        self.bf16(DENSE_FILE, "lm_head.weight", array(model.lm_head))
        self.bf16(DENSE_FILE, "model.norm.weight", array(model.final_norm.weight))
        for l, block in enumerate(model.layers):
            p = f"model.layers.{l}"
            self.bf16(DENSE_FILE, p + ".input_layernorm.weight", array(block.input_norm.weight))
            self.bf16(DENSE_FILE, p + ".post_attention_layernorm.weight", array(block.post_attention_norm.weight))
            self.attention(DENSE_FILE, p + ".self_attn", block.attention)
            if hasattr(block.mlp, "router"):
                self.moe(p + ".mlp", block.mlp)
            else:
                self.dense_mlp(DENSE_FILE, p + ".mlp", block.mlp)
        for k, layer in enumerate(model.mtp):
            self.mtp(k, layer)

    def write(self, out_dir):
        weight_map, total = {}, 0
        for file, tensors in sorted(self.shards.items()):
            tensors = sorted(tensors, key=lambda t: t[0])      # string order, as the release stores them
            write_safetensors(os.path.join(out_dir, file), tensors, {"format": "pt"})
            for name, _, data in tensors:
                weight_map[name] = file
                total += data.nbytes
        index = {"metadata": {"total_size": total, "save_format": "mxfp4",
                              "tp_size": self.config["num_key_value_heads"]},
                 "weight_map": dict(sorted(weight_map.items()))}
        write_json(os.path.join(out_dir, "model.safetensors.index.json"), index)


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


def tokenizer_config(tokenizer, chat_template):
    """As make-model writes it, with the chat template inside as well as beside it."""
    decoder = {str(t["id"]): {"content": t["content"], "lstrip": False, "normalized": False, "rstrip": False,
                              "single_word": False, "special": t["special"]} for t in tokenizer["added_tokens"]}
    return {"add_bos_token": False, "add_prefix_space": False, "added_tokens_decoder": decoder, "bos_token": None,
            "chat_template": chat_template, "clean_up_tokenization_spaces": False, "eos_token": "<|im_end|>",
            "errors": "replace", "model_max_length": 1048576, "pad_token": "<|endoftext|>",
            "split_special_tokens": False, "tokenizer_class": "Qwen2Tokenizer", "unk_token": None}


def export(model, config_json, tokenizer_path, out_dir):
    """Writes into out_dir (created; existing model files are replaced)."""
    os.makedirs(out_dir, exist_ok=True)
    with open(tokenizer_path, encoding="utf-8") as f:
        tokenizer = json.load(f)
    with open(CHAT_TEMPLATE, encoding="utf-8") as f:
        chat_template = f.read()
    special = {t["content"]: t["id"] for t in tokenizer["added_tokens"]}
    write_json(os.path.join(out_dir, "config.json"), config_json)
    write_json(os.path.join(out_dir, "generation_config.json"),
               {"bos_token_id": special["<|endoftext|>"],
                "eos_token_id": [special["<|endoftext|>"], special["<|im_end|>"]],
                "pad_token_id": special["<|endoftext|>"]})
    shutil.copyfile(tokenizer_path, os.path.join(out_dir, "tokenizer.json"))
    write_json(os.path.join(out_dir, "tokenizer_config.json"), tokenizer_config(tokenizer, chat_template))
    with open(os.path.join(out_dir, "chat_template.jinja"), "w", encoding="utf-8") as f:
        f.write(chat_template)
    writer = ReleaseWriter(config_json)
    writer.model(model)
    writer.write(out_dir)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkpoint", required=True, help="a training checkpoint (train.py --out DIR/latest.pt)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    from training_state import load_model_for_export
    model, config_json, tokenizer_path = load_model_for_export(args.checkpoint)
    export(model, config_json, tokenizer_path, args.out)
    print(f"{args.out}: exported", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
