#include "gen/preset.h"

#include <functional>

#include "util/error.h"

namespace peng::gen {

CheckpointFormat parse_checkpoint_format(const std::string& name) {
    if (name == "mxfp4") return CheckpointFormat::Mxfp4;
    if (name == "fp8") return CheckpointFormat::Fp8;
    throw Error("unknown checkpoint format '" + name + "' (expected mxfp4 or fp8)");
}

std::string format_name(CheckpointFormat format) {
    return format == CheckpointFormat::Mxfp4 ? "mxfp4" : "fp8";
}

namespace {

// A preset's layer pattern as a rule, so --layers can shorten or lengthen it.
using LayerRule = std::function<bool(int layer)>;

void apply_layer_rules(ModelDims& d, int layers, const LayerRule& is_full, const LayerRule& is_dense) {
    d.num_hidden_layers = layers;
    d.hybrid_layer_pattern.clear();
    d.moe_layer_freq.clear();
    for (int l = 0; l < layers; ++l) {
        d.hybrid_layer_pattern.push_back(is_full(l) ? 0 : 1);
        d.moe_layer_freq.push_back(is_dense(l) ? 0 : 1);
    }
}

// Flash: full attention on layer 0 and every sixth layer from 5 (0, 5, 11, ..., 47).
bool flash_full_layer(int l) { return l == 0 || (l + 1) % 6 == 0; }
bool only_layer_zero_dense(int l) { return l == 0; }

ModelDims tiny_dims() {
    ModelDims d;
    d.hidden_size = 256;
    d.vocab_size = 512;
    d.intermediate_size = 512;
    d.moe_intermediate_size = 64;
    d.n_routed_experts = 16;
    d.num_experts_per_tok = 8;
    d.num_attention_heads = 8;
    d.num_key_value_heads = 4;
    d.head_dim = 48;
    d.v_head_dim = 32;
    d.swa_num_attention_heads = 8;
    d.swa_num_key_value_heads = 8;
    d.swa_head_dim = 48;
    d.swa_v_head_dim = 32;
    d.attention_value_scale = 0.707;
    return d;
}

}  // namespace

std::vector<std::string> preset_names() { return {"tiny", "pro-tiny", "demo", "flash-shape"}; }

ModelDims make_preset(const std::string& name, std::optional<int> layers) {
    if (layers && (*layers < 1 || *layers > 1024))
        throw Error("--layers must be between 1 and 1024, got " + std::to_string(*layers));
    ModelDims d;
    if (name == "tiny") {
        // Full layers 0 and 3 of 6: [0,1,1,0,1,1].
        d = tiny_dims();
        apply_layer_rules(d, layers.value_or(6), [](int l) { return l % 3 == 0; }, only_layer_zero_dense);
    } else if (name == "pro-tiny") {
        // The Pro structure: 8 qkv chunks (kv heads 8 on both layer kinds), full
        // attention at the first and last layer and in between ([0, 3, 7] of 8).
        d = tiny_dims();
        d.num_attention_heads = 16;
        d.swa_num_attention_heads = 16;
        d.num_key_value_heads = 8;
        d.swa_num_key_value_heads = 8;
        d.attention_value_scale = 0.612;
        apply_layer_rules(d, layers.value_or(8), [](int l) { return l == 0 || l % 4 == 3; },
                          only_layer_zero_dense);
    } else if (name == "demo") {
        // Flash's depth and expert count at small widths: the whole routing
        // machinery (48 x 256 experts) in well under 200 MB.
        d.hidden_size = 128;
        d.vocab_size = 6144;
        d.intermediate_size = 256;
        d.moe_intermediate_size = 64;
        d.n_routed_experts = 256;
        d.num_experts_per_tok = 8;
        d.num_attention_heads = 4;
        d.num_key_value_heads = 2;
        d.head_dim = 48;
        d.v_head_dim = 32;
        d.swa_num_attention_heads = 4;
        d.swa_num_key_value_heads = 4;
        d.swa_head_dim = 48;
        d.swa_v_head_dim = 32;
        d.tokenizer_style = TokenizerStyle::CommonWords;
        apply_layer_rules(d, layers.value_or(48), flash_full_layer, only_layer_zero_dense);
    } else if (name == "flash-shape") {
        // The real MiMo-V2-Flash per-layer dimensions (spec 2), fewer layers.
        d.hidden_size = 4096;
        d.vocab_size = 152576;
        d.intermediate_size = 16384;
        d.moe_intermediate_size = 2048;
        d.n_routed_experts = 256;
        d.num_experts_per_tok = 8;
        d.num_attention_heads = 64;
        d.num_key_value_heads = 4;
        d.head_dim = 192;
        d.v_head_dim = 128;
        d.swa_num_attention_heads = 64;
        d.swa_num_key_value_heads = 8;
        d.swa_head_dim = 192;
        d.swa_v_head_dim = 128;
        d.tokenizer_style = TokenizerStyle::CommonWords;
        apply_layer_rules(d, layers.value_or(2), flash_full_layer, only_layer_zero_dense);
    } else {
        std::string known;
        for (const auto& p : preset_names()) known += (known.empty() ? "" : ", ") + p;
        throw Error("unknown preset '" + name + "' (known: " + known + ")");
    }
    d.preset = name;
    validate_dims(d);
    return d;
}

void validate_dims(const ModelDims& d) {
    auto require = [](bool ok, const std::string& what) {
        if (!ok) throw Error("preset dimensions: " + what);
    };
    const int chunks = d.num_key_value_heads;
    require(chunks > 0, "num_key_value_heads must be positive");
    require(d.num_attention_heads % chunks == 0 && d.num_key_value_heads % chunks == 0,
            "full-attention heads must split evenly into num_key_value_heads qkv chunks");
    require(d.swa_num_attention_heads % chunks == 0 && d.swa_num_key_value_heads % chunks == 0,
            "sliding-window heads must split evenly into num_key_value_heads qkv chunks");
    require(d.hidden_size % 32 == 0 && d.moe_intermediate_size % 32 == 0,
            "hidden_size and moe_intermediate_size must be multiples of 32 (MXFP4 blocks)");
    require(d.n_routed_experts > 0 && d.n_routed_experts % d.experts_per_shard == 0,
            "n_routed_experts must be a multiple of " + std::to_string(d.experts_per_shard));
    require(d.num_experts_per_tok > 0 && d.num_experts_per_tok <= d.n_routed_experts,
            "num_experts_per_tok must be between 1 and n_routed_experts");
    require(static_cast<int>(d.hybrid_layer_pattern.size()) == d.num_hidden_layers &&
                static_cast<int>(d.moe_layer_freq.size()) == d.num_hidden_layers,
            "layer pattern lists must have num_hidden_layers entries");
}

}  // namespace peng::gen
