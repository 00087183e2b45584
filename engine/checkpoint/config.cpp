#include "checkpoint/config.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "io/file.h"
#include "util/error.h"

namespace peng {

namespace {

using nlohmann::json;

class FieldReader {
public:
    FieldReader(const json& root, std::string file) : root_(root), file_(std::move(file)) {}

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw Error(file_ + ": field '" + field + "' " + what);
    }
    const json* find(const std::string& field) const {
        auto it = root_.find(field);
        return it == root_.end() ? nullptr : &*it;
    }
    int positive_int(const std::string& field) const {
        const json* v = find(field);
        if (!v) fail(field, "is missing");
        if (!v->is_number_integer() || v->get<long long>() <= 0 || v->get<long long>() > (1LL << 30))
            fail(field, "must be a positive integer");
        return v->get<int>();
    }
    int positive_int_or(const std::string& field, int fallback) const {
        const json* v = find(field);
        return (!v || v->is_null()) ? fallback : positive_int(field);
    }
    double number(const std::string& field) const {
        const json* v = find(field);
        if (!v) fail(field, "is missing");
        if (!v->is_number()) fail(field, "must be a number");
        return v->get<double>();
    }
    double number_or(const std::string& field, double fallback) const {
        const json* v = find(field);
        return (!v || v->is_null()) ? fallback : number(field);
    }
    bool boolean_or(const std::string& field, bool fallback) const {
        const json* v = find(field);
        if (!v || v->is_null()) return fallback;
        if (!v->is_boolean()) fail(field, "must be true or false");
        return v->get<bool>();
    }
    std::string string_or(const std::string& field, const std::string& fallback) const {
        const json* v = find(field);
        if (!v || v->is_null()) return fallback;
        if (!v->is_string()) fail(field, "must be a string");
        return v->get<std::string>();
    }
    std::optional<int> optional_id(const std::string& field) const {
        const json* v = find(field);
        if (!v || v->is_null()) return std::nullopt;
        if (v->is_array() && !v->empty() && (*v)[0].is_number_integer()) return (*v)[0].get<int>();
        if (!v->is_number_integer() || v->get<long long>() < 0) fail(field, "must be a token id");
        return v->get<int>();
    }
    std::vector<int> flag_list(const std::string& field, int length) const {
        const json* v = find(field);
        if (!v) fail(field, "is missing");
        if (!v->is_array()) fail(field, "must be a list of 0/1 per layer");
        if (static_cast<int>(v->size()) != length)
            fail(field, "has " + std::to_string(v->size()) + " entries but num_hidden_layers is " +
                            std::to_string(length));
        std::vector<int> out;
        for (const auto& x : *v) {
            if (!x.is_number_integer() || (x.get<int>() != 0 && x.get<int>() != 1))
                fail(field, "entries must be 0 or 1");
            out.push_back(x.get<int>());
        }
        return out;
    }

private:
    const json& root_;
    std::string file_;
};

void require_divisible(const FieldReader& r, const std::string& field, int value, int divisor,
                       const std::string& divisor_name) {
    if (divisor <= 0 || value % divisor != 0)
        r.fail(field, "(" + std::to_string(value) + ") must be a multiple of " + divisor_name + " (" +
                          std::to_string(divisor) + ")");
}

}  // namespace

AttentionShape ModelConfig::attention(int layer) const {
    AttentionShape s;
    const bool swa = is_sliding(layer);
    s.kind = swa ? AttentionKind::SlidingWindow : AttentionKind::Full;
    s.num_heads = swa ? swa_num_attention_heads : num_attention_heads;
    s.num_kv_heads = swa ? swa_num_key_value_heads : num_key_value_heads;
    s.head_dim = swa ? swa_head_dim : head_dim;
    s.v_head_dim = swa ? swa_v_head_dim : v_head_dim;
    s.rope_dim = static_cast<int>(s.head_dim * partial_rotary_factor);
    s.rope_theta = swa ? swa_rope_theta : rope_theta;
    s.has_sink = swa ? add_swa_attention_sink_bias : add_full_attention_sink_bias;
    s.window = swa ? sliding_window : 0;
    return s;
}

int ModelConfig::moe_layer_count() const {
    int n = 0;
    for (int l = 0; l < num_layers; ++l) n += is_moe(l);
    return n;
}

int ModelConfig::first_moe_layer() const {
    for (int l = 0; l < num_layers; ++l)
        if (is_moe(l)) return l;
    return -1;
}

