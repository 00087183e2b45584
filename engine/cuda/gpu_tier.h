#pragma once
// The GPU tier: routed experts (the VRAM tier of the expert hierarchy) and dense
// matrices held on a CUDA device in their released encodings, multiplied there with
// the CPU kernels' accumulation order. Built only with the CUDA Toolkit
// (engine/cuda/gpu_tier.cpp); otherwise engine/cuda/no_cuda.cpp says why there is none.
#include <cstdint>
#include <memory>
#include <string>

#include "experts/expert_weights.h"
#include "experts/vram_tier.h"
#include "kernels/matrix.h"

namespace peng {

// What the machine offers. `usable` false comes with the reason in `why_not`
// (no CUDA in this build, no driver, no device, a driver error).
struct GpuDevice {
    bool cuda_built = false;      // this build has the GPU tier (PENG_CUDA)
    bool usable = false;
    std::string why_not;
    std::string name;
    uint64_t free_bytes = 0, total_bytes = 0;
    double memory_GBps = 0;       // the card's peak from its memory clock and bus width; 0 if unknown
};

GpuDevice probe_gpu();

// The one line the CLI and the UI show while the GPU path is on: its silu uses the
// device's expf, so logits may differ from the CPU's in the last bits.
inline constexpr const char* kGpuOutputLabel = "GPU: not byte-identical to CPU (within 1e-4 of logit range)";

class GpuTier : public VramTier {
public:
    // Copies a matrix's bytes and scales to the device. False when the device
    // memory granted to the tier is spent (nothing is copied then).
    virtual bool add_dense(const MatrixView& host) = 0;
    virtual bool add_expert(int layer, int expert, const ExpertWeights& host) = 0;
    virtual bool holds_dense(const MatrixView& host) const = 0;
    // Y = W X on the device for a matrix given to add_dense (X, Y in host memory).
    virtual void matmul(const MatrixView& host, const float* x, int batch, float* y) = 0;

    virtual std::string device_name() const = 0;
    virtual uint64_t used_bytes() const = 0;
    virtual int experts_held() const = 0;
    virtual int dense_held() const = 0;
    // Matrix products run on the device so far (dense products, plus three per
    // expert and row); tests require it to be non-zero where the tier is on.
    virtual uint64_t device_matmuls() const = 0;
};

// A tier that may hold up to `budget_bytes` of weights on device 0, with work space
// for `hidden`-wide experts of `intermediate` rows beyond it. Null, with `why_not`
// set, when there is no usable device.
std::unique_ptr<GpuTier> open_gpu_tier(uint64_t budget_bytes, int hidden, int intermediate, std::string& why_not);

}  // namespace peng
