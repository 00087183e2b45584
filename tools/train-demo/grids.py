"""Model shapes the demo can train ("grids": layers x experts and the widths that go
with them) and the config.json each one exports. The keys and their order follow
peng-cli make-model (engine/gen/config_files.cpp), i.e. the V2.6 release."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    name: str
    layers: int
    experts: int
    top_k: int
    hidden: int
    moe_intermediate: int      # per expert; MXFP4 needs a multiple of 32
    intermediate: int          # layer 0's dense MLP and the MTP layers'
    heads: int                 # query heads, full and SWA layers
    kv_heads: int              # full layers; also the qkv chunk count T (spec 4.3)
    swa_kv_heads: int
    head_dim: int
    v_head_dim: int
    window: int
    mtp_layers: int = 3        # the release ships 3 (num_nextn_predict_layers)
    full_every: int = 6        # Flash: full attention on layer 0 and every sixth from 5


GRIDS = {g.name: g for g in [
    # The end-to-end test's model: seconds per step, window short enough to exceed.
    Grid("toy", layers=4, experts=16, top_k=4, hidden=64, moe_intermediate=32, intermediate=128, heads=4,
         kv_heads=2, swa_kv_heads=2, head_dim=48, v_head_dim=32, window=32, full_every=3),
    # Flash's 48 x 256 expert grid (spec 2) with tiny experts.
    Grid("flash-grid", layers=48, experts=256, top_k=8, hidden=64, moe_intermediate=32, intermediate=256,
         heads=4, kv_heads=2, swa_kv_heads=4, head_dim=48, v_head_dim=32, window=128),
    # The only 48 x 256 grid under 40 MB: MXFP4 experts of 3 x 32 x 32 (hidden 32).
    Grid("flash-grid-h32", layers=48, experts=256, top_k=8, hidden=32, moe_intermediate=32, intermediate=256,
         heads=4, kv_heads=2, swa_kv_heads=4, head_dim=48, v_head_dim=32, window=128),
    Grid("grid-48x128", layers=48, experts=128, top_k=8, hidden=96, moe_intermediate=32, intermediate=384,
         heads=4, kv_heads=2, swa_kv_heads=4, head_dim=48, v_head_dim=32, window=128),
    Grid("grid-24x128", layers=24, experts=128, top_k=8, hidden=128, moe_intermediate=32, intermediate=512,
         heads=4, kv_heads=2, swa_kv_heads=4, head_dim=48, v_head_dim=32, window=128),
    Grid("grid-16x64", layers=16, experts=64, top_k=8, hidden=192, moe_intermediate=64, intermediate=768,
         heads=6, kv_heads=2, swa_kv_heads=2, head_dim=48, v_head_dim=32, window=128),
    Grid("grid-12x32", layers=12, experts=32, top_k=4, hidden=256, moe_intermediate=128, intermediate=1024,
         heads=8, kv_heads=2, swa_kv_heads=4, head_dim=48, v_head_dim=32, window=128),
]}


def full_layer(grid, layer):
    return layer == 0 or (layer + 1) % grid.full_every == 0


def vocab_rows(tokenizer_ids):
    """Embedding rows: the next multiple of 128 above the tokenizer's ids, so a
    masked tail remains as in the release (spec 2, 7.9; make-model does the same)."""
    return (tokenizer_ids // 128 + 1) * 128


def config_json(grid, tokenizer_ids, special_ids):
    """special_ids: content -> id of the added tokens."""
    rope_theta = 10000000.0
    c = {
        "architectures": ["MiMoV2ForCausalLM"], "model_type": "mimo_v2",
        "hidden_size": grid.hidden, "num_hidden_layers": grid.layers, "vocab_size": vocab_rows(tokenizer_ids),
        "intermediate_size": grid.intermediate, "moe_intermediate_size": grid.moe_intermediate,
        "n_routed_experts": grid.experts, "num_experts_per_tok": grid.top_k, "n_shared_experts": None,
        "n_group": 1, "topk_group": 1, "topk_method": "noaux_tc", "scoring_func": "sigmoid",
        "norm_topk_prob": True, "routed_scaling_factor": None, "moe_router_dtype": "bfloat16",
        "hidden_act": "silu", "attention_bias": False, "tie_word_embeddings": False,
        "num_attention_heads": grid.heads, "num_key_value_heads": grid.kv_heads,
        "head_dim": grid.head_dim, "v_head_dim": grid.v_head_dim,
        "swa_num_attention_heads": grid.heads, "swa_num_key_value_heads": grid.swa_kv_heads,
        "swa_head_dim": grid.head_dim, "swa_v_head_dim": grid.v_head_dim,
        "partial_rotary_factor": 0.334, "rope_theta": rope_theta, "swa_rope_theta": 10000.0,
        "rope_parameters": {"rope_type": "default", "rope_theta": rope_theta},
        "max_position_embeddings": 1048576,
        "sliding_window": grid.window, "sliding_window_size": grid.window, "attention_chunk_size": grid.window,
        "hybrid_block_size": None,
        "hybrid_layer_pattern": [0 if full_layer(grid, l) else 1 for l in range(grid.layers)],
        "moe_layer_freq": [0] + [1] * (grid.layers - 1),
        "add_swa_attention_sink_bias": True, "add_full_attention_sink_bias": False,
        "attention_value_scale": 0.707, "attention_projection_layout": "fused_qkv",
        "layernorm_epsilon": 1e-6, "num_nextn_predict_layers": grid.mtp_layers,
        "bos_token_id": None, "eos_token_id": special_ids["<|im_end|>"],
        "pad_token_id": special_ids["<|endoftext|>"],
    }
    for key, token in (("image_token_id", "<|image_pad|>"), ("video_token_id", "<|video_pad|>"),
                       ("vision_start_token_id", "<|vision_start|>"), ("vision_end_token_id", "<|vision_end|>"),
                       ("audio_token_id", "<|audio_pad|>"), ("audio_start_token_id", "<|mimo_audio_start|>"),
                       ("audio_end_token_id", "<|mimo_audio_end|>")):
        c[key] = special_ids[token]
    c["torch_dtype"] = "bfloat16"
    c["use_cache"] = True
    c["quantization_config"] = {
        "quant_method": "fp8", "fmt": "e4m3", "activation_scheme": "dynamic", "weight_block_size": [128, 128],
        "ignored_layers": [f"model.layers.{l}.self_attn.o_proj" for l in range(grid.layers)],
        "store_dtype": "mxfp4", "mxfp4_block_size": 32}
    return c


def checkpoint_bytes(grid, tokenizer_ids):
    """Approximate size of the exported checkpoint: BF16 embedding, lm_head, o_proj,
    norms; FP8 (+ scales) qkv and dense MLPs; MXFP4 (4.25 bits) experts; BF16 router."""
    h, v = grid.hidden, vocab_rows(tokenizer_ids)
    full_layers = sum(full_layer(grid, l) for l in range(grid.layers))
    qkv = lambda kv: grid.heads * grid.head_dim + kv * (grid.head_dim + grid.v_head_dim)  # noqa: E731
    attention = full_layers * qkv(grid.kv_heads) * h + (grid.layers - full_layers) * qkv(grid.swa_kv_heads) * h
    o_proj = grid.layers * h * grid.heads * grid.v_head_dim * 2
    experts = (grid.layers - 1) * grid.experts * 3 * h * grid.moe_intermediate * 4.25 / 8
    router = (grid.layers - 1) * grid.experts * (h * 2 + 4)
    dense = (1 + grid.mtp_layers) * 3 * h * grid.intermediate
    mtp = grid.mtp_layers * (2 * h * h * 2 + qkv(grid.swa_kv_heads) * h + h * grid.heads * grid.v_head_dim * 2)
    return int(2 * v * h * 2 + attention + o_proj + experts + router + dense + mtp)
