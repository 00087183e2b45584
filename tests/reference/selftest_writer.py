"""Test-only writer of tiny MiMo-V2 checkpoints in the release layout (spec 4).

It quantizes known float weights with its own encoders (it does not reuse the
reader's decoders) and remembers the exact values each stored tensor denotes,
so the self-test can check that the reader recovers them bit for bit. Layout
features exercised: pre-sharded fused qkv with the per-chunk scale grid,
BF16 o_proj/sinks/norms, FP8 dense MLP, MXFP4 or FP8 experts, weight/scale
pairs split across shards, experts stored in string order of their names,
and an index json.
"""
import json
import os
import struct

import numpy as np

BLOCK = 128


# ---- number encoders ------------------------------------------------------

def _e4m3fn_positive_values():
    """Finite non-negative e4m3fn values by code 0..126: (8+m)/8 * 2^(e-7), subnormals m * 2^-9."""
    values = []
    for code in range(0x7F):
        e, m = code >> 3, code & 7
        values.append(m * 2.0 ** -9 if e == 0 else (8 + m) * 2.0 ** (e - 10))
    return np.array(values)


E4M3_POSITIVE = _e4m3fn_positive_values()          # increasing in the code
E2M1_POSITIVE = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])


def _nearest_code(magnitudes, table):
    """Index of the nearest table value (table increasing), ties to the lower code."""
    upper = np.clip(np.searchsorted(table, magnitudes), 1, len(table) - 1)
    lower = upper - 1
    take_upper = (table[upper] - magnitudes) < (magnitudes - table[lower])
    return np.where(take_upper, upper, lower)


def encode_e4m3fn(x):
    """float -> (code, exact value); |x| must be <= 448."""
    code = _nearest_code(np.abs(x), E4M3_POSITIVE)
    value = E4M3_POSITIVE[code] * np.where(x < 0, -1.0, 1.0)
    code = code.astype(np.uint8) | np.where(x < 0, 0x80, 0).astype(np.uint8)
    return code, value


