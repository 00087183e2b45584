#include "api/release_shape.h"

#include <algorithm>

#include "gen/config_files.h"
#include "gen/preset.h"
#include "gen/tensor_plan.h"
#include "gen/tokenizer_synthesis.h"
#include "io/direct_reader.h"

namespace peng {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

ModelInfo compute(bool mxfp4) {
    const gen::ModelDims dims = gen::make_preset("flash-shape", 48);
    const gen::CheckpointFormat format = mxfp4 ? gen::CheckpointFormat::Mxfp4 : gen::CheckpointFormat::Fp8;
    ModelInfo info;
    info.format = mxfp4 ? "MXFP4" : "FP8";
    // The tokenizer only supplies special-token ids to config.json; the small one is enough.
    info.config = ModelConfig::parse(gen::make_config_json(dims, format, gen::synthesize_tokenizer(gen::TokenizerStyle::Small)),
                                     "the flash-shape preset");
    int first_moe = 0;
    while (!dims.is_moe_layer(first_moe)) ++first_moe;
    const std::string first_expert = "model.layers." + std::to_string(first_moe) + ".mlp.experts.0.";
    // As measure_model_sizes counts an opened checkpoint: the MTP layers are not loaded,
    // one expert is the first MoE layer's expert 0.
    for (const gen::PlannedTensor& t : gen::plan_checkpoint(dims, format).tensors) {
        if (starts_with(t.name, "model.mtp.")) continue;
        if (t.name.find(".mlp.experts.") != std::string::npos) {
            if (starts_with(t.name, first_expert)) info.sizes.expert_bytes += t.byte_size();
            continue;
        }
        info.sizes.dense_bytes += t.byte_size();
        if (t.name.find("self_attn.qkv_proj.weight") != std::string::npos)
            info.sizes.largest_dense_tensor = std::max(info.sizes.largest_dense_tensor, t.byte_size());
    }
    info.sizes.slot_bytes = info.sizes.expert_bytes + 2 * kDirectAlignment;
    return info;
}

}  // namespace

ModelInfo flash_release_info(bool mxfp4) {
    static const ModelInfo v26 = compute(true), v25 = compute(false);
    return mxfp4 ? v26 : v25;
}

}  // namespace peng
