#pragma once
// config.json and generation_config.json of a MiMo-V2 checkpoint (spec section 2).
// Every dimension comes from here; nothing in the engine assumes Flash's values.
#include <optional>
#include <string>
#include <vector>

namespace peng {

enum class AttentionKind { Full, SlidingWindow };

// The geometry of one layer's attention, resolved from the full/SWA config keys.
struct AttentionShape {
    AttentionKind kind = AttentionKind::Full;
    int num_heads = 0;
    int num_kv_heads = 0;
    int head_dim = 0;     // Q and K
    int v_head_dim = 0;
    int rope_dim = 0;     // int(head_dim * partial_rotary_factor)
    double rope_theta = 0;
    bool has_sink = false;
    int window = 0;       // keys attended including self; 0 = unbounded (full)

    int q_rows() const { return num_heads * head_dim; }
    int k_rows() const { return num_kv_heads * head_dim; }
    int v_rows() const { return num_kv_heads * v_head_dim; }
    int qkv_rows() const { return q_rows() + k_rows() + v_rows(); }
};

struct ModelConfig {
    std::string model_type;
    int hidden_size = 0;
    int num_layers = 0;
    int vocab_size = 0;
    int intermediate_size = 0;
    int moe_intermediate_size = 0;
    int n_routed_experts = 0;
    int num_experts_per_tok = 0;
    int n_group = 1;
    int topk_group = 1;
    bool norm_topk_prob = true;
    double routed_scaling_factor = 1.0;  // JSON null means 1.0

    int num_attention_heads = 0, num_key_value_heads = 0, head_dim = 0, v_head_dim = 0;
    int swa_num_attention_heads = 0, swa_num_key_value_heads = 0, swa_head_dim = 0, swa_v_head_dim = 0;
    double partial_rotary_factor = 1.0;
    double rope_theta = 0, swa_rope_theta = 0;
    int sliding_window = 0;
    double attention_value_scale = 1.0;
    bool add_swa_attention_sink_bias = false;
    bool add_full_attention_sink_bias = false;
    double layernorm_epsilon = 1e-6;
    bool tie_word_embeddings = false;
    int num_nextn_predict_layers = 0;
    int max_position_embeddings = 0;  // positions the model was trained for; 0 = not stated

    std::vector<int> hybrid_layer_pattern;  // 1 = sliding window, 0 = full
    std::vector<int> moe_layer_freq;        // 1 = MoE layer, 0 = dense MLP

    std::optional<int> eos_token_id, pad_token_id, bos_token_id;

    // The qkv of every layer is stored pre-sharded in this many chunks (spec 4.3).
    int qkv_chunks() const { return num_key_value_heads; }
    bool is_moe(int layer) const { return moe_layer_freq[layer] != 0; }
    bool is_sliding(int layer) const { return hybrid_layer_pattern[layer] != 0; }
    AttentionShape attention(int layer) const;
    int moe_layer_count() const;
    int first_moe_layer() const;  // -1 when every layer is dense

    // Parses and validates; a config the engine cannot run is refused with a
    // peng::Error naming the field and the file.
    static ModelConfig parse(const std::string& json_text, const std::string& file_name);
    static ModelConfig load(const std::string& model_dir);
};

struct GenerationConfig {
    std::optional<int> bos_token_id;
    std::vector<int> eos_token_ids;
    std::optional<int> pad_token_id;
    std::optional<double> temperature, top_p;
    std::optional<int> top_k;

    static GenerationConfig parse(const std::string& json_text, const std::string& file_name);
    // Missing file gives an empty config (all defaults come from elsewhere).
    static GenerationConfig load(const std::string& model_dir);
};

}  // namespace peng
