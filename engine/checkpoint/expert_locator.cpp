#include "checkpoint/expert_locator.h"

#include <algorithm>

#include "util/error.h"

namespace peng {

const ExpertPart& ExpertLocation::part(const std::string& name) const {
    for (const auto& p : parts)
        if (p.name == name) return p;
    throw Error("expert has no tensor '" + name + "'");
}

ExpertLocation locate_expert(const Checkpoint& ckpt, ExpertFormat format, int layer, int expert) {
    static const char* kMxfp4Parts[] = {"down_proj.weight", "down_proj.weight_scale", "gate_proj.weight",
                                        "gate_proj.weight_scale", "up_proj.weight", "up_proj.weight_scale"};
    static const char* kFp8Parts[] = {"down_proj.weight", "down_proj.weight_scale_inv", "gate_proj.weight",
                                      "gate_proj.weight_scale_inv", "up_proj.weight", "up_proj.weight_scale_inv"};
    const char** names = format == ExpertFormat::MXFP4 ? kMxfp4Parts : kFp8Parts;
    const std::string prefix = expert_prefix(layer, expert);

    struct Found {
        std::string name;
        TensorRef ref;
    };
    std::vector<Found> found;
    for (int i = 0; i < 6; ++i) found.push_back({names[i], ckpt.find(prefix + names[i])});
    // Read in file order so adjacent tensors merge into one request.
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
        if (a.ref.file != b.ref.file) return a.ref.file->path() < b.ref.file->path();
        return a.ref.info->offset < b.ref.info->offset;
    });

    ExpertLocation loc;
    for (const auto& f : found) {
        const TensorInfo& info = *f.ref.info;
        if (!loc.ranges.empty() && loc.ranges.back().file == f.ref.file &&
            loc.ranges.back().offset + loc.ranges.back().bytes == info.offset) {
            loc.ranges.back().bytes += info.bytes;
        } else {
            loc.ranges.push_back(ByteRange{f.ref.file, info.offset, info.bytes});
        }
        loc.parts.push_back(ExpertPart{f.name, loc.total_bytes, info.bytes});
        loc.total_bytes += info.bytes;
    }
    return loc;
}

}  // namespace peng
