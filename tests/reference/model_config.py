"""config.json to the per-layer geometry of spec section 2.

Every dimension comes from the checkpoint's own config (the test fixtures are
tiny); nothing about Flash or Pro is assumed.
"""
import json
import os
from dataclasses import dataclass

from st_reader import CheckpointError


@dataclass(frozen=True)
class AttentionGeometry:
    sliding: bool          # hybrid_layer_pattern 1 = SWA, 0 = full
    num_heads: int
    num_kv_heads: int
    head_dim: int          # Q and K
    v_head_dim: int
    rope_dim: int          # int(head_dim * partial_rotary_factor)
    rope_theta: float
    has_sink: bool


@dataclass(frozen=True)
class LayerConfig:
    index: int
    attention: AttentionGeometry
    is_moe: bool           # moe_layer_freq[l] != 0


class ModelConfig:
    def __init__(self, raw):
        self.raw = raw
        req = self._required
        self.hidden_size = req("hidden_size")
        self.num_layers = req("num_hidden_layers")
        self.vocab_size = req("vocab_size")
        self.intermediate_size = raw.get("intermediate_size")
        self.moe_intermediate_size = raw.get("moe_intermediate_size")
        # The epsilon key is layernorm_epsilon; rms_norm_eps is a fallback (spec 2).
        eps = raw.get("layernorm_epsilon", raw.get("rms_norm_eps"))
        if eps is None:
            raise CheckpointError("config.json: neither layernorm_epsilon nor rms_norm_eps is set")
        self.eps = float(eps)
        self.tie_word_embeddings = bool(raw.get("tie_word_embeddings", False))
        self.attention_value_scale = float(raw.get("attention_value_scale", 1.0))
        self.fused_qkv = raw.get("attention_projection_layout", "fused_qkv") == "fused_qkv"
        # T of the pre-sharded qkv: the top-level (full-attention) KV head count (spec 4.3).
        self.qkv_chunks = req("num_key_value_heads")

        window = raw.get("sliding_window", raw.get("sliding_window_size"))
        self.sliding_window = int(window) if window is not None else None

        # MoE routing (spec 3.2j)
        self.n_routed_experts = raw.get("n_routed_experts")
        self.num_experts_per_tok = raw.get("num_experts_per_tok")
        self.n_group = int(raw.get("n_group") or 1)
        self.topk_group = int(raw.get("topk_group") or 1)
        self.norm_topk_prob = bool(raw.get("norm_topk_prob", True))
        scaling = raw.get("routed_scaling_factor")
        self.routed_scaling_factor = 1.0 if scaling is None else float(scaling)  # null means 1.0
        scoring = raw.get("scoring_func", "sigmoid")
        if scoring != "sigmoid":
            raise CheckpointError(f"config.json: scoring_func {scoring!r} is not the spec's sigmoid")
        if raw.get("n_shared_experts"):
            raise CheckpointError("config.json: n_shared_experts is set; MiMo-V2 has no shared expert (spec 2)")

        pattern = raw.get("hybrid_layer_pattern")
        moe_freq = raw.get("moe_layer_freq")
        for key, value in (("hybrid_layer_pattern", pattern), ("moe_layer_freq", moe_freq)):
            if not isinstance(value, list) or len(value) != self.num_layers:
                raise CheckpointError(f"config.json: {key} must be a list of {self.num_layers} entries, got {value!r}")

        self.full_attention = self._geometry(sliding=False)
        self.swa_attention = self._geometry(sliding=True)
        self.layers = [
            LayerConfig(l, self.swa_attention if pattern[l] == 1 else self.full_attention, moe_freq[l] != 0)
            for l in range(self.num_layers)
        ]
        if any(layer.attention.sliding for layer in self.layers) and self.sliding_window is None:
            raise CheckpointError("config.json: SWA layers present but neither sliding_window nor sliding_window_size is set")
        if any(layer.is_moe for layer in self.layers):
            for key in ("n_routed_experts", "num_experts_per_tok", "moe_intermediate_size"):
                if raw.get(key) is None:
                    raise CheckpointError(f"config.json: MoE layers present but {key} is not set")

    def _required(self, key):
        if self.raw.get(key) is None:
            raise CheckpointError(f"config.json: required key {key} is missing")
        return int(self.raw[key])

    def _geometry(self, sliding):
        raw = self.raw
        heads = int(raw["num_attention_heads"])
        kv_heads = int(raw["num_key_value_heads"])
        head_dim = int(raw.get("head_dim") or self.hidden_size // heads)
        v_head_dim = int(raw.get("v_head_dim") or head_dim)
        # rope_theta sits at the top level and inside rope_parameters (spec 2).
        theta = raw.get("rope_theta") or (raw.get("rope_parameters") or {}).get("rope_theta")
        if theta is None:
            raise CheckpointError("config.json: rope_theta is missing")
        theta = float(theta)
        has_sink = bool(raw.get("add_full_attention_sink_bias", False))
        if sliding:
            heads = int(raw.get("swa_num_attention_heads") or heads)
            kv_heads = int(raw.get("swa_num_key_value_heads") or kv_heads)
            head_dim = int(raw.get("swa_head_dim") or head_dim)
            # Missing swa_v_head_dim defaults to swa_head_dim, not v_head_dim (spec 2, PENG 2).
            v_head_dim = int(raw.get("swa_v_head_dim") or head_dim)
            theta = float(raw.get("swa_rope_theta") or theta)
            has_sink = bool(raw.get("add_swa_attention_sink_bias", False))
        rope_dim = int(head_dim * float(raw.get("partial_rotary_factor", 1.0)))
        if rope_dim % 2:
            raise CheckpointError(f"config.json: rope dim int({head_dim} * partial_rotary_factor) = {rope_dim} is odd")
        if heads % kv_heads:
            raise CheckpointError(f"config.json: {heads} query heads do not split over {kv_heads} KV heads")
        return AttentionGeometry(sliding, heads, kv_heads, head_dim, v_head_dim, rope_dim, theta, has_sink)


def load_config(model_dir):
    path = os.path.join(model_dir, "config.json")
    try:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise CheckpointError(f"{path}: cannot read config ({e})") from None
    return ModelConfig(raw)
