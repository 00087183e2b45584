// The decode scheduler's router lookahead, and how it rides on forward(). Next-token
// guessing is in next_token_guess.cpp.
//
// Router lookahead: before a MoE layer's attention, its router applied to the residual
// state as it stands (Model::route_ahead) predicts its experts, and the most likely ones
// missing from RAM start loading, filling the disk's idle time during the attention.
// The first MoE layer is also guessed from the embedding as a token begins (not
// recorded: the recall reported is the later guess's). Only the timing of reads
// changes, never a value.
#include "model/decode_scheduler.h"

#include <algorithm>

#include "util/seconds_since.h"

namespace peng {

namespace {

// Speculative reads started per MoE layer. One expert's read takes about as long as a
// layer's attention, the only time it can overlap before the routing is known; on the
// flash-shape fixture (6 GB budget) one read a layer decoded ~10% faster for 2% more
// bytes, while queueing every predicted expert read 16% more bytes for no gain.
constexpr size_t kPrefetchReadsPerLayer = 1;
// Speculative reads for the first MoE layer started as a decode token begins: the dense
// layers before it leave the disk idle, and that layer's router applied to the bare
// embedding already names half of its experts in its top eight (flash-shape fixture).
// Two reads there: 3-7% faster decode in each of 4 alternating pairs, for 5.6% more
// bytes read (63% of these reads were used); three were no better.
constexpr size_t kTokenStartReads = 2;

}  // namespace

DecodeScheduler::DecodeScheduler(Model& model) : model_(model) {
    predicted_.resize(model.config().num_layers);
    unsettled_.resize(model.config().num_layers);
    model_.set_hooks(this);
}

DecodeScheduler::~DecodeScheduler() { model_.set_hooks(nullptr); }

bool DecodeScheduler::prefetch_on(PrefetchMode mode) const {
    // Without a MoE layer there is no expert to read ahead, and a guessed token has no
    // router to stop at: both jobs are off whatever was asked.
    const bool has_experts = model_.config().first_moe_layer() >= 0;
    return has_experts &&
           (mode == PrefetchMode::On || (mode == PrefetchMode::Auto && !model_.experts().every_expert_held()));
}

void DecodeScheduler::forward(Session& session, const int* tokens, int count, float* logits, bool all_logits,
                              NextToken next, const RunConfig& run) {
    next_ = next;
    struct Forget {
        NextToken& next;
        ~Forget() { next = NextToken::None; }
    } forget{next_};
    model_.forward(session, tokens, count, logits, all_logits, run);
}

void DecodeScheduler::block_started(const std::vector<float>& x, int count) { start_token_reads(x, count); }

void DecodeScheduler::before_moe_layer(int layer, const std::vector<float>& x, int count) {
    if (prefetch_) prefetch_layer(layer, x, count, kPrefetchReadsPerLayer, /*record=*/true);
}

void DecodeScheduler::moe_routed(int layer, const std::vector<int>& needed) {
    ForwardProfile& profile = model_.profile();
    for (int e : predicted_[layer]) profile.prefetch_correct += std::count(needed.begin(), needed.end(), e);
    predicted_[layer].clear();
    // Also after prefetch was turned off, so that no guess of before stays unsettled.
    if (prefetch_ || unsettled_[layer]) model_.experts().settle_prefetch(layer, needed);
    unsettled_[layer] = false;
}

void DecodeScheduler::start_token_reads(const std::vector<float>& x, int count) {
    const int layer = model_.config().first_moe_layer();
    if (prefetch_ && count == 1 && layer > 0) prefetch_layer(layer, x, count, kTokenStartReads, /*record=*/false);
}

void DecodeScheduler::prefetch_layer(int layer, const std::vector<float>& x, int count, size_t reads, bool record) {
    const auto start = Clock::now();
    std::vector<int> predicted = model_.route_ahead(layer, x, count);
    model_.experts().prefetch(layer, predicted, reads);
    unsettled_[layer] = true;
    ForwardProfile& profile = model_.profile();
    if (record) {
        profile.prefetch_predicted += predicted.size();
        predicted_[layer] = std::move(predicted);
    }
    profile.router_s += seconds_since(start);
}

}  // namespace peng
