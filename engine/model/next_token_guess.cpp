// Next-token guessing, the decode scheduler's second job. The disk idles through
// lm_head: the next token, and so its experts, are unknown until the whole vocabulary
// is scored. So lm_head scores the head of the vocabulary first, takes its best token
// as a guess at the next one, and runs that token through the model while it scores
// the rest:
//  - NextToken::Sampled: through the layers before the first MoE layer and that layer's
//    attention, whose router then names that layer's experts (exactly, if the guess is
//    right); their reads start, and the rest of the vocabulary is scored meanwhile.
//  - NextToken::Greedy: through every layer; the rest of the vocabulary is scored in the
//    gaps where its MoE layers wait for expert reads, and the run stops once a scored
//    row beats the guess, which can then no longer be the argmax.
// The next forward() takes the state up (ForwardHooks::resume) when it brings the
// guessed token in the same session at the same position. The logits never change: each
// row is the same dot product, and the guessed token's state is the computation the
// next forward() would make. Its keys and values go to its position's slot, which the
// next forward() overwrites whatever its token; its routing reports wait until the
// guess is taken. A next call under another trim (RunConfig) does not take the guess up.
#include <algorithm>
#include <chrono>

#include "kernels/lane_order.h"
#include "model/decode_scheduler.h"
#include "util/error.h"
#include "util/seconds_since.h"

namespace peng {

namespace {

// The guess is the best of the first 1/16 of the vocabulary: a BPE vocabulary numbers
// its tokens roughly by frequency, so its head holds most of what text uses.
constexpr int kGuessVocabularyShare = 16;
// lm_head rows scored per gap in the expert reads: 2048 BF16 rows of 4096 columns are
// 16 MiB, well under a millisecond, a fraction of one expert's read.
constexpr int kHeadChunkRows = 2048;
// A sampled guess reads the first MoE layer's experts for a token that may not come:
// on the flash-shape fixture at temperature 0.8, 7 of 22 guesses right read 20% more
// bytes for no gain, while every one right decoded ~10% faster. So sampled guessing
// pauses while fewer than half of the recent guesses (moving average over about 8)
// were right, trying one guess in 8 tokens to notice when they become right again.
constexpr double kSampledHitRateFloor = 0.5, kHitRateWeight = 1.0 / 8;
constexpr int kPausedProbeEvery = 8;

}  // namespace

bool DecodeScheduler::score_head(Session& session, const float* h, float* logits, const RunConfig& run) {
    if (next_ == NextToken::None || !prefetch_) return false;
    const auto start = Clock::now();
    ForwardProfile& profile = model_.profile();
    const int vocab = model_.config().vocab_size;  // lm_head's rows
    if (next_ == NextToken::Sampled && sampled_hit_rate_ < kSampledHitRateFloor &&
        ++sampled_paused_ % kPausedProbeEvery != 0) {
        model_.score_head_rows(h, 0, vocab, logits);
        profile.head_s += seconds_since(start);
        return true;
    }
    const int block = kernels::kFp8Block;  // an FP8 range starts on a scale block
    const int guess_rows = std::min(vocab, (vocab / kGuessVocabularyShare + block - 1) / block * block);
    model_.score_head_rows(h, 0, guess_rows, logits);
    const int guess = int(std::max_element(logits, logits + guess_rows) - logits);
    pending_head_ = {guess_rows, vocab, h, logits, next_ == NextToken::Greedy, logits[guess], false};
    profile.head_s += seconds_since(start);
    try {
        speculate_next_token(session, guess, run.trim);
    } catch (const Error&) {
        speculation_ = {};  // costs only its time: the next forward() meets the error itself
    }
    score_head_rows(vocab);
    pending_head_ = {};
    return true;
}

void DecodeScheduler::speculate_next_token(Session& session, int token, const ExpertTrim& trim) {
    const ModelConfig& c = model_.config();
    speculation_ = {};
    Speculation s;
    s.session_id = session.id;
    s.position = session.length;
    s.token = token;
    s.trim = trim;
    s.sampled = next_ == NextToken::Sampled;
    model_.hold_routing(&s.routing);
    struct Unhold {
        Model& model;
        ~Unhold() { model.hold_routing(nullptr); }
    } unhold{model_};
    ++model_.profile().next_token_guesses;
    std::vector<float>& x = s.state.x;
    x = model_.embed(&token, 1);
    const int moe_layer = c.first_moe_layer();
    if (s.sampled) {
        model_.run_layers(session, x, 1, 0, moe_layer, trim);
        model_.attention_step(moe_layer, session, x, 1);
        prefetch_layer(moe_layer, x, 1, SIZE_MAX, /*record=*/true);
        s.state.layers_done = moe_layer;
        s.state.attention_done = true;
    } else {
        start_token_reads(x, 1);
        for (int l = 0; l < c.num_layers; ++l) {
            if (pending_head_.beaten) return;
            model_.run_layers(session, x, 1, l, l + 1, trim);
        }
        if (pending_head_.beaten) return;
        s.state.layers_done = c.num_layers;
    }
    speculation_ = std::move(s);
}

bool DecodeScheduler::score_head_rows(int max_rows) {
    PendingHead& p = pending_head_;
    if (!p.logits || p.begin == p.end) return false;
    const auto start = Clock::now();
    const int end = p.begin + std::min(max_rows, p.end - p.begin);
    model_.score_head_rows(p.h, p.begin, end, p.logits);
    if (p.greedy)
        for (int r = p.begin; r < end; ++r) p.beaten = p.beaten || p.logits[r] > p.guess_logit;
    p.begin = end;
    model_.profile().head_s += seconds_since(start);
    return true;
}

void DecodeScheduler::waiting_for_expert(int layer, int expert) {
    if (!pending_head_.logits) return;  // no guess running: nothing to fill the wait with
    while (!model_.experts().ready(layer, expert) && score_head_rows(kHeadChunkRows)) {
    }
}

std::optional<PartialForward> DecodeScheduler::resume(const Session& session, const int* tokens, int count,
                                                      const RunConfig& run) {
    prefetch_ = prefetch_on(run.prefetch);  // every forward() starts here; Auto follows the cache as it fills
    Speculation s = std::move(speculation_);
    speculation_ = {};
    if (s.token < 0 || count != 1 || s.session_id != session.id || s.position != session.length ||
        s.trim != run.trim)
        return std::nullopt;
    const bool right = s.token == tokens[0];
    if (s.sampled) sampled_hit_rate_ += kHitRateWeight * ((right ? 1.0 : 0.0) - sampled_hit_rate_);
    if (!right) return std::nullopt;
    ++model_.profile().next_token_guess_hits;
    for (Model::RoutingEvent& event : s.routing) {
        for (const RoutedExpert& r : event.routes) model_.experts().count_uses(event.layer, r.expert, 1);
        model_.report_routing(std::move(event));
    }
    return std::move(s.state);
}

}  // namespace peng
