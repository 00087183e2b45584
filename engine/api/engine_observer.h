#pragma once
// The one observer contract of the engine API: what a front end (the app, peng-cli,
// the server) hears while a model loads and while it generates. Callbacks arrive on
// the thread that called the engine, between kernels: keep them cheap, never block.
#include <cstdint>
#include <string>
#include <vector>

#include "api/profile.h"
#include "model/observer.h"
#include "model/routing.h"
#include "sampling/logprobs.h"

namespace peng {

// Opening a model: which step, how far into it, and the fraction of the whole load
// done (each step weighs what its bytes are of the load). Front ends word the steps.
enum class LoadStep { Planning, DenseWeights, ExpertCache, PinnedExperts };
struct LoadProgressInfo {
    LoadStep step = LoadStep::Planning;
    size_t done = 0, total = 0;
    double fraction = 0;
};

struct EngineObserver {
    virtual ~EngineObserver() = default;
    virtual void on_load_progress(const LoadProgressInfo& /*progress*/) {}
    // Something the user should know that is not an error (a history or KV file
    // ignored, the GPU tier off, a lossy knob on).
    virtual void on_note(const std::string& /*text*/) {}
    // A sampled token and the text it completes (may be empty mid-character; the stop
    // token's text is never included).
    virtual void on_token(int /*id*/, const std::string& /*text_delta*/) {}
    // With RunSettings::top_logprobs >= 0: a sampled token's log-probabilities (the
    // model's distribution, sampling/logprobs.h), just before its on_token. None for a
    // stop token, whose text is never given either.
    virtual void on_logprobs(const TokenLogprobs& /*logprobs*/) {}
    // One row's routing at one MoE layer, with the tier each expert was served from.
    virtual void on_routing(int /*layer*/, int /*position*/, const std::vector<RoutedExpert>& /*routes*/,
                            const std::vector<ExpertTier>& /*served_from*/) {}
    // Where one decoded token's time went (index 1 = the token after the first).
    virtual void on_token_profile(const TokenProfile& /*profile*/) {}
    // Experts changed tier outside the routing: pins moved at a turn boundary, or
    // the memory guard gave slots back. `pinned`/`unpinned` list (layer, expert).
    virtual void on_tiers_changed(const std::vector<std::pair<int, int>>& /*pinned*/,
                                  const std::vector<std::pair<int, int>>& /*unpinned*/, uint64_t /*trimmed_bytes*/) {}
};

}  // namespace peng
