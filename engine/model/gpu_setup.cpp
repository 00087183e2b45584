#include "model/gpu_setup.h"

#include <cstring>
#include <map>

#include "checkpoint/expert_locator.h"
#include "cuda/device_layout.h"
#include "experts/expert_weights.h"
#include "io/direct_reader.h"
#include "plan/vram_plan.h"
#include "util/error.h"

namespace peng {

namespace {

// Every matrix the forward pass multiplies on the dense side, in the order they
// claim VRAM: per layer qkv, o_proj and the dense MLP, then the head.
std::vector<const MatrixView*> dense_matrices(const DenseWeights& dense) {
    std::vector<const MatrixView*> out;
    for (const LayerWeights& w : dense.layers)
        for (const OwnedMatrix* m : {&w.qkv, &w.o_proj, &w.gate_proj, &w.up_proj, &w.down_proj})
            if (m->view.rows > 0 && m->view.data) out.push_back(&m->view);
    out.push_back(&dense.lm_head.view);
    return out;
}

// Activations of a 64-row prefill block: dense inputs/outputs up to the head, and
// every row's eight experts.
uint64_t workspace_bytes(const ModelConfig& c) {
    const uint64_t rows = 64;
    const uint64_t dense = rows * (uint64_t(c.vocab_size) + uint64_t(c.intermediate_size) + c.hidden_size) * 4;
    const uint64_t experts =
        rows * (c.hidden_size + uint64_t(c.num_experts_per_tok) * (c.moe_intermediate_size + c.hidden_size)) * 4;
    return dense + experts + (64ULL << 20);
}

// Reads one expert's bytes (its ranges concatenated) and hands its views to the tier.
class ExpertUploader {
public:
    ExpertUploader(const Checkpoint& ckpt, ExpertFormat format) : ckpt_(ckpt), format_(format) {}
    bool upload(GpuTier& tier, int layer, int expert) {
        const ExpertLocation loc = locate_expert(ckpt_, format_, layer, expert);
        bytes_.resize(loc.total_bytes);
        uint64_t at = 0;
        for (const ByteRange& r : loc.ranges) {
            auto& reader = readers_[r.file];
            if (!reader) reader = std::make_unique<DirectReader>(r.file->path(), /*direct=*/false);
            std::memcpy(bytes_.data() + at, reader->read(r.offset, r.bytes, buffer_), r.bytes);
            at += r.bytes;
        }
        std::vector<float> fp8_scales[3];
        return tier.add_expert(layer, expert, expert_views(ckpt_.config(), format_, loc, bytes_.data(), fp8_scales));
    }

private:
    const Checkpoint& ckpt_;
    ExpertFormat format_;
    std::map<const SafetensorsFile*, std::unique_ptr<DirectReader>> readers_;
    AlignedBuffer buffer_;
    std::vector<uint8_t> bytes_;
};

}  // namespace

std::unique_ptr<GpuTier> open_gpu(const Checkpoint& ckpt, ExpertFormat format, const DenseWeights& dense,
                                  const GpuOptions& options, std::string& note) {
    note.clear();
    if (!options.enabled) return nullptr;
    const ModelConfig& c = ckpt.config();
    const GpuDevice device = probe_gpu();
    if (!device.usable) {
        note = "GPU tier off, running on the CPU: " + device.why_not;
        return nullptr;
    }

    const std::vector<const MatrixView*> matrices = dense_matrices(dense);
    std::vector<uint64_t> sizes;
    for (const MatrixView* m : matrices) sizes.push_back(device_bytes(*m));
    VramRequest request;
    request.free_bytes = device.free_bytes;
    request.user_budget_bytes = options.budget_bytes;
    request.workspace_bytes = workspace_bytes(c);
    const VramPlan plan =
        plan_vram(request, sizes, expert_device_bytes(c, format), vram_expert_order(c, options.history));
    if (plan.dense.empty() && plan.experts.empty()) {
        note = "GPU tier off, running on the CPU: " + gb_text(plan.budget_bytes) + " of VRAM on " + device.name +
               " holds no matrix of this model";
        return nullptr;
    }

    std::string why_not;
    std::unique_ptr<GpuTier> tier =
        open_gpu_tier(plan.dense_bytes + plan.expert_bytes, c.hidden_size, c.moe_intermediate_size, why_not);
    if (!tier) {
        note = "GPU tier off, running on the CPU: " + why_not;
        return nullptr;
    }
    for (size_t i : plan.dense)
        if (!tier->add_dense(*matrices[i])) throw Error("GPU tier: the VRAM plan over-commits the dense matrices");
    ExpertUploader uploader(ckpt, format);
    for (const auto& [layer, expert] : plan.experts)
        if (!uploader.upload(*tier, layer, expert)) throw Error("GPU tier: the VRAM plan over-commits the experts");

    note = "GPU tier on " + device.name + ": " + std::to_string(tier->dense_held()) + " of " +
           std::to_string(matrices.size()) + " dense matrices and " + std::to_string(tier->experts_held()) +
           " experts in " + gb_text(tier->used_bytes()) + " of VRAM";
    if (!plan.note.empty()) note += " (" + plan.note + ")";
    return tier;
}

}  // namespace peng
