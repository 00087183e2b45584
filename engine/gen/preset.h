#pragma once
// Model presets for `peng-cli make-model`: every dimension that goes into the
// generated config.json. The real Flash values appear only in the flash-shape
// preset; everything else reads them from here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace peng::gen {

// The two released on-disk layouts.
enum class CheckpointFormat {
    Mxfp4,  // MiMo-V2.6: MXFP4 experts, BF16 router, layernorm_epsilon 1e-6
    Fp8,    // MiMo-V2.5: FP8 experts, F32 router, layernorm_epsilon 1e-5
};

CheckpointFormat parse_checkpoint_format(const std::string& name);  // "mxfp4" | "fp8"
std::string format_name(CheckpointFormat format);

// Which synthetic tokenizer a preset ships (a real one can replace it).
enum class TokenizerStyle {
    Small,         // a few hundred ids: bytes, some merges, the special tokens
    CommonWords,   // merges learned from common English words, so output reads as words
};

struct ModelDims {
    std::string preset;
    int hidden_size = 0;
    int num_hidden_layers = 0;
    int vocab_size = 0;
    int intermediate_size = 0;       // layer-0 dense MLP
    int moe_intermediate_size = 0;   // one routed expert
    int n_routed_experts = 0;
    int num_experts_per_tok = 0;
    int experts_per_shard = 4;       // the release keeps 4 experts of every MoE layer per ep shard

    // Full-attention layers.
    int num_attention_heads = 0;
    int num_key_value_heads = 0;     // also the qkv pre-shard count T (spec 4.3)
    int head_dim = 0;
    int v_head_dim = 0;
    // Sliding-window layers.
    int swa_num_attention_heads = 0;
    int swa_num_key_value_heads = 0;
    int swa_head_dim = 0;
    int swa_v_head_dim = 0;

    double partial_rotary_factor = 0.334;
    long long rope_theta = 10000000;
    long long swa_rope_theta = 10000;
    double attention_value_scale = 0.707;
    int sliding_window = 128;
    long long max_position_embeddings = 1048576;
    bool add_swa_attention_sink_bias = true;
    bool add_full_attention_sink_bias = false;

    std::vector<int> hybrid_layer_pattern;  // per layer: 1 = sliding window, 0 = full
    std::vector<int> moe_layer_freq;        // per layer: 1 = routed experts, 0 = dense MLP

    TokenizerStyle tokenizer_style = TokenizerStyle::Small;

    bool is_swa_layer(int layer) const { return hybrid_layer_pattern.at(layer) == 1; }
    bool is_moe_layer(int layer) const { return moe_layer_freq.at(layer) == 1; }
    int expert_shard_count() const { return n_routed_experts / experts_per_shard; }
};

// Builds a preset, optionally with a different layer count (the pattern lists are
// truncated, or continued by the preset's own rule). Throws peng::Error on an
// unknown name or a geometry the layout cannot express.
ModelDims make_preset(const std::string& name, std::optional<int> layers = std::nullopt);
std::vector<std::string> preset_names();

// Throws peng::Error naming the first dimension the checkpoint layout cannot hold
// (heads not divisible by the qkv shard count, widths not multiples of 32, ...).
void validate_dims(const ModelDims& dims);

}  // namespace peng::gen
