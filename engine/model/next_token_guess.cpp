// Next-token guessing. The disk idles through lm_head: the next token, and so its
// experts, are unknown until the whole vocabulary is scored. So lm_head scores the head
// of the vocabulary first, takes its best token as a guess at the next one, and runs
// that token through the model while it scores the rest:
//  - NextToken::Sampled: through the layers before the first MoE layer and that layer's
//    attention, whose router then names that layer's experts (exactly, if the guess is
//    right); their reads start, and the rest of the vocabulary is scored meanwhile.
//  - NextToken::Greedy: through every layer; the rest of the vocabulary is scored in the
//    gaps where its MoE layers wait for expert reads, and the run stops once a scored
//    row beats the guess, which can then no longer be the argmax.
// The next forward() takes the state up when it brings the guessed token in the same
// session at the same position. The logits never change: each row is the same dot
// product, and the guessed token's state is the computation the next forward() would
// make. Its keys and values go to its position's slot, which the next forward()
// overwrites whatever its token; its routing reports wait until the guess is taken.
#include <algorithm>
#include <chrono>

#include "kernels/lane_order.h"
#include "kernels/matvec.h"
#include "model/model.h"
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

void Model::head_guessing_next_token(Session& session, const float* h, float* logits, NextToken next) {
    const auto start = Clock::now();
    const MatrixView& head = dense_.lm_head.view;
    if (next == NextToken::Sampled && sampled_hit_rate_ < kSampledHitRateFloor &&
        ++sampled_paused_ % kPausedProbeEvery != 0) {
        matmul(head, h, 1, logits);
        profile_.head_s += seconds_since(start);
        return;
    }
    const int block = kernels::kFp8Block;  // an FP8 range starts on a scale block
    const int guess_rows = std::min(head.rows, (head.rows / kGuessVocabularyShare + block - 1) / block * block);
    matmul(head.row_range(0, guess_rows), h, 1, logits);
    const int guess = int(std::max_element(logits, logits + guess_rows) - logits);
    pending_head_ = {head.row_range(guess_rows, head.rows), h, logits + guess_rows, 0, next == NextToken::Greedy,
                     logits[guess], false};
    profile_.head_s += seconds_since(start);
    try {
        speculate_next_token(session, guess, next);
    } catch (const Error&) {
        speculation_ = {};  // costs only its time: the next forward() meets the error itself
    }
    score_head_rows(pending_head_.rows.rows);
    pending_head_ = {};
}

void Model::speculate_next_token(Session& session, int token, NextToken next) {
    const ModelConfig& c = config();
    speculation_ = {};
    Speculation s;
    s.session_id = session.id;
    s.position = session.length;
    s.token = token;
    s.sampled = next == NextToken::Sampled;
    held_routing_ = &s.routing;
    struct Unhold {
        std::vector<RoutingEvent>*& held;
        ~Unhold() { held = nullptr; }
    } unhold{held_routing_};
    ++profile_.next_token_guesses;
    s.x = embed(&token, 1);
    const int moe_layer = c.first_moe_layer();
    if (next == NextToken::Sampled) {
        run_layers(session, s.x, 1, 0, moe_layer);
        attention_step(moe_layer, session, s.x, 1);
        prefetch_layer(moe_layer, s.x, 1, SIZE_MAX, /*record=*/true);
        s.layers_done = moe_layer;
        s.attention_done = true;
    } else {
        start_token_reads(s.x, 1);
        for (int l = 0; l < c.num_layers; ++l) {
            if (pending_head_.beaten) return;
            run_layers(session, s.x, 1, l, l + 1);
        }
        if (pending_head_.beaten) return;
        s.layers_done = c.num_layers;
    }
    speculation_ = std::move(s);
}

bool Model::score_head_rows(int max_rows) {
    PendingHead& p = pending_head_;
    if (!p.logits || p.done == p.rows.rows) return false;
    const auto start = Clock::now();
    const int end = p.done + std::min(max_rows, p.rows.rows - p.done);
    matmul(p.rows.row_range(p.done, end), p.h, 1, p.logits + p.done);
    if (p.greedy)
        for (int r = p.done; r < end; ++r) p.beaten = p.beaten || p.logits[r] > p.guess_logit;
    p.done = end;
    const double spent = seconds_since(start);
    profile_.head_s += spent;
    head_chunk_s_ += spent;
    return true;
}

void Model::fill_wait(int layer, int expert) {
    if (!pending_head_.logits) return;  // no guess running: nothing to fill the wait with
    while (!experts_->ready(layer, expert) && score_head_rows(kHeadChunkRows)) {
    }
}

Model::Speculation Model::take_speculation(const Session& session, const int* tokens, int count) {
    Speculation s = std::move(speculation_);
    speculation_ = {};
    if (s.token < 0 || count != 1 || s.session_id != session.id || s.position != session.length) return {};
    const bool right = s.token == tokens[0];
    if (s.sampled) sampled_hit_rate_ += kHitRateWeight * ((right ? 1.0 : 0.0) - sampled_hit_rate_);
    if (!right) return {};
    ++profile_.next_token_guess_hits;
    return s;
}

}  // namespace peng
