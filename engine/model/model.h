#pragma once
// The MiMo-V2 model: the dense part resident, routed experts through the expert
// store. forward() runs a block of tokens; the math reads top to bottom in model.cpp.
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "experts/expert_store.h"
#include "model/kv_cache.h"
#include "model/observer.h"
#include "model/weights.h"

namespace peng {

struct ModelOptions {
    int expert_cap = 0;               // LRU slots per MoE layer; 0 = all experts
    DenseLoadOptions dense;
};

// Where time went, accumulated over forward() calls.
struct ForwardProfile {
    double attention_s = 0, dense_s = 0, experts_s = 0, router_s = 0, head_s = 0;
};

class Model {
public:
    Model(const std::string& dir, const ModelOptions& options);

    const ModelConfig& config() const { return ckpt_.config(); }
    const Checkpoint& checkpoint() const { return ckpt_; }
    ExpertFormat expert_format() const { return format_; }
    const ExpertStore& experts() const { return *experts_; }
    const ForwardProfile& profile() const { return profile_; }
    uint64_t dense_resident_bytes() const { return dense_.resident_bytes(); }
    // Not owned; null to stop observing.
    void set_observer(ForwardObserver* observer) { observer_ = observer; }

    // Runs tokens[0..count) at positions session.length.. and advances the session.
    // Writes logits for every row to `logits` ([count x vocab_size]) when
    // all_logits, else only the last row's ([vocab_size]). `logits` may be null.
    void forward(Session& session, const int* tokens, int count, float* logits, bool all_logits);

private:
    void attention_block(int layer, Session& session, const std::vector<float>& h, int count, std::vector<float>& out);
    void dense_mlp(int layer, const std::vector<float>& h, int count, std::vector<float>& out);
    void moe(int layer, int first_position, const std::vector<float>& h, int count, std::vector<float>& out);

    Checkpoint ckpt_;
    ExpertFormat format_;
    DenseWeights dense_;
    std::unique_ptr<ExpertStore> experts_;
    ForwardProfile profile_;
    ForwardObserver* observer_ = nullptr;
};

}  // namespace peng
