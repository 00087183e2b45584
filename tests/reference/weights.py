"""The model's tensors, decoded from the checkpoint into dense float matrices.

Names follow the release (spec 4.2). Each matrix is decoded by what its stored
dtype says: BF16/F32 plain, F8_E4M3 with `weight_scale_inv` (128x128 grid),
U8 with `weight_scale` (MXFP4). The fused qkv gets the pre-sharded treatment
of spec 4.3 on every layer.
"""
import numpy as np

import formats
from st_reader import CheckpointError

# Rows of a plain BF16 matrix are kept as float32 (exact: BF16 is a float32
# prefix) to halve the memory of the 152576-row embedding and lm_head; they are
# widened to float64 when used.
LINEAR_CHUNK_ROWS = 8192


def decode_vector(ckpt, name):
    tensor = ckpt.get(name)
    if len(tensor.shape) != 1:
        raise CheckpointError(f"{tensor.path}: tensor {name}: expected 1-D, found shape {list(tensor.shape)}")
    return formats.raw_to_f64(tensor)


def decode_matrix(ckpt, prefix, expected_shape=None):
    """`prefix.weight` as a dense [out, in] matrix, by its stored format."""
    weight = ckpt.get(prefix + ".weight")
    if weight.dtype == "F8_E4M3":
        matrix = formats.dequant_fp8_block(weight, ckpt.get(prefix + ".weight_scale_inv"))
    elif weight.dtype == "U8":
        matrix = formats.dequant_mxfp4(weight, ckpt.get(prefix + ".weight_scale"))
    elif weight.dtype == "BF16":
        matrix = formats.bf16_to_f64(weight.data).astype(np.float32)
    else:
        matrix = formats.raw_to_f64(weight)
    if expected_shape is not None and tuple(matrix.shape) != tuple(expected_shape):
        raise CheckpointError(f"{weight.path}: tensor {weight.name}: decodes to {list(matrix.shape)}, "
                              f"config implies {list(expected_shape)}")
    return matrix


def linear(x, matrix):
    """y = x W^T in float64, whatever precision W is stored at."""
    if matrix.dtype == np.float64:
        return x @ matrix.T
    out = np.empty((x.shape[0], matrix.shape[0]), dtype=np.float64)
    for begin in range(0, matrix.shape[0], LINEAR_CHUNK_ROWS):
        block = matrix[begin:begin + LINEAR_CHUNK_ROWS].astype(np.float64)
        out[:, begin:begin + block.shape[0]] = x @ block.T
    return out


