// Engine::open: the placement (api/placement.h), then the dense weights and the pinned
// experts read with progress, then the tokenizer, chat template, stop ids and KV store.
#include <algorithm>
#include <cstdio>

#include "api/engine_state.h"
#include "io/file.h"
#include "kv/kv_store.h"
#include "api/placement.h"
#include "api/tools.h"
#include "text/stop_tokens.h"
#include "util/error.h"

namespace peng {

namespace {

class LoadReporter {
public:
    // Each step's share of the bar is its share of the bytes the load moves. The
    // expert cache's pages are touched while the dense weights load; what is left of
    // that after them is its own step.
    LoadReporter(EngineObserver* observer, uint64_t dense_bytes, uint64_t cache_bytes, uint64_t pinned_bytes)
        : observer_(observer) {
        const double all = double(dense_bytes + cache_bytes + pinned_bytes);
        dense_ = all > 0 ? double(dense_bytes) / all : 1.0;
        cache_ = all > 0 ? double(cache_bytes) / all : 0.0;
    }
    void report(LoadStep step, size_t done, size_t total) const {
        if (!observer_ || total == 0) return;
        const double part = double(done) / double(total);
        const double fraction = step == LoadStep::Planning       ? 0.0
                                : step == LoadStep::DenseWeights ? dense_ * part
                                : step == LoadStep::ExpertCache  ? dense_ + cache_ * part
                                                                 : dense_ + cache_ + (1 - dense_ - cache_) * part;
        observer_->on_load_progress({step, done, total, fraction});
    }

private:
    EngineObserver* observer_;
    double dense_ = 1, cache_ = 0;
};

}  // namespace

std::unique_ptr<Engine> Engine::open(const LoadOptions& options, EngineObserver* observer) {
    const std::string& dir = options.model_dir;
    auto note = [&](const std::string& text) {
        if (observer) observer->on_note(text);
    };
    if (observer) observer->on_load_progress({LoadStep::Planning, 0, 1, 0.0});
    std::vector<std::string> notes;
    Placement placement = place_model(options, notes);
    for (const std::string& line : notes) note(line);

    auto state = std::make_unique<State>();
    State& s = *state;
    s.options = options;
    s.history = std::move(placement.history);
    ModelInfo& info = s.info;
    info.dir = dir;
    info.config = placement.config;
    info.sizes = placement.sizes;
    info.plan = placement.plan;
    info.history_path = placement.history_path;
    ModelOptions& model_options = placement.model;
    const uint64_t cache_bytes = (uint64_t(warm_slots_per_layer(model_options.store, info.config)) *
                                      uint64_t(info.plan.moe_layers) +
                                  model_options.store.warm_pins) *
                                 info.sizes.expert_bytes;
    const LoadReporter reporter(observer, info.sizes.dense_bytes, cache_bytes,
                                info.plan.pins.size() * info.sizes.expert_bytes);
    model_options.dense.progress = [&reporter](int done, int total) {
        reporter.report(LoadStep::DenseWeights, size_t(done), size_t(total));
    };
    s.model = std::make_unique<Model>(dir, model_options);
    if (const SlotPool* pool = s.model->experts().slot_pool())
        pool->wait([&reporter](size_t done, size_t total) { reporter.report(LoadStep::ExpertCache, done, total); });
    s.scheduler = std::make_unique<DecodeScheduler>(*s.model);
    // Pins are read in about twenty batches so the progress moves while a large learnt
    // set streams in; set_pins keeps what is pinned, so the end state is one call's.
    const auto& pins = info.plan.pins;
    const size_t batch = std::max<size_t>(1, pins.size() / 20);
    for (size_t end = 0; end < pins.size();) {
        end = std::min(end + batch, pins.size());
        s.model->experts().set_pins({pins.begin(), pins.begin() + long(end)});
        reporter.report(LoadStep::PinnedExperts, end, pins.size());
    }
    s.model->set_history(s.history.get());
    if (!s.model->gpu_note().empty()) note(s.model->gpu_note());
    if (!s.model->gpu_label().empty()) note(s.model->gpu_label());

    if (file_exists(dir + "/tokenizer.json")) s.tokenizer = Tokenizer::from_file(dir + "/tokenizer.json");
    try {
        s.chat_template = ChatTemplate::from_model_dir(dir);
    } catch (const std::exception& e) {
        s.template_problem = e.what();
    }
    s.stop_ids = stop_token_ids(s.tokenizer ? &*s.tokenizer : nullptr, s.model->checkpoint().generation());

    std::unique_ptr<KvStore> store;
    if (options.kv_store != "none") {
        const KvIdentity identity = KvIdentity::of(dir, s.chat_template ? s.chat_template->source() : std::string());
        store = std::make_unique<KvStore>(kv_store_folder(options.kv_store, identity.model), identity,
                                          options.kv_store_max_bytes);
    }
    s.reuse = std::make_unique<KvMemory>(s.model->config(), info.plan.prefix_cache_bytes, std::move(store));

    info.generation = s.model->checkpoint().generation();
    info.format = s.model->expert_format() == ExpertFormat::MXFP4 ? "MXFP4" : "FP8";
    info.expert_slots = s.model->experts().cap();
    info.context_tokens = options.context_tokens;
    info.pinned = static_cast<int>(s.model->experts().pins().size());
    info.dense_resident_bytes = s.model->dense_resident_bytes();
    info.vocab_size = s.tokenizer ? s.tokenizer->vocab_size() : info.config.vocab_size;
    info.prefetch = s.scheduler->prefetch_on(PrefetchMode::Auto);
    info.gpu_label = s.model->gpu_label();
    info.gpu_note = s.model->gpu_note();
    // make-model marks its output; such weights are random, whatever the structure.
    info.random_weights = file_exists(dir + "/.peng-make-model.json");
    return std::unique_ptr<Engine>(new Engine(std::move(state)));
}

PlanPreview preview_plan(const ModelInfo& info, uint64_t ram_budget_bytes, double disk_GBps, double memory_GBps) {
    PlanRequest request;
    request.ram_budget_bytes = ram_budget_bytes;
    PlanPreview preview;
    preview.plan = make_plan(info.config, info.sizes, request, nullptr);
    const bool known = memory_GBps > 0 && (disk_GBps > 0 || preview.plan.disk_bytes_per_token == 0);
    preview.bound_tokens_per_s = known ? decode_bound_tokens_per_s(preview.plan, disk_GBps, memory_GBps) : 0.0;
    return preview;
}

}  // namespace peng
