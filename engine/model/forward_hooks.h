#pragma once
// The points where a forward pass lets a scheduler (decode_scheduler.h) work around it:
// start expert reads early, fill read waits, take over lm_head, and hand back the state
// a guessed token already reached. Whatever a hook does, forward() computes the same
// bytes: the hooks change when work happens, never what is computed.
#include <optional>
#include <vector>

#include "model/run_config.h"

namespace peng {

struct Session;

// A one-token forward pass stopped part way: the residual state after `layers_done`
// whole layers, and after the attention of layer `layers_done` too when attention_done.
struct PartialForward {
    std::vector<float> x;
    int layers_done = 0;
    bool attention_done = false;
};

class ForwardHooks {
public:
    virtual ~ForwardHooks() = default;
    // A forward() of tokens[0..count) begins in `session` under `run`: the state a run
    // of exactly this computation already reached, to resume from, or nothing. Every
    // forward() starts here, so the hooks take this call's prefetch choice from it.
    virtual std::optional<PartialForward> resume(const Session& session, const int* tokens, int count,
                                                 const RunConfig& run) = 0;
    // Nothing was resumed: the block starts at layer 0, x holding its embeddings.
    virtual void block_started(const std::vector<float>& x, int count) = 0;
    // Before MoE layer `layer`'s attention, x the residual state as it stands.
    virtual void before_moe_layer(int layer, const std::vector<float>& x, int count) = 0;
    // `layer`'s routing is known: the distinct experts the block needs.
    virtual void moe_routed(int layer, const std::vector<int>& needed) = 0;
    // The pass is about to wait for `expert` of `layer`, whose read may still run.
    virtual void waiting_for_expert(int layer, int expert) = 0;
    // A one-token block's lm_head, h its final-normed state, lm_head on the CPU: true
    // when the hook wrote all of `logits` itself (Model::score_head_rows).
    virtual bool score_head(Session& session, const float* h, float* logits, const RunConfig& run) = 0;
};

}  // namespace peng
