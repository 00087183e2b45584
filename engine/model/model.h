#pragma once
// The MiMo-V2 model: the dense part resident, routed experts through the expert
// store. forward() runs a block of tokens; the math reads top to bottom in model.cpp.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "experts/expert_store.h"
#include "experts/usage_history.h"
#include "model/expert_trim.h"
#include "model/gpu_setup.h"
#include "model/kv_cache.h"
#include "model/observer.h"
#include "model/weights.h"

namespace peng {

struct ModelOptions {
    ExpertStoreOptions store;         // slots per layer, pins, direct I/O, VRAM tier
    DenseLoadOptions dense;
    ExpertTrim trim;
    GpuOptions gpu;                   // the CUDA tier: dense matrices and hottest experts in VRAM
    // Router lookahead: before a MoE layer's attention, its router on the state as it
    // stands starts the likeliest missing expert's read; wrong guesses are dropped once
    // the routing is known. It never changes the output. Auto means on when experts
    // can miss RAM: on the flash-shape fixture (4 layers, 6 GB budget) it decoded ~10%
    // faster (median of 4 alternating runs each) for 2% more bytes read. With it on,
    // a forward() told that a token follows also starts on a guess at that token while
    // lm_head runs (next_token_guess.cpp).
    enum class Prefetch { Auto, On, Off } prefetch = Prefetch::Auto;
};

// Where time went, accumulated over forward() calls.
struct ForwardProfile {
    double attention_s = 0, dense_s = 0, experts_s = 0, router_s = 0, head_s = 0, disk_wait_s = 0, total_s = 0;
    uint64_t prefetch_predicted = 0, prefetch_correct = 0, routed = 0, experts_run = 0;
    uint64_t next_token_guesses = 0, next_token_guess_hits = 0;  // lm_head's speculation (model.cpp)
    double prefetch_recall() const { return routed ? double(prefetch_correct) / double(routed) : 0.0; }
};

// What the caller does after a forward() whose last row's logits it asked for. A
// promise that one more token follows lets lm_head start on it (next_token_guess.cpp).
enum class NextToken {
    None,     // nothing, or not known
    Sampled,  // a forward() of one token sampled from these logits
    Greedy,   // a forward() of one token: the first argmax of these logits
};

class Model {
public:
    Model(const std::string& dir, const ModelOptions& options);

    const ModelConfig& config() const { return ckpt_.config(); }
    const Checkpoint& checkpoint() const { return ckpt_; }
    ExpertFormat expert_format() const { return format_; }
    const ExpertStore& experts() const { return *experts_; }
    ExpertStore& experts() { return *experts_; }
    bool prefetch_enabled() const { return prefetch_; }
    const ExpertTrim& trim() const { return trim_; }
    const ForwardProfile& profile() const { return profile_; }
    uint64_t dense_resident_bytes() const { return dense_.resident_bytes(); }
    // The GPU tier in use, or null (CPU only); gpu_note() says what went to the
    // device, or why there is no GPU path. Empty when no GPU was asked for.
    const GpuTier* gpu() const { return gpu_.get(); }
    const std::string& gpu_note() const { return gpu_note_; }
    uint64_t device_matmuls() const { return gpu_ ? gpu_->device_matmuls() : 0; }
    // True when the logits are the exact CPU bytes: no lossy trim, no GPU path.
    bool exact_output() const { return !trim_.active() && !gpu_; }
    // kGpuOutputLabel while the GPU path is on, else empty: the UI and CLI show it.
    std::string gpu_label() const { return gpu_ ? kGpuOutputLabel : ""; }
    // Per-call settings, between forward() calls: the lossy trim (validated as at
    // construction) and the router lookahead (Auto: on where experts can miss RAM).
    void set_trim(const ExpertTrim& trim);
    void set_prefetch(ModelOptions::Prefetch prefetch);
    // Not owned; null to stop observing.
    void set_observer(ForwardObserver* observer) { observer_ = observer; }
    // Routing counts go here (not owned; null to stop learning).
    void set_history(UsageHistory* history) { history_ = history; }

