#include "plan/model_sizes.h"

#include <algorithm>

#include "checkpoint/inventory.h"
#include "io/direct_reader.h"

namespace peng {

ModelSizes measure_model_sizes(const Checkpoint& ckpt) {
    const ExpertFormat format = detect_expert_format(ckpt);
    const InventoryReport report = check_inventory(ckpt, format);
    ModelSizes sizes;
    sizes.dense_bytes = report.dense_bytes;
    sizes.expert_bytes = report.expert_bytes;
    // A cached expert holds its aligned O_DIRECT read span.
    sizes.slot_bytes = report.expert_bytes + 2 * kDirectAlignment;
    // The qkv is the one dense tensor held twice while it is de-sharded at load.
    for (int l = 0; l < ckpt.config().num_layers; ++l)
        sizes.largest_dense_tensor = std::max(
            sizes.largest_dense_tensor, ckpt.find(layer_prefix(l) + "self_attn.qkv_proj.weight").info->bytes);
    return sizes;
}

}  // namespace peng
