#include "gen/weight_recipes.h"

#include <cmath>

namespace peng::gen::recipes {

namespace {

MatrixSource normal(int64_t rows, int64_t cols, double std, float row_sigma = 0.3f,
                    float col_sigma = 0.2f) {
    MatrixSource s;
    s.rows = rows;
    s.cols = cols;
    s.std = static_cast<float>(std);
    s.row_gain_sigma = row_sigma;
    s.col_gain_sigma = col_sigma;
    return s;
}

double inv_sqrt(int64_t n) { return 1.0 / std::sqrt(static_cast<double>(n)); }

// Pre-norm blocks feed every branch a unit-RMS input, so the residual stream
// only grows by the variance the branches add. Branch outputs of std ~0.4 keep
// 96 branches (48 layers) within a few units while each still shifts the stream.
constexpr double kBranchOutputGain = 0.4;

}  // namespace

MatrixSource embedding(const ModelDims& d) { return normal(d.vocab_size, d.hidden_size, 1.0, 0.2f, 0.1f); }

// Logits of std ~2 after the final norm: a clear argmax without one-hot outputs.
MatrixSource lm_head(const ModelDims& d, const std::vector<int>& favored) {
    MatrixSource s = normal(d.vocab_size, d.hidden_size, 2.0 * inv_sqrt(d.hidden_size), 0.2f, 0.1f);
    if (!favored.empty()) {
        // Logit std 2.5 against 1.0: favored rows then hold ~95% of the sampling mass.
        auto scale = std::make_shared<std::vector<float>>(size_t(d.vocab_size), 0.5f);
        for (int id : favored)
            if (id >= 0 && id < d.vocab_size) (*scale)[size_t(id)] = 1.25f;
        s.row_scale = std::move(scale);
    }
    return s;
}

MatrixSource norm_weight(int64_t width) {
    MatrixSource s = normal(1, width, 0.05, 0.0f, 0.0f);
    s.mean = 1.0f;
    return s;
}

// q.k over head_dim lands near unit variance after the 1/sqrt(head_dim) scaling.
MatrixSource qkv(const ModelDims& d, const QkvGeometry& g) {
    MatrixSource s = normal(g.rows(), d.hidden_size, inv_sqrt(d.hidden_size));
    s.block_group_rows = g.rows_per_chunk();
    return s;
}

// Attention averages values over many positions, which shrinks them; the
// output projection gives some of that back.
MatrixSource o_proj(const ModelDims& d, int64_t in_features) {
    return normal(d.hidden_size, in_features, 3.0 * kBranchOutputGain * inv_sqrt(in_features));
}

// One logit per query head, in the range of real attention scores, so the sink
// takes a noticeable but not dominant share of the softmax.
MatrixSource attention_sink(int64_t heads) {
    MatrixSource s = normal(1, heads, 1.0, 0.0f, 0.0f);
    s.mean = 0.5f;
    return s;
}

MatrixSource mlp_input(int64_t out_features, int64_t in_features) {
    return normal(out_features, in_features, inv_sqrt(in_features));
}

// silu(gate) * up has std ~0.6 for unit inputs.
MatrixSource dense_mlp_down(const ModelDims& d) {
    return normal(d.hidden_size, d.intermediate_size,
                  kBranchOutputGain / 0.6 * inv_sqrt(d.intermediate_size));
}

// The routed sum weighs 8 experts by weights that add to 1, which divides the
// spread by about sqrt(8); each expert is scaled up to compensate.
MatrixSource expert_down(const ModelDims& d) {
    return normal(d.hidden_size, d.moe_intermediate_size,
                  kBranchOutputGain / 0.6 * std::sqrt(static_cast<double>(d.num_experts_per_tok)) *
                      inv_sqrt(d.moe_intermediate_size));
}

// Router logits of std ~1.8 make sigmoid(logit) close to uniform on (0, 1),
// which spaces the sorted scores as widely as independent draws allow: the 8th
// and 9th expert differ by about 1/n_experts on average. No gains: every
// expert is equally likely.
MatrixSource router(const ModelDims& d) {
    return normal(d.n_routed_experts, d.hidden_size, 1.8 * inv_sqrt(d.hidden_size), 0.0f, 0.0f);
}

// Small next to the score spacing: it tilts which experts win without deciding it.
MatrixSource router_bias(const ModelDims& d) {
    return normal(1, d.n_routed_experts, 0.01, 0.0f, 0.0f);
}

MatrixSource mtp_eh_proj(const ModelDims& d) {
    return normal(d.hidden_size, 2 * int64_t(d.hidden_size), inv_sqrt(2 * int64_t(d.hidden_size)));
}

}  // namespace peng::gen::recipes