    // Runs tokens[0..count) at positions session.length.. and advances the session.
    // Writes logits for every row to `logits` ([count x vocab_size]) when
    // all_logits, else only the last row's ([vocab_size]). `logits` may be null.
    // `next` says whether one decode token follows and how it is chosen; it changes
    // only the timing, never a byte.
    void forward(Session& session, const int* tokens, int count, float* logits, bool all_logits,
                 NextToken next = NextToken::None);

private:
    void attention_block(int layer, Session& session, const std::vector<float>& h, int count, std::vector<float>& out);
    void dense_mlp(int layer, const std::vector<float>& h, int count, std::vector<float>& out);
    void moe(int layer, int first_position, const std::vector<float>& h, int count, std::vector<float>& out);
    void attention_step(int layer, Session& session, std::vector<float>& x, int count);
    void mlp_step(int layer, int first_position, std::vector<float>& x, int count);
    // Reads for the first MoE layer guessed from a decode token's embedding.
    void start_token_reads(const std::vector<float>& x, int count);
    // Layers [from, to) whole, with the router lookahead before each MoE attention.
    void run_layers(Session& session, std::vector<float>& x, int count, int from, int to);
    void prefetch_layer(int layer, const std::vector<float>& x, int count, size_t reads, bool record);
    std::vector<float> embed(const int* tokens, int count) const;
    struct RoutingEvent {
        int layer, position;
        std::vector<RoutedExpert> routes;
        std::vector<ExpertTier> served;
    };
    // To the history and the observer, or held while a guessed token runs.
    void report_routing(RoutingEvent event);

    // Next-token guessing (next_token_guess.cpp).
    void head_guessing_next_token(Session& session, const float* h, float* logits, NextToken next);
    void speculate_next_token(Session& session, int token, NextToken next);
    // Scores up to max_rows of the lm_head rows not scored yet; false when none were left.
    bool score_head_rows(int max_rows);
    // Scores lm_head rows until the expert's read is done or no rows are left.
    void fill_wait(int layer, int expert);
    // The state the previous lm_head's guess reached, when `tokens` is that guess in the
    // same session at the same position; an empty state (token -1) otherwise.
    struct Speculation {
        uint64_t session_id = 0;
        int position = -1, token = -1;
        int layers_done = 0;          // layers run whole
        bool attention_done = false;  // and the attention of layer layers_done
        bool sampled = false;         // guessed for NextToken::Sampled
        std::vector<float> x;
        std::vector<RoutingEvent> routing;
    };
    Speculation take_speculation(const Session& session, const int* tokens, int count);
    // W x on the GPU when the tier holds W, else on the CPU (same accumulation order).
    void dense_matmul(const MatrixView& w, const float* x, int rows, float* y);
    void run_experts(int layer, const std::vector<float>& h, const std::map<int, std::vector<std::pair<int, int>>>& rows_of_expert,
                     std::vector<float>& expert_out);

    Checkpoint ckpt_;
    ExpertFormat format_;
    DenseWeights dense_;
    std::unique_ptr<GpuTier> gpu_;             // before experts_: the store points at it
    std::string gpu_note_;
    std::unique_ptr<ExpertStore> experts_;
    ForwardProfile profile_;
    ForwardObserver* observer_ = nullptr;
    UsageHistory* history_ = nullptr;
    ExpertTrim trim_;
    bool prefetch_ = false;
    std::vector<std::vector<int>> predicted_;  // per layer: experts prefetch expects next
    Speculation speculation_;
    std::vector<RoutingEvent>* held_routing_ = nullptr;  // set while a guessed token runs
    // lm_head rows not scored yet while a guessed token runs.
    struct PendingHead {
        MatrixView rows;
        const float* h = nullptr;
        float* logits = nullptr;
        int done = 0;
        bool greedy = false;     // the guess is dropped once a row beats its logit
        float guess_logit = 0;
        bool beaten = false;
    } pending_head_;
    double head_chunk_s_ = 0;   // time scoring pending rows, all calls (kept out of experts_s)
    double sampled_hit_rate_ = 0.5;  // moving share of sampled guesses that were right
    uint64_t sampled_paused_ = 0;  // sampled forwards while that share is too low
};

}  // namespace peng