def decode_fused_qkv(ckpt, prefix, geometry, chunks, hidden):
    """Pre-sharded fused qkv (spec 4.3) to separate Q, K, V matrices.

    Stored rows are T chunks [Q_c | K_c | V_c], each R rows. Dequantize first
    (a 128-row scale block may straddle Q/K/V inside a chunk), then gather.
    """
    nq, nkv, hd, vd = geometry.num_heads, geometry.num_kv_heads, geometry.head_dim, geometry.v_head_dim
    if nq % chunks or nkv % chunks:
        raise CheckpointError(f"{prefix}: {nq} query / {nkv} KV heads do not split into "
                              f"{chunks} qkv chunks (num_key_value_heads)")
    q_rows = (nq // chunks) * hd
    k_rows = (nkv // chunks) * hd
    v_rows = (nkv // chunks) * vd
    rows_per_chunk = q_rows + k_rows + v_rows
    total_rows = chunks * rows_per_chunk

    weight = ckpt.get(prefix + ".weight")
    if tuple(weight.shape) != (total_rows, hidden):
        raise CheckpointError(f"{weight.path}: tensor {weight.name}: shape {list(weight.shape)}, "
                              f"config implies [{total_rows}, {hidden}]")
    if weight.dtype == "F8_E4M3":
        scale = ckpt.get(prefix + ".weight_scale_inv")
        per_chunk_rows = chunks * -(-rows_per_chunk // formats.FP8_BLOCK)
        contiguous_rows = -(-total_rows // formats.FP8_BLOCK)
        # The scale's row count says which grid was used (spec 4.3); when R is
        # a multiple of 128 the two grids coincide.
        if scale.shape[0] == per_chunk_rows:
            rowblocks = formats.per_chunk_rowblocks(total_rows, rows_per_chunk)
        elif scale.shape[0] == contiguous_rows:
            rowblocks = formats.contiguous_rowblocks(total_rows)
        else:
            raise CheckpointError(
                f"{scale.path}: tensor {scale.name}: {scale.shape[0]} scale rows match neither the per-chunk grid "
                f"({chunks} x ceil({rows_per_chunk}/128) = {per_chunk_rows}) nor the contiguous one ({contiguous_rows})")
        stored = formats.dequant_fp8_block(weight, scale, rowblocks)
    else:
        stored = formats.raw_to_f64(weight)

    by_chunk = stored.reshape(chunks, rows_per_chunk, hidden)
    wq = by_chunk[:, :q_rows].reshape(nq * hd, hidden)
    wk = by_chunk[:, q_rows:q_rows + k_rows].reshape(nkv * hd, hidden)
    wv = by_chunk[:, q_rows + k_rows:].reshape(nkv * vd, hidden)
    return np.ascontiguousarray(wq), np.ascontiguousarray(wk), np.ascontiguousarray(wv)


class AttentionWeights:
    def __init__(self, ckpt, prefix, geometry, config):
        hidden = config.hidden_size
        g = geometry
        if config.fused_qkv:
            self.wq, self.wk, self.wv = decode_fused_qkv(
                ckpt, prefix + ".qkv_proj", g, config.qkv_chunks, hidden)
        else:
            # Split layout (V2-Flash): three ordinary tensors, contiguous grids (spec 4.2, [?]).
            self.wq = decode_matrix(ckpt, prefix + ".q_proj", (g.num_heads * g.head_dim, hidden))
            self.wk = decode_matrix(ckpt, prefix + ".k_proj", (g.num_kv_heads * g.head_dim, hidden))
            self.wv = decode_matrix(ckpt, prefix + ".v_proj", (g.num_kv_heads * g.v_head_dim, hidden))
        self.wo = decode_matrix(ckpt, prefix + ".o_proj", (hidden, g.num_heads * g.v_head_dim))
        self.sink = None
        if g.has_sink:
            self.sink = decode_vector(ckpt, prefix + ".attention_sink_bias")
            if self.sink.shape != (g.num_heads,):
                raise CheckpointError(f"{prefix}.attention_sink_bias: {self.sink.shape[0]} logits, "
                                      f"one per query head ({g.num_heads}) expected")


class DenseMlpWeights:
    def __init__(self, ckpt, prefix, hidden, intermediate):
        self.gate = decode_matrix(ckpt, prefix + ".gate_proj", (intermediate, hidden))
        self.up = decode_matrix(ckpt, prefix + ".up_proj", (intermediate, hidden))
        self.down = decode_matrix(ckpt, prefix + ".down_proj", (hidden, intermediate))


class MoeWeights:
    """Router always; experts decoded on first use (a layer touches few of them)."""

    def __init__(self, ckpt, prefix, config):
        self._ckpt = ckpt
        self._prefix = prefix
        self._hidden = config.hidden_size
        self._intermediate = config.moe_intermediate_size
        self.num_experts = config.n_routed_experts
        self.router = np.asarray(decode_matrix(ckpt, prefix + ".gate", (self.num_experts, self._hidden)),
                                 dtype=np.float64)
        self.correction_bias = decode_vector(ckpt, prefix + ".gate.e_score_correction_bias")
        if self.correction_bias.shape != (self.num_experts,):
            raise CheckpointError(f"{prefix}.gate.e_score_correction_bias: shape {list(self.correction_bias.shape)}, "
                                  f"expected [{self.num_experts}]")
        self._experts = {}

    def expert(self, e):
        if e not in self._experts:
            self._experts[e] = DenseMlpWeights(self._ckpt, f"{self._prefix}.experts.{e}",
                                               self._hidden, self._intermediate)
        return self._experts[e]


class LayerWeights:
    def __init__(self, ckpt, layer, config):
        prefix = f"model.layers.{layer.index}"
        self.input_norm = decode_vector(ckpt, prefix + ".input_layernorm.weight")
        self.post_attention_norm = decode_vector(ckpt, prefix + ".post_attention_layernorm.weight")
        self.attention = AttentionWeights(ckpt, prefix + ".self_attn", layer.attention, config)
        if layer.is_moe:
            self.moe = MoeWeights(ckpt, prefix + ".mlp", config)
            self.mlp = None
        else:
            self.mlp = DenseMlpWeights(ckpt, prefix + ".mlp", config.hidden_size, config.intermediate_size)
            self.moe = None


class ModelWeights:
    def __init__(self, ckpt, config):
        vocab, hidden = config.vocab_size, config.hidden_size
        self.embed = decode_matrix(ckpt, "model.embed_tokens", (vocab, hidden))
        self.final_norm = decode_vector(ckpt, "model.norm.weight")
        if config.tie_word_embeddings and not ckpt.has("lm_head.weight"):
            self.lm_head = self.embed
        else:
            self.lm_head = decode_matrix(ckpt, "lm_head", (vocab, hidden))
        self.layers = [LayerWeights(ckpt, layer, config) for layer in config.layers]
