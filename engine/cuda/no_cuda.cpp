// The GPU tier of a build without the CUDA Toolkit: there is none, and it says so.
#include "cuda/gpu_tier.h"

namespace peng {

namespace {
constexpr const char* kNoCuda = "this build of Peng has no GPU tier (built without the CUDA Toolkit)";
}

GpuDevice probe_gpu() {
    GpuDevice device;
    device.why_not = kNoCuda;
    return device;
}

std::unique_ptr<GpuTier> open_gpu_tier(uint64_t, int, int, std::string& why_not) {
    why_not = kNoCuda;
    return nullptr;
}

}  // namespace peng
