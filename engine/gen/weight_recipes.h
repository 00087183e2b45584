#pragma once
// The distribution of every synthetic weight. The aim is a model whose
// activations stay near unit scale through 48 layers, in which every layer still
// moves the output (so a wrong kernel shows in the logits), and whose router
// separates its 8th and 9th expert clearly.
#include <vector>

#include "gen/preset.h"
#include "gen/qkv_geometry.h"
#include "gen/tensor_plan.h"

namespace peng::gen::recipes {

MatrixSource embedding(const ModelDims& d);
// Rows listed in `favored` (whole-word tokens of the demo tokenizer) get wider
// logits than the rest, so a random model mostly emits whole words.
MatrixSource lm_head(const ModelDims& d, const std::vector<int>& favored = {});
MatrixSource norm_weight(int64_t width);
MatrixSource qkv(const ModelDims& d, const QkvGeometry& g);
MatrixSource o_proj(const ModelDims& d, int64_t in_features);
MatrixSource attention_sink(int64_t heads);
MatrixSource mlp_input(int64_t out_features, int64_t in_features);   // gate_proj / up_proj
MatrixSource dense_mlp_down(const ModelDims& d);
MatrixSource expert_down(const ModelDims& d);
MatrixSource router(const ModelDims& d);
MatrixSource router_bias(const ModelDims& d);
MatrixSource mtp_eh_proj(const ModelDims& d);

}  // namespace peng::gen::recipes
