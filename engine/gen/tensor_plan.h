#pragma once
// The checkpoint as a list of tensors: released names, dtypes, shapes, the shard
// each lives in, and the float matrix each is encoded from. Nothing here touches
// bytes; weight_synthesis turns a planned tensor into its contents.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gen/preset.h"

namespace peng::gen {

enum class DType { BF16, F32, F8_E4M3, U8 };
const char* dtype_name(DType dtype);  // the safetensors spelling
int dtype_size(DType dtype);

// How a tensor's bytes derive from its source matrix.
enum class Encoding {
    Bf16,          // the values rounded to bfloat16
    F32,           // the values as float32
    Fp8Weight,     // e4m3 codes of the 128x128 block-quantized matrix
    Fp8ScaleInv,   // that quantization's float32 scale grid (dequant = code * scale_inv)
    Mxfp4Weight,   // e2m1 codes, two per byte, even column in the low nibble
    Mxfp4Scale,    // E8M0 exponents, one per 32 columns of a row
};

// A random float matrix: value(r, c) = mean + std * row_gain(r) * col_gain(c) * N(0,1).
// The gains are log-normal (mean square 1) so that quantization blocks get
// distinct scales, which makes a reader that picks the wrong scale visibly wrong.
struct MatrixSource {
    std::string key;            // seeds the RNG; a weight and its scale share it
    int64_t rows = 1, cols = 1;
    float mean = 0.0f, std = 1.0f;
    float row_gain_sigma = 0.0f, col_gain_sigma = 0.0f;
    int64_t block_group_rows = 0;  // FP8: 128-row blocks restart every this many rows (qkv chunks); 0 = never
    std::shared_ptr<const std::vector<float>> row_scale;  // optional extra factor per row
};

struct PlannedTensor {
    std::string name;
    DType dtype = DType::BF16;
    std::vector<int64_t> shape;
    std::string file;
    Encoding encoding = Encoding::Bf16;
    MatrixSource source;

    uint64_t byte_size() const;
};

struct CheckpointPlan {
    std::vector<PlannedTensor> tensors;
    std::vector<std::string> files;   // in the order they are written
    int expert_shards = 0;
    std::string split_pair_scale;     // a scale stored in a different shard than its weight ("" if none)
};

std::string expert_shard_file(int ep);
inline constexpr const char* kMtpFile = "model_mtp.safetensors";

// `favored_token_ids`: lm_head rows to make likelier (see recipes::lm_head).
CheckpointPlan plan_checkpoint(const ModelDims& dims, CheckpointFormat format,
                               const std::vector<int>& favored_token_ids = {});

}  // namespace peng::gen
