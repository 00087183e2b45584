#pragma once
// The resident (dense) part of a MiMo-V2 checkpoint, loaded in its released
// encodings: FP8 qkv (de-sharded into Q|K|V at load) and MLP, BF16 o_proj,
// embeddings and head, the router in BF16 or F32.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "kernels/matrix.h"
#include "platform/weight_bytes.h"

namespace peng {

// A matrix that owns its bytes; `view` points into them.
struct OwnedMatrix {
    MatrixView view;
    WeightBytes bytes;
    std::vector<float> scales;
    std::vector<int32_t> scale_rows;

    OwnedMatrix() = default;
    OwnedMatrix(OwnedMatrix&&) = default;
    OwnedMatrix& operator=(OwnedMatrix&&) = default;
    OwnedMatrix(const OwnedMatrix&) = delete;
    OwnedMatrix& operator=(const OwnedMatrix&) = delete;
    uint64_t resident_bytes() const { return bytes.size() + scales.size() * 4 + scale_rows.size() * 4; }
};

struct LayerWeights {
    std::vector<float> input_norm, post_attention_norm;
    OwnedMatrix qkv;                 // rows in logical order: Q | K | V
    OwnedMatrix o_proj;
    std::vector<float> sink;         // one logit per query head; empty without a sink
    // Dense MLP (layer 0 on MiMo-V2).
    OwnedMatrix gate_proj, up_proj, down_proj;
    // MoE router.
    OwnedMatrix router;
    std::vector<float> correction_bias;
};

struct DenseWeights {
    OwnedMatrix embed;               // BF16 [vocab, hidden]
    OwnedMatrix lm_head;             // BF16 [vocab, hidden] (the embedding when tied)
    std::vector<float> final_norm;
    std::vector<LayerWeights> layers;

    uint64_t resident_bytes() const;
};

struct DenseLoadOptions {
    // Test hook: read the qkv scales as one contiguous grid even where the release
    // tiles them per chunk. It reproduces a known loader bug; tests prove it is caught.
    bool force_contiguous_qkv_grid = false;
    // Called after each step of the load (embedding, head, then each layer) with
    // (steps done, steps in all), so a UI can show real progress. May be empty.
    std::function<void(int, int)> progress;
};

DenseWeights load_dense_weights(const Checkpoint& ckpt, const DenseLoadOptions& options);

}  // namespace peng
