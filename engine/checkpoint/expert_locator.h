#pragma once
// Where a routed expert's bytes live. In the V2.6 release an expert's six tensors
// are adjacent in one shard, so one read fetches it; otherwise it is a list of ranges.
#include <cstdint>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"

namespace peng {

struct ByteRange {
    const SafetensorsFile* file = nullptr;
    uint64_t offset = 0;
    uint64_t bytes = 0;
};

struct ExpertPart {            // one tensor of the expert, inside the expert's buffer
    std::string name;          // e.g. "gate_proj.weight"
    uint64_t buffer_offset = 0;
    uint64_t bytes = 0;
};

struct ExpertLocation {
    std::vector<ByteRange> ranges;   // merged where adjacent; read in this order
    std::vector<ExpertPart> parts;   // offsets into the concatenation of `ranges`
    uint64_t total_bytes = 0;
    bool contiguous() const { return ranges.size() == 1; }
    const ExpertPart& part(const std::string& name) const;
};

ExpertLocation locate_expert(const Checkpoint& ckpt, ExpertFormat format, int layer, int expert);

}  // namespace peng
