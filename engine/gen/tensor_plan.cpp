#include "gen/tensor_plan.h"

#include "gen/qkv_geometry.h"
#include "gen/weight_recipes.h"
#include "util/error.h"

namespace peng::gen {

const char* dtype_name(DType dtype) {
    switch (dtype) {
        case DType::BF16: return "BF16";
        case DType::F32: return "F32";
        case DType::F8_E4M3: return "F8_E4M3";
        case DType::U8: return "U8";
    }
    return "?";
}

int dtype_size(DType dtype) {
    switch (dtype) {
        case DType::BF16: return 2;
        case DType::F32: return 4;
        case DType::F8_E4M3:
        case DType::U8: return 1;
    }
    return 0;
}

uint64_t PlannedTensor::byte_size() const {
    uint64_t n = static_cast<uint64_t>(dtype_size(dtype));
    for (int64_t dim : shape) n *= static_cast<uint64_t>(dim);
    return n;
}

std::string expert_shard_file(int ep) {
    return "model_pp0_ep" + std::to_string(ep) + "_shard0.safetensors";
}

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

class PlanBuilder {
public:
    PlanBuilder(const ModelDims& d, CheckpointFormat f, const std::vector<int>& favored)
        : d_(d), format_(f), favored_(favored) {}

    CheckpointPlan build() {
        const std::string dense_file = expert_shard_file(0);
        plain(dense_file, "model.embed_tokens.weight", DType::BF16, recipes::embedding(d_));
        plain(dense_file, "lm_head.weight", DType::BF16, recipes::lm_head(d_, favored_));
        plain(dense_file, "model.norm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        for (int l = 0; l < d_.num_hidden_layers; ++l) layer(l);
        mtp_layer();
        place_split_pair();

        plan_.expert_shards = d_.expert_shard_count();
        for (int ep = 0; ep < plan_.expert_shards; ++ep) add_file_if_used(expert_shard_file(ep));
        add_file_if_used(kMtpFile);
        return std::move(plan_);
    }

private:
    // A tensor stored in a plain float format (BF16 or F32).
    void plain(const std::string& file, const std::string& name, DType dtype, MatrixSource source) {
        PlannedTensor t;
        t.name = name;
        t.dtype = dtype;
        t.shape = source.rows == 1 ? std::vector<int64_t>{source.cols}
                                   : std::vector<int64_t>{source.rows, source.cols};
        t.file = file;
        t.encoding = dtype == DType::F32 ? Encoding::F32 : Encoding::Bf16;
        source.key = name;
        t.source = std::move(source);
        plan_.tensors.push_back(std::move(t));
    }

    // weight + weight_scale_inv, FP8 128x128 blocks (grid tiled per qkv chunk when grouped).
    void fp8_pair(const std::string& file, const std::string& base, MatrixSource source) {
        source.key = base;
        const int64_t group = source.block_group_rows > 0 ? source.block_group_rows : source.rows;
        if (source.rows % group != 0) throw Error("internal: " + base + " rows do not split into chunks");
        const int64_t scale_rows = (source.rows / group) * ceil_div(group, 128);
        PlannedTensor w{base + ".weight", DType::F8_E4M3, {source.rows, source.cols}, file,
                        Encoding::Fp8Weight, source};
        PlannedTensor s{base + ".weight_scale_inv", DType::F32, {scale_rows, ceil_div(source.cols, 128)},
                        file, Encoding::Fp8ScaleInv, source};
        plan_.tensors.push_back(std::move(w));
        plan_.tensors.push_back(std::move(s));
    }

    // weight + weight_scale, MXFP4 (V2.6 experts).
    void mxfp4_pair(const std::string& file, const std::string& base, MatrixSource source) {
        source.key = base;
        PlannedTensor w{base + ".weight", DType::U8, {source.rows, source.cols / 2}, file,
                        Encoding::Mxfp4Weight, source};
        PlannedTensor s{base + ".weight_scale", DType::U8, {source.rows, source.cols / 32}, file,
                        Encoding::Mxfp4Scale, source};
        plan_.tensors.push_back(std::move(w));
        plan_.tensors.push_back(std::move(s));
    }

    void attention(const std::string& file, const std::string& prefix, bool sliding_window) {
        const QkvGeometry g = qkv_geometry(d_, sliding_window);
        fp8_pair(file, prefix + "self_attn.qkv_proj", recipes::qkv(d_, g));
        // o_proj is BF16 in every release (it is listed in ignored_layers).
        plain(file, prefix + "self_attn.o_proj.weight", DType::BF16,
              recipes::o_proj(d_, int64_t(g.q_heads) * g.v_head_dim));
        const bool sink = sliding_window ? d_.add_swa_attention_sink_bias : d_.add_full_attention_sink_bias;
        if (sink)
            plain(file, prefix + "self_attn.attention_sink_bias", DType::BF16,
                  recipes::attention_sink(g.q_heads));
    }

    void dense_mlp(const std::string& file, const std::string& prefix) {
        fp8_pair(file, prefix + "mlp.gate_proj", recipes::mlp_input(d_.intermediate_size, d_.hidden_size));
        fp8_pair(file, prefix + "mlp.up_proj", recipes::mlp_input(d_.intermediate_size, d_.hidden_size));
        fp8_pair(file, prefix + "mlp.down_proj", recipes::dense_mlp_down(d_));
    }

    void layer(int l) {
        const std::string prefix = "model.layers." + std::to_string(l) + ".";
        const std::string dense_file = expert_shard_file(0);
        plain(dense_file, prefix + "input_layernorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        plain(dense_file, prefix + "post_attention_layernorm.weight", DType::BF16,
              recipes::norm_weight(d_.hidden_size));
        attention(dense_file, prefix, d_.is_swa_layer(l));
        if (!d_.is_moe_layer(l)) {
            dense_mlp(dense_file, prefix);
            return;
        }
        const bool v26 = format_ == CheckpointFormat::Mxfp4;
        plain(dense_file, prefix + "mlp.gate.weight", v26 ? DType::BF16 : DType::F32, recipes::router(d_));
        plain(dense_file, prefix + "mlp.gate.e_score_correction_bias", DType::F32, recipes::router_bias(d_));
        for (int e = 0; e < d_.n_routed_experts; ++e) {
            const std::string file = expert_shard_file(e / d_.experts_per_shard);
            const std::string base = prefix + "mlp.experts." + std::to_string(e) + ".";
            const MatrixSource gate = recipes::mlp_input(d_.moe_intermediate_size, d_.hidden_size);
            const MatrixSource down = recipes::expert_down(d_);
            if (v26) {
                mxfp4_pair(file, base + "gate_proj", gate);
                mxfp4_pair(file, base + "up_proj", gate);
                mxfp4_pair(file, base + "down_proj", down);
            } else {
                fp8_pair(file, base + "gate_proj", gate);
                fp8_pair(file, base + "up_proj", gate);
                fp8_pair(file, base + "down_proj", down);
            }
        }
    }

    // One MTP layer (spec 5), in its source FP8/BF16 encoding with SWA geometry.
    // The engine must skip it; it is here so that skipping is tested.
    void mtp_layer() {
        const std::string p = "model.mtp.layers.0.";
        plain(kMtpFile, p + "enorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        plain(kMtpFile, p + "hnorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        plain(kMtpFile, p + "eh_proj.weight", DType::BF16, recipes::mtp_eh_proj(d_));
        plain(kMtpFile, p + "input_layernorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        attention(kMtpFile, p, /*sliding_window=*/true);
        plain(kMtpFile, p + "pre_mlp_layernorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
        dense_mlp(kMtpFile, p);
        plain(kMtpFile, p + "final_layernorm.weight", DType::BF16, recipes::norm_weight(d_.hidden_size));
    }

    // The FP8 release splits weight/scale pairs across shard boundaries (spec 4.1).
    // Reproduce one: the last layer's qkv scale moves to ep1 while its weight stays in ep0.
    void place_split_pair() {
        if (d_.expert_shard_count() < 2) return;
        const std::string name = "model.layers." + std::to_string(d_.num_hidden_layers - 1) +
                                 ".self_attn.qkv_proj.weight_scale_inv";
        for (auto& t : plan_.tensors)
            if (t.name == name) {
                t.file = expert_shard_file(1);
                plan_.split_pair_scale = name;
            }
    }

    void add_file_if_used(const std::string& file) {
        for (const auto& t : plan_.tensors)
            if (t.file == file) {
                plan_.files.push_back(file);
                return;
            }
    }

    const ModelDims& d_;
    CheckpointFormat format_;
    const std::vector<int>& favored_;
    CheckpointPlan plan_;
};

}  // namespace

CheckpointPlan plan_checkpoint(const ModelDims& dims, CheckpointFormat format,
                               const std::vector<int>& favored_token_ids) {
    validate_dims(dims);
    return PlanBuilder(dims, format, favored_token_ids).build();
}

}  // namespace peng::gen