ModelConfig ModelConfig::parse(const std::string& json_text, const std::string& file_name) {
    json root;
    try {
        root = json::parse(json_text);
    } catch (const json::exception& e) {
        throw Error(file_name + ": malformed JSON: " + e.what());
    }
    if (!root.is_object()) throw Error(file_name + ": not a JSON object");
    FieldReader r(root, file_name);
    ModelConfig c;

    c.model_type = r.string_or("model_type", "");
    if (c.model_type != "mimo_v2" && c.model_type != "mimo_v2_flash")
        r.fail("model_type", "is '" + c.model_type + "'; Peng runs mimo_v2 / mimo_v2_flash checkpoints");
    std::string layout = r.string_or("attention_projection_layout", "fused_qkv");
    if (layout != "fused_qkv")
        r.fail("attention_projection_layout", "is '" + layout + "'; only the fused_qkv release layout is supported");

    c.hidden_size = r.positive_int("hidden_size");
    c.num_layers = r.positive_int("num_hidden_layers");
    c.vocab_size = r.positive_int("vocab_size");
    c.intermediate_size = r.positive_int("intermediate_size");
    c.moe_intermediate_size = r.positive_int("moe_intermediate_size");
    c.n_routed_experts = r.positive_int("n_routed_experts");
    c.num_experts_per_tok = r.positive_int("num_experts_per_tok");
    if (c.num_experts_per_tok > c.n_routed_experts)
        r.fail("num_experts_per_tok", "exceeds n_routed_experts");
    c.n_group = r.positive_int_or("n_group", 1);
    c.topk_group = r.positive_int_or("topk_group", 1);
    require_divisible(r, "n_routed_experts", c.n_routed_experts, c.n_group, "n_group");
    if (c.topk_group > c.n_group) r.fail("topk_group", "exceeds n_group");
    c.norm_topk_prob = r.boolean_or("norm_topk_prob", true);
    c.routed_scaling_factor = r.number_or("routed_scaling_factor", 1.0);
    if (r.string_or("scoring_func", "sigmoid") != "sigmoid") r.fail("scoring_func", "must be 'sigmoid'");
    if (r.string_or("topk_method", "noaux_tc") != "noaux_tc") r.fail("topk_method", "must be 'noaux_tc'");
    if (r.string_or("hidden_act", "silu") != "silu") r.fail("hidden_act", "must be 'silu'");
    if (r.boolean_or("attention_bias", false)) r.fail("attention_bias", "must be false (no bias tensors exist)");
    if (const json* shared = r.find("n_shared_experts"); shared && !shared->is_null() &&
        !(shared->is_number_integer() && shared->get<int>() == 0))
        r.fail("n_shared_experts", "must be null or 0: MiMo-V2 has no shared expert");

    c.num_attention_heads = r.positive_int("num_attention_heads");
    c.num_key_value_heads = r.positive_int("num_key_value_heads");
    c.head_dim = r.positive_int("head_dim");
    c.v_head_dim = r.positive_int_or("v_head_dim", c.head_dim);
    c.swa_num_attention_heads = r.positive_int_or("swa_num_attention_heads", c.num_attention_heads);
    c.swa_num_key_value_heads = r.positive_int_or("swa_num_key_value_heads", c.num_key_value_heads);
    c.swa_head_dim = r.positive_int_or("swa_head_dim", c.head_dim);
    // A missing swa_v_head_dim defaults to swa_head_dim, not to v_head_dim (spec 2).
    c.swa_v_head_dim = r.positive_int_or("swa_v_head_dim", c.swa_head_dim);
    c.partial_rotary_factor = r.number_or("partial_rotary_factor", 1.0);
    if (!(c.partial_rotary_factor > 0 && c.partial_rotary_factor <= 1))
        r.fail("partial_rotary_factor", "must be in (0, 1]");
    c.rope_theta = r.number("rope_theta");
    c.swa_rope_theta = r.number_or("swa_rope_theta", c.rope_theta);
    if (!(c.rope_theta > 0)) r.fail("rope_theta", "must be positive");
    if (!(c.swa_rope_theta > 0)) r.fail("swa_rope_theta", "must be positive");
    if (r.find("sliding_window_size") && !r.find("sliding_window"))
        c.sliding_window = r.positive_int("sliding_window_size");
    else
        c.sliding_window = r.positive_int("sliding_window");
    if (r.find("sliding_window_size") && r.find("sliding_window") &&
        r.positive_int("sliding_window_size") != c.sliding_window)
        r.fail("sliding_window_size", "disagrees with sliding_window");
    c.attention_value_scale = r.number_or("attention_value_scale", 1.0);
    c.add_swa_attention_sink_bias = r.boolean_or("add_swa_attention_sink_bias", false);
    c.add_full_attention_sink_bias = r.boolean_or("add_full_attention_sink_bias", false);
    if (r.find("layernorm_epsilon")) c.layernorm_epsilon = r.number("layernorm_epsilon");
    else c.layernorm_epsilon = r.number("rms_norm_eps");
    if (!(c.layernorm_epsilon > 0)) r.fail("layernorm_epsilon", "must be positive");
    c.tie_word_embeddings = r.boolean_or("tie_word_embeddings", false);
    c.max_position_embeddings = r.positive_int_or("max_position_embeddings", 0);
    if (const json* n = r.find("num_nextn_predict_layers"); n && n->is_number_integer())
        c.num_nextn_predict_layers = n->get<int>();

    c.hybrid_layer_pattern = r.flag_list("hybrid_layer_pattern", c.num_layers);
    c.moe_layer_freq = r.flag_list("moe_layer_freq", c.num_layers);
    if (const json* rope = r.find("rope_scaling"); rope && rope->is_object()) {
        std::string type = rope->value("rope_type", rope->value("type", std::string("default")));
        if (type != "default") r.fail("rope_scaling", "type '" + type + "' is not supported (only 'default')");
    }

    c.eos_token_id = r.optional_id("eos_token_id");
    c.pad_token_id = r.optional_id("pad_token_id");
    c.bos_token_id = r.optional_id("bos_token_id");

    // The pre-sharded qkv needs every layer's heads to split evenly into the chunks.
    const int chunks = c.qkv_chunks();
    for (int layer = 0; layer < c.num_layers; ++layer) {
        AttentionShape s = c.attention(layer);
        const std::string prefix = c.is_sliding(layer) ? "swa_" : "";
        require_divisible(r, prefix + "num_attention_heads", s.num_heads, chunks, "num_key_value_heads");
        require_divisible(r, prefix + "num_key_value_heads", s.num_kv_heads, chunks, "num_key_value_heads");
        require_divisible(r, prefix + "num_attention_heads", s.num_heads, s.num_kv_heads,
                          prefix + "num_key_value_heads");
        if (s.rope_dim % 2 != 0 || s.rope_dim <= 0)
            r.fail("partial_rotary_factor", "gives an odd or empty rotary width (" + std::to_string(s.rope_dim) +
                                                ") for head_dim " + std::to_string(s.head_dim));
    }
    return c;
}

