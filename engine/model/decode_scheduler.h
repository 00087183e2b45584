#pragma once
// Scheduling around the model's forward pass, through its hooks (forward_hooks.h):
//  - the router lookahead (decode_scheduler.cpp): before a MoE layer's attention, its
//    router on the state as it stands starts the likeliest missing expert's read;
//    wrong guesses are dropped once the routing is known;
//  - next-token guessing (next_token_guess.cpp): told that a decode token follows and
//    how it is chosen, lm_head guesses it and runs it while the vocabulary is scored.
// Both only move work in time: the bytes are those of a model without a scheduler.
// Prefetch on/off covers both; each forward() takes it from its RunConfig.
#include <cstdint>
#include <optional>
#include <vector>

#include "model/forward_hooks.h"
#include "model/model.h"

namespace peng {

// How the caller chooses the token after a forward() whose last row's logits it asked
// for. A promise that one more token follows lets lm_head start on it.
enum class NextToken {
    None,     // nothing, or not known
    Sampled,  // a forward() of one token sampled from these logits
    Greedy,   // a forward() of one token: the first argmax of these logits
};

class DecodeScheduler : private ForwardHooks {
public:
    // Hooks into `model` until destroyed; a model takes one scheduler at a time.
    explicit DecodeScheduler(Model& model);
    ~DecodeScheduler() override;
    DecodeScheduler(const DecodeScheduler&) = delete;
    DecodeScheduler& operator=(const DecodeScheduler&) = delete;

    Model& model() { return model_; }
    const Model& model() const { return model_; }
    // Whether a forward() asking `mode` runs the router lookahead and next-token
    // guessing, given what the store holds now. Auto: on while a routed expert can
    // still come from disk: fewer slots than experts, or a cache with room that is not
    // full yet (a cold start reads as much as a small cache does); off once every
    // expert is held, where guessing only costs. On the flash-shape fixture (4 layers,
    // 6 GB budget) the lookahead decoded ~10% faster (median of 4 alternating runs
    // each) for 2% more bytes read.
    bool prefetch_on(PrefetchMode mode) const;

    // model().forward(), told whether one more decode token follows and how it is chosen.
    void forward(Session& session, const int* tokens, int count, float* logits, bool all_logits, NextToken next,
                 const RunConfig& run);

private:
    // ForwardHooks.
    std::optional<PartialForward> resume(const Session& session, const int* tokens, int count,
                                         const RunConfig& run) override;
    void block_started(const std::vector<float>& x, int count) override;
    void before_moe_layer(int layer, const std::vector<float>& x, int count) override;
    void moe_routed(int layer, const std::vector<int>& needed) override;
    void waiting_for_expert(int layer, int expert) override;
    bool score_head(Session& session, const float* h, float* logits, const RunConfig& run) override;

    // Router lookahead (decode_scheduler.cpp).
    // Reads for the first MoE layer guessed from a decode token's embedding.
    void start_token_reads(const std::vector<float>& x, int count);
    // Starts up to `reads` reads of the experts layer's router picks for x as it stands;
    // with `record`, they count towards the reported recall.
    void prefetch_layer(int layer, const std::vector<float>& x, int count, size_t reads, bool record);

    // Next-token guessing (next_token_guess.cpp).
    void speculate_next_token(Session& session, int token, const ExpertTrim& trim);
    // Scores up to max_rows of the lm_head rows not scored yet; false when none were left.
    bool score_head_rows(int max_rows);
    // The state the previous lm_head's guess reached, taken up when `tokens` is that
    // guess in the same session at the same position, under the same trim.
    struct Speculation {
        uint64_t session_id = 0;
        int position = -1, token = -1;
        ExpertTrim trim;       // the guess ran with it: a trim changed since makes it another computation
        bool sampled = false;  // guessed for NextToken::Sampled
        PartialForward state;
        std::vector<Model::RoutingEvent> routing;  // held until the guess is taken up
    };

    Model& model_;
    bool prefetch_ = false;                    // the running forward()'s, from its RunConfig (resume())
    NextToken next_ = NextToken::None;         // set during forward()
    std::vector<std::vector<int>> predicted_;  // per layer: experts the lookahead expects next
    std::vector<bool> unsettled_;              // per layer: speculative reads started, routing not yet seen
    Speculation speculation_;
    // lm_head rows not scored yet while a guessed token runs.
    struct PendingHead {
        int begin = 0, end = 0;  // rows [begin, end) of lm_head
        const float* h = nullptr;
        float* logits = nullptr;
        bool greedy = false;     // the guess is dropped once a row beats its logit
        float guess_logit = 0;
        bool beaten = false;
    } pending_head_;
    double sampled_hit_rate_ = 0.5;  // moving share of sampled guesses that were right
    uint64_t sampled_paused_ = 0;    // sampled forwards while that share is too low
};

}  // namespace peng
