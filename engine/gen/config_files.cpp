#include "gen/config_files.h"

#include <nlohmann/json.hpp>

namespace peng::gen {

using ordered_json = nlohmann::ordered_json;

namespace {

ordered_json quantization_config(const ModelDims& d, CheckpointFormat format) {
    ordered_json q;
    q["quant_method"] = "fp8";
    q["fmt"] = "e4m3";
    q["activation_scheme"] = "dynamic";
    q["weight_block_size"] = {128, 128};
    // o_proj stays BF16 in every release, hence listed as not quantized.
    ordered_json ignored = ordered_json::array();
    for (int l = 0; l < d.num_hidden_layers; ++l)
        ignored.push_back("model.layers." + std::to_string(l) + ".self_attn.o_proj");
    q["ignored_layers"] = ignored;
    if (format == CheckpointFormat::Mxfp4) {
        q["store_dtype"] = "mxfp4";
        q["mxfp4_block_size"] = 32;
    }
    return q;
}

// Modality ids that the release's config.json carries, where the tokenizer has them.
void add_modality_ids(ordered_json& j, const TokenizerFiles& tok) {
    const std::pair<const char*, const char*> keys[] = {
        {"image_token_id", "<|image_pad|>"},          {"video_token_id", "<|video_pad|>"},
        {"vision_start_token_id", "<|vision_start|>"}, {"vision_end_token_id", "<|vision_end|>"},
        {"audio_token_id", "<|audio_pad|>"},          {"audio_start_token_id", "<|mimo_audio_start|>"},
        {"audio_end_token_id", "<|mimo_audio_end|>"},
    };
    for (const auto& [key, token] : keys)
        if (auto id = tok.find(token)) j[key] = *id;
}

}  // namespace

std::string make_config_json(const ModelDims& d, CheckpointFormat format, const TokenizerFiles& tok) {
    const bool v26 = format == CheckpointFormat::Mxfp4;
    ordered_json j;
    j["architectures"] = {"MiMoV2ForCausalLM"};
    j["model_type"] = "mimo_v2";
    j["hidden_size"] = d.hidden_size;
    j["num_hidden_layers"] = d.num_hidden_layers;
    j["vocab_size"] = d.vocab_size;
    j["intermediate_size"] = d.intermediate_size;
    j["moe_intermediate_size"] = d.moe_intermediate_size;
    j["n_routed_experts"] = d.n_routed_experts;
    j["num_experts_per_tok"] = d.num_experts_per_tok;
    j["n_shared_experts"] = nullptr;
    j["n_group"] = 1;
    j["topk_group"] = 1;
    j["topk_method"] = "noaux_tc";
    j["scoring_func"] = "sigmoid";
    j["norm_topk_prob"] = true;
    j["routed_scaling_factor"] = nullptr;  // read as 1.0
    if (v26) j["moe_router_dtype"] = "bfloat16";
    j["hidden_act"] = "silu";
    j["attention_bias"] = false;
    j["tie_word_embeddings"] = false;
    j["num_attention_heads"] = d.num_attention_heads;
    j["num_key_value_heads"] = d.num_key_value_heads;
    j["head_dim"] = d.head_dim;
    j["v_head_dim"] = d.v_head_dim;
    j["swa_num_attention_heads"] = d.swa_num_attention_heads;
    j["swa_num_key_value_heads"] = d.swa_num_key_value_heads;
    j["swa_head_dim"] = d.swa_head_dim;
    j["swa_v_head_dim"] = d.swa_v_head_dim;
    j["partial_rotary_factor"] = d.partial_rotary_factor;
    j["rope_theta"] = d.rope_theta;
    j["swa_rope_theta"] = d.swa_rope_theta;
    j["rope_parameters"] = {{"rope_type", "default"}, {"rope_theta", d.rope_theta}};
    j["max_position_embeddings"] = d.max_position_embeddings;
    j["sliding_window"] = d.sliding_window;
    j["sliding_window_size"] = d.sliding_window;
    j["attention_chunk_size"] = d.sliding_window;
    j["hybrid_block_size"] = nullptr;
    j["hybrid_layer_pattern"] = d.hybrid_layer_pattern;
    j["moe_layer_freq"] = d.moe_layer_freq;
    j["add_swa_attention_sink_bias"] = d.add_swa_attention_sink_bias;
    j["add_full_attention_sink_bias"] = d.add_full_attention_sink_bias;
    j["attention_value_scale"] = d.attention_value_scale;
    j["attention_projection_layout"] = "fused_qkv";
    j["layernorm_epsilon"] = v26 ? 1e-6 : 1e-5;
    // V2.6 states its MTP depth; V2.5 does not. This checkpoint ships one MTP layer.
    if (v26) j["num_nextn_predict_layers"] = 1;
    j["bos_token_id"] = nullptr;
    j["eos_token_id"] = tok.id_of("<|im_end|>");
    j["pad_token_id"] = tok.id_of("<|endoftext|>");
    add_modality_ids(j, tok);
    j["torch_dtype"] = "bfloat16";
    j["use_cache"] = true;
    j["quantization_config"] = quantization_config(d, format);
    return j.dump(2) + "\n";
}

std::string make_generation_config_json(CheckpointFormat format, const TokenizerFiles& tok) {
    const int endoftext = tok.id_of("<|endoftext|>");
    const int im_end = tok.id_of("<|im_end|>");
    ordered_json j;
    j["bos_token_id"] = endoftext;
    j["eos_token_id"] = {endoftext, im_end};
    j["pad_token_id"] = endoftext;
    if (format == CheckpointFormat::Fp8) {
        // V2.5's published sampling defaults, contradictory do_sample included (spec 6).
        j["do_sample"] = false;
        j["temperature"] = 1.0;
        j["top_p"] = 0.95;
    }
    return j.dump(2) + "\n";
}

}  // namespace peng::gen
