#include "experts/expert_weights.h"

#include <cstring>

namespace peng {

ExpertWeights expert_views(const ModelConfig& config, ExpertFormat format, const ExpertLocation& location,
                           const uint8_t* bytes, std::vector<float> (&fp8_scales)[3]) {
    const int H = config.hidden_size, MI = config.moe_intermediate_size;
    auto view = [&](const std::string& name, int rows, int cols, int index) {
        MatrixView v;
        v.rows = rows;
        v.cols = cols;
        v.data = bytes + location.part(name + ".weight").buffer_offset;
        if (format == ExpertFormat::MXFP4) {
            v.format = WeightFormat::MXFP4;
            v.group_scales = bytes + location.part(name + ".weight_scale").buffer_offset;
        } else {
            v.format = WeightFormat::FP8Block;
            const ExpertPart& scale = location.part(name + ".weight_scale_inv");
            fp8_scales[index].resize(scale.bytes / 4);
            std::memcpy(fp8_scales[index].data(), bytes + scale.buffer_offset, scale.bytes);
            v.block_scales = fp8_scales[index].data();
            v.scale_cols = (cols + 127) / 128;
        }
        return v;
    };
    ExpertWeights w;
    w.gate = view("gate_proj", MI, H, 0);
    w.up = view("up_proj", MI, H, 1);
    w.down = view("down_proj", H, MI, 2);
    return w;
}

}  // namespace peng
