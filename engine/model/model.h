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
#include "model/gpu_setup.h"
#include "model/kv_cache.h"
#include "model/observer.h"
#include "model/weights.h"

namespace peng {

// Lossy speed/quality knobs, off by default: they change which experts run.
struct ExpertTrim {
    int top_k = 0;        // keep only the k heaviest of the routed experts (0 = off)
    double top_p = 0;     // keep the fewest heaviest experts whose weights reach p (0 = off)
    bool active() const { return top_k > 0 || top_p > 0; }
};

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
    // lm_head also guesses the next token and runs its first layers early (model.cpp).
    enum class Prefetch { Auto, On, Off } prefetch = Prefetch::Auto;
};

// Where time went, accumulated over forward() calls.
struct ForwardProfile {
    double attention_s = 0, dense_s = 0, experts_s = 0, router_s = 0, head_s = 0, disk_wait_s = 0, total_s = 0;
    uint64_t prefetch_predicted = 0, prefetch_correct = 0, routed = 0, experts_run = 0;
    uint64_t next_token_guesses = 0, next_token_guess_hits = 0;  // lm_head's speculation (model.cpp)
    double prefetch_recall() const { return routed ? double(prefetch_correct) / double(routed) : 0.0; }
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
    // Not owned; null to stop observing.
    void set_observer(ForwardObserver* observer) { observer_ = observer; }
    // Routing counts go here (not owned; null to stop learning).
    void set_history(UsageHistory* history) { history_ = history; }

    // Runs tokens[0..count) at positions session.length.. and advances the session.
    // Writes logits for every row to `logits` ([count x vocab_size]) when
    // all_logits, else only the last row's ([vocab_size]). `logits` may be null.
    void forward(Session& session, const int* tokens, int count, float* logits, bool all_logits);

private:
    void attention_block(int layer, Session& session, const std::vector<float>& h, int count, std::vector<float>& out);
    void dense_mlp(int layer, const std::vector<float>& h, int count, std::vector<float>& out);
    void moe(int layer, int first_position, const std::vector<float>& h, int count, std::vector<float>& out);
    void attention_step(int layer, Session& session, std::vector<float>& x, int count);
    void mlp_step(int layer, int first_position, std::vector<float>& x, int count);
    // Returns the number of reads started.
    size_t prefetch_layer(int layer, const std::vector<float>& x, int count, size_t reads, bool record);
    std::vector<float> embed(const int* tokens, int count) const;
    double head_guessing_next_token(Session& session, const float* h, float* logits);
    void speculate_next_token(Session& session, int token);
    bool take_speculation(const Session& session, const int* tokens, int count, std::vector<float>& x);
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
    // The guessed next token's state after the first MoE layer's attention.
    struct Speculation {
        uint64_t session_id = 0;
        int position = -1, token = -1;
        std::vector<float> x;
    } speculation_;
};

}  // namespace peng