ModelConfig ModelConfig::load(const std::string& model_dir) {
    const std::string path = model_dir + "/config.json";
    return parse(read_text_file(path), path);
}

GenerationConfig GenerationConfig::parse(const std::string& json_text, const std::string& file_name) {
    json root;
    try {
        root = json::parse(json_text);
    } catch (const json::exception& e) {
        throw Error(file_name + ": malformed JSON: " + e.what());
    }
    if (!root.is_object()) throw Error(file_name + ": not a JSON object");
    FieldReader r(root, file_name);
    GenerationConfig g;
    g.bos_token_id = r.optional_id("bos_token_id");
    g.pad_token_id = r.optional_id("pad_token_id");
    if (const json* eos = r.find("eos_token_id"); eos && !eos->is_null()) {
        if (eos->is_number_integer()) g.eos_token_ids.push_back(eos->get<int>());
        else if (eos->is_array()) {
            for (const auto& id : *eos) {
                if (!id.is_number_integer()) r.fail("eos_token_id", "must hold token ids");
                g.eos_token_ids.push_back(id.get<int>());
            }
        } else r.fail("eos_token_id", "must be a token id or a list of them");
    }
    if (r.find("temperature") && !r.find("temperature")->is_null()) g.temperature = r.number("temperature");
    if (r.find("top_p") && !r.find("top_p")->is_null()) g.top_p = r.number("top_p");
    if (r.find("top_k") && !r.find("top_k")->is_null()) g.top_k = static_cast<int>(r.number("top_k"));
    return g;
}

GenerationConfig GenerationConfig::load(const std::string& model_dir) {
    const std::string path = model_dir + "/generation_config.json";
    if (!file_exists(path)) return {};
    return parse(read_text_file(path), path);
}

}  // namespace peng
