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
#include "model/forward_hooks.h"
#include "model/gpu_setup.h"
#include "kv/kv_session.h"
#include "model/observer.h"
#include "model/run_config.h"
#include "model/weights.h"

namespace peng {

struct ModelOptions {
    ExpertStoreOptions store;         // slots per layer, pins, direct I/O, VRAM tier
    DenseLoadOptions dense;
    GpuOptions gpu;                   // the CUDA tier: dense matrices and hottest experts in VRAM
};

// Where time went, accumulated over forward() calls.
struct ForwardProfile {
    double attention_s = 0, dense_s = 0, experts_s = 0, router_s = 0, head_s = 0, disk_wait_s = 0, total_s = 0;
    uint64_t prefetch_predicted = 0, prefetch_correct = 0, routed = 0, experts_run = 0;
    uint64_t next_token_guesses = 0, next_token_guess_hits = 0;  // lm_head's speculation (next_token_guess.cpp)
    // Work the CPU did, 2 FLOPs per multiply-add, in the bucket whose time holds it:
    // attention (qkv, scores and values, o_proj), dense (dense MLP, routers and their
    // lookahead, lm_head) and the routed experts. Matrices the GPU tier ran are left out.
    uint64_t attention_flops = 0, dense_flops = 0, expert_flops = 0;
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
    const ForwardProfile& profile() const { return profile_; }
    ForwardProfile& profile() { return profile_; }  // a scheduler adds its own share
    uint64_t dense_resident_bytes() const { return dense_.resident_bytes(); }
    // Every dense matrix one decode token multiplies on the CPU: each layer's qkv,
    // o_proj, dense MLP or router, and lm_head (the GPU tier's are left out).
    std::vector<MatrixView> cpu_decode_matrices() const;
    // The GPU tier in use, or null (CPU only); gpu_note() says what went to the
    // device, or why there is no GPU path. Empty when no GPU was asked for.
    const GpuTier* gpu() const { return gpu_.get(); }
    const std::string& gpu_note() const { return gpu_note_; }
    uint64_t device_matmuls() const { return gpu_ ? gpu_->device_matmuls() : 0; }
    // True when a call with this trim gives the exact CPU bytes: no lossy trim, no GPU path.
    bool exact_output(const ExpertTrim& trim) const { return !trim.active() && !gpu_; }
    // kGpuOutputLabel while the GPU path is on, else empty: the UI and CLI show it.
    std::string gpu_label() const { return gpu_ ? kGpuOutputLabel : ""; }
    // Not owned; null to stop observing.
    void set_observer(ForwardObserver* observer) { observer_ = observer; }
    // Routing counts go here (not owned; null to stop learning).
    void set_history(UsageHistory* history) { history_ = history; }

    // The scheduler that prefetch and next-token guessing hang on (not owned; null for
    // none). One at a time.
    void set_hooks(ForwardHooks* hooks);

    // Runs tokens[0..count) at positions session.length.. and advances the session.
    // Writes logits for every row to `logits` ([count x vocab_size]) when
    // all_logits, else only the last row's ([vocab_size]). `logits` may be null.
    // `run` is this call's trim and prefetch choice (check_trim refuses a bad trim).
    void forward(Session& session, const int* tokens, int count, float* logits, bool all_logits, const RunConfig& run);

    // The pieces of forward() a scheduler runs a guessed token with. None changes a
    // byte of what forward() computes.
    std::vector<float> embed(const int* tokens, int count) const;
    // Layers [from, to) whole, the hooks' before_moe_layer ahead of each MoE layer.
    void run_layers(Session& session, std::vector<float>& x, int count, int from, int to, const ExpertTrim& trim);
    // x += attention(rmsnorm(x)) for one layer, appending the block's keys and values.
    // A NaN or infinite state throws peng::Error naming the layer (as mlp_step does).
    void attention_step(int layer, Session& session, std::vector<float>& x, int count);
    // The distinct experts `layer`'s router picks for the residual state x as it stands,
    // normalised with that layer's post-attention norm (the router lookahead's guess).
    // Its router work counts in the profile's dense FLOPs, as does score_head_rows's.
    std::vector<int> route_ahead(int layer, const std::vector<float>& x, int count);
    // logits[begin..end) of one row's lm_head, h its final-normed state. Rows scored in
    // any split are the bytes of one whole lm_head (CPU only: see head_on_cpu()).
    void score_head_rows(const float* h, int begin, int end, float* logits);
    bool head_on_cpu() const { return !(gpu_ && gpu_->holds_dense(dense_.lm_head.view)); }
    struct RoutingEvent {
        int layer, position;
        std::vector<RoutedExpert> routes;
        std::vector<ExpertTier> served;
    };
    // While `held` is set, routing reports go there instead of to the history, the
    // observer and the expert cache's use counts (a guessed token's, which count only
    // once it is taken up); null to stop.
    void hold_routing(std::vector<RoutingEvent>* held) { held_routing_ = held; }
    // To the history and the observer, or to the held list.
    void report_routing(RoutingEvent event);

private:
    void attention_block(int layer, Session& session, const std::vector<float>& h, int count, std::vector<float>& out);
    void dense_mlp(int layer, const std::vector<float>& h, int count, std::vector<float>& out);
    // Returns each row's routed experts, in router order.
    std::vector<std::vector<RoutedExpert>> moe(int layer, int first_position, const std::vector<float>& h, int count,
                                               const ExpertTrim& trim, std::vector<float>& out);
    void mlp_step(int layer, int first_position, std::vector<float>& x, int count, const ExpertTrim& trim);
    // W x on the GPU when the tier holds W, else on the CPU (same accumulation order),
    // whose FLOPs go to `cpu_flops` (a ForwardProfile bucket).
    void dense_matmul(const MatrixView& w, const float* x, int rows, float* y, uint64_t& cpu_flops);
    // Returns the seconds the hooks spent filling read waits (not expert time).
    double run_experts(int layer, const std::vector<float>& h, const std::map<int, std::vector<std::pair<int, int>>>& rows_of_expert,
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
    ForwardHooks* hooks_ = nullptr;
    std::vector<RoutingEvent>* held_routing_ = nullptr;
};

}  // namespace peng
