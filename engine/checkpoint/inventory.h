#pragma once
// The tensors a MiMo-V2 checkpoint must hold, derived from its config alone
// (spec 4.2), and the check of a checkpoint against that list.
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"

namespace peng {

enum class ExpertFormat { MXFP4, FP8 };  // V2.6 / V2.5 routed experts

struct ExpectedTensor {
    std::string name;
    std::vector<DType> dtypes;            // accepted dtypes (the router is BF16 or F32)
    std::vector<std::vector<uint64_t>> shapes;  // accepted shapes (qkv scale grids differ)
    int layer = -1;                       // -1 for embeddings, head, final norm
    int expert = -1;                      // routed expert id, -1 for dense tensors
};

std::string expert_prefix(int layer, int expert);
std::string layer_prefix(int layer);

// Reads the dtype of the first routed expert's gate_proj.
ExpertFormat detect_expert_format(const Checkpoint& ckpt);
std::vector<ExpectedTensor> expected_tensors(const ModelConfig& config, ExpertFormat format);

struct InventoryReport {
    std::vector<std::string> missing;      // "name (expected dtype, shape)"
    std::vector<std::string> mismatched;   // "name: has X, expected Y"
    std::vector<std::string> unexpected;   // present but not part of the text model
    std::vector<std::string> ignored;      // MTP, vision, audio: present, deliberately unused
    size_t expected_count = 0;
    uint64_t dense_bytes = 0;              // resident part: everything but routed experts
    uint64_t expert_bytes = 0;             // one routed expert (all its tensors)
    uint64_t total_expert_bytes = 0;
    bool ok() const { return missing.empty() && mismatched.empty(); }
};

InventoryReport check_inventory(const Checkpoint& ckpt, ExpertFormat format);

// Throws peng::Error unless the checkpoint and its config describe the same model: no
// tensor missing or of the wrong dtype/shape, and none left unused (layers beyond
// num_hidden_layers, names the text model does not know) but the ones a text-only
// engine sets aside on purpose (MTP, vision, audio). `dir` names the model in the message.
void require_matching_inventory(const InventoryReport& report, const std::string& dir);

}  // namespace peng