def to_bf16(x):
    """float -> (uint16 bits, exact value), round to nearest even."""
    bits32 = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits32 + 0x7FFF + ((bits32 >> 16) & 1)) >> 16
    bits = rounded.astype(np.uint16)
    value = (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return bits, value


def quantize_fp8(w, rowblocks):
    """128x128 block FP8 with the DeepSeek convention: stored scale_inv is the
    factor to multiply by. rowblocks maps each row to its scale row.
    Returns (codes uint8, scale_inv float32 grid, exact dequantized values)."""
    rows, cols = w.shape
    grid = np.ones((int(rowblocks.max()) + 1, -(-cols // BLOCK)), dtype=np.float32)
    codes = np.zeros(w.shape, dtype=np.uint8)
    exact = np.zeros(w.shape)
    for rb in range(grid.shape[0]):
        row_sel = np.nonzero(rowblocks == rb)[0]
        for cb in range(grid.shape[1]):
            block = w[row_sel, cb * BLOCK:(cb + 1) * BLOCK]
            amax = np.abs(block).max() if block.size else 0.0
            scale = np.float32(amax / 448.0) if amax > 0 else np.float32(1.0)
            grid[rb, cb] = scale
            # Divide in float64 then clamp: a float32 scale may round below amax/448.
            c, v = encode_e4m3fn(np.clip(block / np.float64(scale), -448.0, 448.0))
            codes[row_sel, cb * BLOCK:(cb + 1) * BLOCK] = c
            exact[row_sel, cb * BLOCK:(cb + 1) * BLOCK] = v * np.float64(scale)
    return codes, grid, exact


def quantize_mxfp4(w):
    """e2m1 with one E8M0 scale per 32 columns; column 2j in the low nibble.
    Returns (packed uint8 [O, I/2], scales uint8 [O, I/32], exact values)."""
    rows, cols = w.shape
    groups = w.reshape(rows, cols // 32, 32)
    amax = np.abs(groups).max(axis=-1)
    exponent = np.where(amax > 0, np.ceil(np.log2(np.maximum(amax, 1e-30) / 6.0)), 0).astype(np.int64)
    scales = (exponent + 127).astype(np.uint8)
    factor = np.ldexp(1.0, exponent)[..., None]
    magnitude_code = _nearest_code(np.abs(groups / factor), E2M1_POSITIVE)
    codes = (magnitude_code | np.where(groups < 0, 8, 0)).astype(np.uint8).reshape(rows, cols)
    exact = (E2M1_POSITIVE[magnitude_code] * np.where(groups < 0, -1.0, 1.0) * factor).reshape(rows, cols)
    packed = (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8)
    return packed, scales, exact


def per_chunk_rowblocks(rows, rows_per_chunk):
    blocks_per_chunk = -(-rows_per_chunk // BLOCK)
    return np.array([(r // rows_per_chunk) * blocks_per_chunk + (r % rows_per_chunk) // BLOCK
                     for r in range(rows)])


# ---- safetensors writing ------------------------------------------------------

def write_safetensors(path, tensors, metadata=None):
    """tensors: list of (name, dtype string, numpy array) in storage order."""
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    offset = 0
    blobs = []
    for name, dtype, array in tensors:
        blob = np.ascontiguousarray(array).tobytes()
        header[name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    header_bytes = json.dumps(header).encode("utf-8")
    header_bytes += b" " * (-len(header_bytes) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header_bytes)))
        f.write(header_bytes)
        for blob in blobs:
            f.write(blob)


# ---- the tiny model ---------------------------------------------------------

def tiny_config():
    """Small dims chosen to exercise the layout's corner cases:
    full-layer qkv chunk R = 3*32 + 32 + 8 = 136 rows, so the per-chunk grid
    (2 x 2 = 4 scale rows) differs from a contiguous one (ceil(272/128) = 3);
    hidden 160 leaves a partial 128-column block; swa_v_head_dim is missing so
    it must default to swa_head_dim; sliding_window 8 is short enough for a
    test sequence to exceed it."""
    return {
        "architectures": ["MiMoV2ForCausalLM"],
        "model_type": "mimo_v2",
        "hidden_size": 160,
        "num_hidden_layers": 4,
        "vocab_size": 208,
        "intermediate_size": 96,
        "moe_intermediate_size": 64,
        "n_routed_experts": 8,
        "num_experts_per_tok": 2,
        "n_shared_experts": None,
        "n_group": 1,
        "topk_group": 1,
        "topk_method": "noaux_tc",
        "scoring_func": "sigmoid",
        "norm_topk_prob": True,
        "routed_scaling_factor": None,
        "hidden_act": "silu",
        "attention_bias": False,
        "tie_word_embeddings": False,
        "num_attention_heads": 6,
        "num_key_value_heads": 2,
        "head_dim": 32,
        "v_head_dim": 8,
        "swa_num_attention_heads": 8,
        "swa_num_key_value_heads": 4,
        "swa_head_dim": 16,
        "partial_rotary_factor": 0.5,
        "rope_theta": 10000000.0,
        "rope_parameters": {"rope_type": "default", "rope_theta": 10000000.0},
        "swa_rope_theta": 10000.0,
        "sliding_window": 8,
        "sliding_window_size": 8,
        "hybrid_layer_pattern": [0, 1, 1, 0],
        "moe_layer_freq": [0, 1, 1, 1],
        "add_swa_attention_sink_bias": True,
        "add_full_attention_sink_bias": False,
        "attention_value_scale": 0.707,
        "attention_projection_layout": "fused_qkv",
        "layernorm_epsilon": 1e-6,
        "eos_token_id": 199,
        "quantization_config": {"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]},
    }


TOKENIZER_VOCAB = 197       # ordinary ids 0..196
TOKENIZER_ADDED = 3         # added ids 197..199 -> the tokenizer defines 200 ids, fewer than vocab_size 208


def attention_dims(config, sliding):
    if sliding:
        nq, nkv = config["swa_num_attention_heads"], config["swa_num_key_value_heads"]
        hd = config["swa_head_dim"]
        vd = config.get("swa_v_head_dim", hd)
    else:
        nq, nkv = config["num_attention_heads"], config["num_key_value_heads"]
        hd, vd = config["head_dim"], config["v_head_dim"]
    return nq, nkv, hd, vd


class TinyModel:
    """Writes the model and keeps `expected`: name -> the exact float64 matrix the
    reader must produce (qkv as separate logical q/k/v after de-interleave)."""

    def __init__(self, out_dir, expert_format="mxfp4", seed=7, config=None, qkv_grid="per_chunk"):
        """expert_format "mxfp4" (V2.6: BF16 router) or "fp8" (V2.5: F32 router);
        qkv_grid "per_chunk" (the release) or "contiguous" (the other grid spec 4.3 detects)."""
        self.out_dir = out_dir
        self.config = config or tiny_config()
        self.expert_format = expert_format
        self.qkv_grid = qkv_grid
        self.rng = np.random.default_rng(seed)
        self.expected = {}
        self.shards = {}         # file name -> list of (name, dtype, array)
        os.makedirs(out_dir, exist_ok=True)

    def _gaussian(self, shape, std):
        return self.rng.standard_normal(shape) * std

    def _put(self, shard, name, dtype, array):
        self.shards.setdefault(shard, []).append((name, dtype, array))

    def _bf16(self, shard, name, value, expected_name=None):
        bits, exact = to_bf16(value)
        self._put(shard, name, "BF16", bits)
        self.expected[expected_name or name] = exact

    def _fp8_matrix(self, shard, prefix, w, scale_shard=None):
        codes, grid, exact = quantize_fp8(w, np.arange(w.shape[0]) // BLOCK)
        self._put(shard, prefix + ".weight", "F8_E4M3", codes)
        self._put(scale_shard or shard, prefix + ".weight_scale_inv", "F32", grid)
        self.expected[prefix] = exact

    def _mxfp4_matrix(self, shard, prefix, w):
        packed, scales, exact = quantize_mxfp4(w)
        self._put(shard, prefix + ".weight", "U8", packed)
        self._put(shard, prefix + ".weight_scale", "U8", scales)
        self.expected[prefix] = exact

    def _fused_qkv(self, shard, prefix, sliding, scale_shard):
        """Store Q|K|V pre-sharded into T chunks [Q_c|K_c|V_c] with the per-chunk grid."""
        c = self.config
        hidden = c["hidden_size"]
        nq, nkv, hd, vd = attention_dims(c, sliding)
        chunks = c["num_key_value_heads"]
        wq = self._gaussian((nq * hd, hidden), hidden ** -0.5)
        wk = self._gaussian((nkv * hd, hidden), hidden ** -0.5)
        wv = self._gaussian((nkv * vd, hidden), hidden ** -0.5)
        qc, kc, vc = nq // chunks * hd, nkv // chunks * hd, nkv // chunks * vd
        stored = np.concatenate([np.concatenate([wq[i * qc:(i + 1) * qc], wk[i * kc:(i + 1) * kc],
                                                 wv[i * vc:(i + 1) * vc]]) for i in range(chunks)])
        rows_per_chunk = qc + kc + vc
        if self.qkv_grid == "per_chunk":
            rowblocks = per_chunk_rowblocks(stored.shape[0], rows_per_chunk)
        else:
            rowblocks = np.arange(stored.shape[0]) // BLOCK
        codes, grid, exact = quantize_fp8(stored, rowblocks)
        self._put(shard, prefix + ".weight", "F8_E4M3", codes)
        self._put(scale_shard, prefix + ".weight_scale_inv", "F32", grid)
        exact = exact.reshape(chunks, rows_per_chunk, hidden)
        self.expected[prefix + ".q"] = exact[:, :qc].reshape(-1, hidden)
        self.expected[prefix + ".k"] = exact[:, qc:qc + kc].reshape(-1, hidden)
        self.expected[prefix + ".v"] = exact[:, qc + kc:].reshape(-1, hidden)

    def build(self):
        c = self.config
        hidden, vocab = c["hidden_size"], c["vocab_size"]
        dense = "model_pp0_ep0_shard0.safetensors"
        experts_per_shard = 4
        expert_shard = lambda e: f"model_pp0_ep{e // experts_per_shard}_shard0.safetensors"  # noqa: E731

        self._bf16(dense, "model.embed_tokens.weight", self._gaussian((vocab, hidden), 1.0), "model.embed_tokens")
        self._bf16(dense, "lm_head.weight", self._gaussian((vocab, hidden), hidden ** -0.5), "lm_head")
        self._bf16(dense, "model.norm.weight", 1.0 + self._gaussian(hidden, 0.1))
        for l in range(c["num_hidden_layers"]):
            p = f"model.layers.{l}"
            sliding = c["hybrid_layer_pattern"][l] == 1
            nq, nkv, hd, vd = attention_dims(c, sliding)
            self._bf16(dense, p + ".input_layernorm.weight", 1.0 + self._gaussian(hidden, 0.1))
            self._bf16(dense, p + ".post_attention_layernorm.weight", 1.0 + self._gaussian(hidden, 0.1))
            # Layer 1's qkv scale goes to the next shard, like the FP8 release's split pairs.
            self._fused_qkv(dense, p + ".self_attn.qkv_proj", sliding,
                            expert_shard(experts_per_shard) if l == 1 else dense)
            self._bf16(dense, p + ".self_attn.o_proj.weight", self._gaussian((hidden, nq * vd), (nq * vd) ** -0.5),
                       p + ".self_attn.o_proj")
            if sliding:
                self._bf16(dense, p + ".self_attn.attention_sink_bias", self._gaussian(nq, 1.0))
            if c["moe_layer_freq"][l] == 0:
                inter = c["intermediate_size"]
                self._fp8_matrix(dense, p + ".mlp.gate_proj", self._gaussian((inter, hidden), hidden ** -0.5))
                self._fp8_matrix(dense, p + ".mlp.up_proj", self._gaussian((inter, hidden), hidden ** -0.5))
                self._fp8_matrix(dense, p + ".mlp.down_proj", self._gaussian((hidden, inter), inter ** -0.5))
                continue
            experts = c["n_routed_experts"]
            router = self._gaussian((experts, hidden), hidden ** -0.5)
            if self.expert_format == "mxfp4":
                self._bf16(dense, p + ".mlp.gate.weight", router, p + ".mlp.gate")
            else:
                router = router.astype(np.float32)
                self._put(dense, p + ".mlp.gate.weight", "F32", router)
                self.expected[p + ".mlp.gate"] = router.astype(np.float64)
            bias = (self._gaussian(experts, 0.05)).astype(np.float32)
            self._put(dense, p + ".mlp.gate.e_score_correction_bias", "F32", bias)
            self.expected[p + ".mlp.gate.e_score_correction_bias"] = bias.astype(np.float64)
            inter = c["moe_intermediate_size"]
            for e in range(experts):
                for proj, shape, fan_in in (("gate_proj", (inter, hidden), hidden),
                                            ("up_proj", (inter, hidden), hidden),
                                            ("down_proj", (hidden, inter), inter)):
                    name = f"{p}.mlp.experts.{e}.{proj}"
                    w = self._gaussian(shape, fan_in ** -0.5)
                    if self.expert_format == "mxfp4":
                        self._mxfp4_matrix(expert_shard(e), name, w)
                    else:
                        self._fp8_matrix(expert_shard(e), name, w)
        self._write_files()
        return self

    def _write_files(self):
        weight_map = {}
        for file_name, tensors in self.shards.items():
            # Tensors in string order of their names, as the release stores experts (spec 4.1).
            tensors = sorted(tensors, key=lambda t: t[0])
            write_safetensors(os.path.join(self.out_dir, file_name), tensors, {"format": "pt"})
            weight_map.update({name: file_name for name, _, _ in tensors})
        with open(os.path.join(self.out_dir, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"save_format": self.expert_format}, "weight_map": weight_map}, f, indent=1)
        with open(os.path.join(self.out_dir, "config.json"), "w") as f:
            json.dump(self.config, f, indent=1)
        vocab = {f"tok{i}": i for i in range(TOKENIZER_VOCAB)}
        added = [{"id": TOKENIZER_VOCAB + j, "content": f"<|special{j}|>", "special": True}
                 for j in range(TOKENIZER_ADDED)]
        with open(os.path.join(self.out_dir, "tokenizer.json"), "w") as f:
            json.dump({"version": "1.0", "added_tokens": added,
                       "model": {"type": "BPE", "vocab": vocab, "merges": []}}, f)
