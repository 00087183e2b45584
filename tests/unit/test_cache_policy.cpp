// The expert cache policy: the offline replays (LRU, LFU, the store's policy, Belady)
// on traces whose counts can be worked out by hand, Belady never below the others on
// random traces, the store's eviction choice under predictions and wrong guesses, the
// replay of the store's policy matching the store itself, and the rule that a policy
// changes what is read, never a token.
#include <QtTest>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "checkpoint/checkpoint.h"
#include "cli_process.h"
#include "experts/cache_replay.h"
#include "experts/eviction_order.h"
#include "experts/expert_store.h"
#include "experts/routing_structure.h"
#include "model/decode_scheduler.h"
#include "model/generate.h"
#include "model/model.h"
#include "model/routing_trace.h"
#include "util/error.h"

using namespace peng;

namespace {

const std::string kTiny = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

using Trace = std::vector<std::vector<RoutingStep>>;

// One MoE layer (index 0) whose steps use one expert each.
Trace single_layer(const std::vector<int>& experts) {
    Trace trace(1);
    for (int e : experts) trace[0].push_back({e});
    return trace;
}

std::vector<int> prompt_tokens(int count, uint32_t seed) {
    std::vector<int> out(count);
    for (auto& t : out) {
        seed = seed * 1664525u + 1013904223u;
        t = static_cast<int>((seed >> 8) % 300);
    }
    return out;
}

// Counts, requests and releases `experts` on `layer` as one block of one row, as the
// model does.
void use(ExpertStore& store, int layer, const std::vector<int>& experts) {
    for (int e : experts) store.count_uses(layer, e, 1);
    QCOMPARE(store.request(layer, experts), experts.size());
    for (int e : experts) store.wait(layer, e);
    store.release(layer);
}

}  // namespace

class TestCachePolicy : public QObject {
    Q_OBJECT

private slots:
    void replay_counts_by_hand() {
        // Two slots. 0 is used three times, then 1 and 2 arrive, then 0 again: LRU has
        // pushed 0 out for 2 (hits: the two repeats of 0); LFU keeps the thrice-used 0
        // and drops 1; so does Belady (1 is never used again).
        const CacheReplay a = replay_trace(single_layer({0, 0, 0, 1, 2, 0}), 2, {});
        QCOMPARE(a.requests, uint64_t(6));
        QCOMPARE(a.lru_hit_rate, 2.0 / 6);
        QCOMPARE(a.lfu_hit_rate, 3.0 / 6);
        QCOMPARE(a.belady_hit_rate, 3.0 / 6);
        // 0 thrice, then 1 and 2 alternate: LFU clings to 0 and misses every 1 and 2
        // (ties in count go to the least recently used), LRU and Belady keep 1 and 2.
        const CacheReplay b = replay_trace(single_layer({0, 0, 0, 1, 2, 1, 2, 1, 2}), 2, {});
        QCOMPARE(b.lru_hit_rate, 6.0 / 9);
        QCOMPARE(b.lfu_hit_rate, 2.0 / 9);
        QCOMPARE(b.belady_hit_rate, 6.0 / 9);
        // The store's policy column replays the policy given.
        QCOMPARE(replay_trace(single_layer({0, 0, 0, 1, 2, 0}), 2, {}, 0, CachePolicy::Lru).policy_hit_rate, 2.0 / 6);
        QCOMPARE(replay_trace(single_layer({0, 0, 0, 1, 2, 0}), 2, {}, 0, CachePolicy::Frequency).policy_hit_rate,
                 3.0 / 6);
        // Pinned experts always hit and take no slot.
        QCOMPARE(replay_trace(single_layer({0, 1, 2, 0, 1, 2}), 1, {{0, 0}, {0, 1}, {0, 2}}).lru_hit_rate, 1.0);
        QCOMPARE(replay_trace(single_layer({0, 1, 0, 1}), 1, {{0, 0}}).lru_hit_rate, 3.0 / 4);
    }

    void foresight_by_hand() {
        // Two slots, LRU. At step 2 the slots hold 0 and 1: LRU drops 0, used again at
        // step 3; told one step ahead it keeps 0 and drops 1 instead, as Belady does.
        const CacheReplay a = replay_trace(single_layer({0, 1, 2, 0}), 2, {}, 0, CachePolicy::Lru, {1});
        QCOMPARE(a.lru_hit_rate, 0.0);
        QCOMPARE(a.foresight.size(), size_t(1));
        QCOMPARE(a.foresight[0].steps, size_t(1));
        QCOMPARE(a.foresight[0].hit_rate, 1.0 / 4);
        QCOMPARE(a.belady_hit_rate, 1.0 / 4);
        // With 0 two steps away, one step of foresight sees nothing and is LRU; two see it.
        const CacheReplay b = replay_trace(single_layer({0, 1, 2, 3, 0}), 2, {}, 0, CachePolicy::Lru, {1, 2});
        QCOMPARE(b.foresight[0].hit_rate, 0.0);
        QCOMPARE(b.foresight[1].hit_rate, 1.0 / 5);
        QCOMPARE(b.belady_hit_rate, 1.0 / 5);
        QVERIFY(replay_trace(single_layer({0, 1, 2, 0}), 2, {}).foresight.empty());  // none asked
    }

    void routing_structure_by_hand() {
        // Layer 0 dense (empty); layer 1: a prompt block then three decode steps of two
        // experts over 4: loads 0:4 1:2 2:1 3:1 (entropy 1.75 bits of 2); steps 2 and 3
        // each keep one expert of the step before.
        Trace trace(2);
        trace[1] = {{0, 1}, {0, 1}, {0, 2}, {3, 0}};
        const RoutingStructure r = routing_structure(trace, 1, 4);
        QCOMPARE(r.load_entropy.size(), size_t(1));
        QCOMPARE(r.load_entropy[0], 1.75 / 2);
        QCOMPARE(r.mean_step_reuse, (1.0 / 2 + 1.0 / 2) / 2);
        QCOMPARE(r.decode_steps, size_t(3));
        // Uniform load is 1, a single expert 0; no decode steps, no reuse.
        QCOMPARE(routing_structure({{{0, 1, 2, 3}}}, 1, 4).load_entropy[0], 1.0);
        const RoutingStructure one = routing_structure({{{2}, {2}, {2}}}, 0, 4);
        QCOMPARE(one.load_entropy[0], 0.0);
        QCOMPARE(one.mean_step_reuse, 1.0);
        QCOMPARE(routing_structure({{{0, 1}}}, 1, 4).mean_step_reuse, 0.0);
    }

    void replay_warmup_and_waves() {
        // A warm-up step (the prompt's block) fills the slots without being counted.
        Trace warm(1);
        warm[0] = {{0, 1}, {0}, {1}};
        const CacheReplay w = replay_trace(warm, 2, {}, /*warmup_steps=*/1);
        QCOMPARE(w.requests, uint64_t(2));
        QCOMPARE(w.lru_hit_rate, 1.0);
        QCOMPARE(replay_trace(warm, 2, {}).lru_hit_rate, 2.0 / 4);  // counted, the block misses
        // A block of three experts in two slots runs in two waves, as the store does: the
        // second wave's read evicts from the first, so 0 (least recent) leaves and 1 stays.
        Trace wide(1);
        wide[0] = {{0, 1, 2}, {1}, {0}};
        const CacheReplay v = replay_trace(wide, 2, {});
        QCOMPARE(v.requests, uint64_t(5));
        QCOMPARE(v.lru_hit_rate, 1.0 / 5);
        QCOMPARE(v.belady_hit_rate, 1.0 / 5);  // 0 or 1 is lost either way
        // The recorder groups prompt rows into blocks of the prefill size.
        RoutingTraceRecorder recorder(2, /*first_counted=*/5, /*prefill_block=*/4);
        auto routes = [](std::vector<int> experts) {
            std::vector<RoutedExpert> out;
            for (int e : experts) out.push_back({e, 0.5f});
            return out;
        };
        for (int pos = 0; pos < 7; ++pos) recorder.on_routing(1, pos, routes({pos % 2, 9}), {});
        QCOMPARE(recorder.warmup_steps(), size_t(2));
        const auto& steps = recorder.trace()[1];
        QCOMPARE(steps.size(), size_t(4));
        QCOMPARE(steps[0], (RoutingStep{0, 9, 1, 9, 0, 9, 1, 9}));  // positions 0-3, an entry per row
        QCOMPARE(steps[1], (RoutingStep{0, 9}));     // position 4
        QCOMPARE(steps[2], (RoutingStep{1, 9}));     // position 5: decode, one step a row
    }

    void belady_bounds_every_policy_on_random_traces() {
        uint32_t state = 7;
        auto next = [&](uint32_t n) {
            state = state * 1664525u + 1013904223u;
            return (state >> 8) % n;
        };
        for (int round = 0; round < 40; ++round) {
            const int cap = 2 + int(next(7)), experts = 8 + int(next(24));
            Trace trace(3);
            for (auto& steps : trace)
                for (int s = 0; s < 60; ++s) {
                    RoutingStep step;
                    const int width = 1 + int(next(uint32_t(std::min(cap, 4))));
                    while (static_cast<int>(step.size()) < width) {
                        // Skewed: low ids are hot, as routing is.
                        const int e = int(next(uint32_t(experts)) * next(uint32_t(experts)) / uint32_t(experts));
                        if (std::find(step.begin(), step.end(), e) == step.end()) step.push_back(e);
                    }
                    steps.push_back(step);
                }
            const size_t warmup = next(3);
            const CacheReplay r = replay_trace(trace, cap, {}, warmup, CachePolicy::Frequency, {0, 1, 4, 1000});
            const QString what = QString("round %1: %2 slots").arg(round).arg(cap);
            // No foresight is the policy; foresight past the end is Belady.
            QVERIFY2(r.foresight[0].hit_rate == r.policy_hit_rate, qPrintable(what));
            QVERIFY2(r.foresight[3].hit_rate == r.belady_hit_rate, qPrintable(what));
            for (const auto& f : r.foresight) QVERIFY2(f.hit_rate <= r.belady_hit_rate, qPrintable(what));
            QVERIFY2(r.belady_hit_rate >= r.lru_hit_rate, qPrintable(what));
            QVERIFY2(r.belady_hit_rate >= r.lfu_hit_rate, qPrintable(what));
            QVERIFY2(r.belady_hit_rate >= r.policy_hit_rate, qPrintable(what));
            QVERIFY2(r.lru_hit_rate > 0 && r.belady_hit_rate < 1, qPrintable(what));
        }
    }

    void use_counts_age() {
        UseCounts counts(4, /*aging_window=*/4);
        for (int i = 0; i < 3; ++i) counts.count(1);
        QCOMPARE(counts.of(1), uint64_t(3));
        counts.count(2);  // the fourth use halves every count
        QCOMPARE(counts.of(1), uint64_t(1));
        QCOMPARE(counts.of(2), uint64_t(0));
        counts.count(-1);  // out of range: ignored
        counts.count(9);
        QCOMPARE(counts.of(9), uint64_t(0));
        QCOMPARE(parse_cache_policy("lru"), CachePolicy::Lru);
        QCOMPARE(parse_cache_policy("frequency"), CachePolicy::Frequency);
        QVERIFY_THROWS_EXCEPTION(Error, parse_cache_policy("belady"));
    }

    void store_keeps_predicted_experts() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        for (CachePolicy policy : {CachePolicy::Lru, CachePolicy::Frequency}) {
            ExpertStoreOptions o;
            o.cap_per_layer = 3;
            o.policy = policy;
            ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
            use(store, layer, {0});
            use(store, layer, {1, 2});
            use(store, layer, {1, 2});
            // 0 is both the least recently and least often used, but the lookahead
            // predicts it: a read evicts 1 or 2 instead.
            store.prefetch(layer, {0}, /*max_reads=*/0);
            use(store, layer, {3});
            QCOMPARE(store.tier_of(layer, 0), ExpertTier::Slot);
            const bool lost_1 = store.tier_of(layer, 1) == ExpertTier::Disk, lost_2 = store.tier_of(layer, 2) == ExpertTier::Disk;
            QVERIFY(lost_1 != lost_2);
            // Once the routing is known the prediction ends: 0, least recently and least
            // often used, is the victim again.
            store.settle_prefetch(layer, {3});
            const int survivor = store.tier_of(layer, 1) == ExpertTier::Slot ? 1 : 2;
            use(store, layer, {survivor, 3});
            use(store, layer, {4});
            QCOMPARE(store.tier_of(layer, 0), ExpertTier::Disk);
            QCOMPARE(store.stats().prefetch_unused, uint64_t(0));
        }
    }

    void store_evicts_by_frequency_and_wrong_guesses_first() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        ExpertStoreOptions o;
        o.cap_per_layer = 3;
        o.policy = CachePolicy::Frequency;
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        use(store, layer, {0});
        use(store, layer, {0});
        use(store, layer, {0});
        use(store, layer, {1});
        use(store, layer, {2});
        // LRU would drop 0 (used first); the frequency policy drops 1 (used once, before 2).
        use(store, layer, {3});
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Slot);
        QCOMPARE(store.tier_of(layer, 1), ExpertTier::Disk);
        // A speculative read the routing did not need is a wrong guess: it is counted as
        // unused and leaves before anything the router asked for.
        store.prefetch(layer, {5});
        QCOMPARE(store.stats().prefetch_reads, uint64_t(1));
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Slot);
        while (!store.ready(layer, 5)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        store.settle_prefetch(layer, {0});
        QCOMPARE(store.stats().prefetch_unused, uint64_t(1));
        use(store, layer, {6});
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Disk);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Slot);
        QCOMPARE(store.stats().prefetch_used, uint64_t(0));
    }

    void replay_of_the_store_policy_matches_the_store() {
        // Without speculative reads, the store's own hit count is its policy's replay,
        // prompt block included as warm-up.
        for (CachePolicy policy : {CachePolicy::Lru, CachePolicy::Frequency}) {
            ModelOptions options;
            options.store.cap_per_layer = 12;
            options.store.policy = policy;  // no scheduler: no speculative reads
            Model model(kTiny, options);
            const std::vector<int> prompt = prompt_tokens(10, 5);
            RoutingTraceRecorder recorder(model.config().num_layers, int(prompt.size()), 64);
            model.set_observer(&recorder);
            Session session(model.config());
            model.forward(session, prompt.data(), int(prompt.size()), nullptr, false, RunConfig{});
            const ExpertStats after_prompt = model.experts().stats();
            for (int id : prompt_tokens(30, 11)) model.forward(session, &id, 1, nullptr, false, RunConfig{});
            const ExpertStats s = model.experts().stats();
            const uint64_t hits = s.hits() - after_prompt.hits(), misses = s.misses - after_prompt.misses;
            const CacheReplay r = replay_trace(recorder.trace(), 12, {}, recorder.warmup_steps(), policy);
            QCOMPARE(recorder.warmup_steps(), size_t(1));
            QCOMPARE(r.requests, hits + misses);
            QCOMPARE(r.policy_hit_rate, double(hits) / double(hits + misses));
            QCOMPARE(policy == CachePolicy::Lru ? r.lru_hit_rate : r.lfu_hit_rate, r.policy_hit_rate);
            QVERIFY(r.belady_hit_rate >= r.policy_hit_rate);
        }
    }

    void greedy_tokens_do_not_depend_on_the_policy() {
        // Prefetch and next-token guessing on, a cap that forces evictions: the tokens of
        // every policy are plain LRU's, byte for byte.
        auto decode = [](CachePolicy policy, int cap) {
            ModelOptions options;
            options.store.cap_per_layer = cap;
            options.store.policy = policy;
            Model model(kTiny, options);
            DecodeScheduler scheduler(model);
            GenerateOptions g;
            g.run.prefetch = PrefetchMode::On;
            g.max_new_tokens = 16;
            g.sampling.temperature = 0;
            Session session(model.config());
            return generate(scheduler, session, prompt_tokens(12, 3), g).tokens;
        };
        const std::vector<int> reference = decode(CachePolicy::Lru, 0);  // every expert fits
        QCOMPARE(reference.size(), size_t(16));
        for (int cap : {8, 12})
            for (CachePolicy policy : {CachePolicy::Lru, CachePolicy::Frequency})
                QCOMPARE(decode(policy, cap), reference);
    }

    void run_json_reports_the_replay_table() {
        auto run = [](const QString& policy) {
            return cli({"run", QString::fromStdString(kTiny), "--tokens", "5,6,7,8,9,10", "--ngen", "8", "--temp", "0",
                        "--cap", "10", "--threads", "1", "--history", "none", "--kv-store", "none", "--json",
                        "--cache-policy", policy});
        };
        const Result lru = run("lru"), frequency = run("frequency");
        QVERIFY2(lru.exit_code == 0, qPrintable(lru.err));
        QVERIFY2(frequency.exit_code == 0, qPrintable(frequency.err));
        const auto a = nlohmann::json::parse(lru.out.trimmed().split('\n').last().toStdString());
        const auto b = nlohmann::json::parse(frequency.out.trimmed().split('\n').last().toStdString());
        QCOMPARE(a["tokens"], b["tokens"]);
        QCOMPARE(a["cache_replay"]["policy"].get<std::string>(), std::string("lru"));
        QCOMPARE(b["cache_replay"]["policy"].get<std::string>(), std::string("frequency"));
        for (const auto& r : {a, b}) {
            const auto& c = r["cache_replay"];
            QCOMPARE(c["slots"].get<int>(), 10);
            QCOMPARE(c["requests"].get<uint64_t>(), uint64_t(7 * 8 * 5));  // 7 decode forwards, 8 experts, 5 MoE layers
            QCOMPARE(c["warmup_steps"].get<int>(), 1);
            QVERIFY(c["belady_hit_rate"].get<double>() >= c["lru_hit_rate"].get<double>());
            QCOMPARE(c["policy_foreseeing_hit_rate"].size(), size_t(3));
            // Wasted speculative reads count against the disk's view only.
            QVERIFY(c["store_read_hit_rate"].get<double>() >= c["store_disk_hit_rate"].get<double>());
            QVERIFY(c["store_found_rate"].get<double>() >= c["store_read_hit_rate"].get<double>());
            QVERIFY(r["profile"].contains("prefetch_unused"));
            const auto& table = c["table"];
            QCOMPARE(table.size(), size_t(4));
            int previous = 0;
            for (const auto& row : table) {
                QVERIFY(row["slots"].get<int>() > previous);
                previous = row["slots"].get<int>();
                for (const char* column : {"lru", "lfu", "policy"})
                    QVERIFY(row["belady"].get<double>() >= row[column].get<double>());
                QCOMPARE(row["policy_foreseeing"].size(), size_t(3));
                for (const char* steps : {"1", "4", "16"})
                    QVERIFY(row["belady"].get<double>() >= row["policy_foreseeing"][steps].get<double>());
            }
        }
        QCOMPARE(a["cache_replay"]["lru_hit_rate"], a["cache_replay"]["policy_hit_rate"]);
        // The routing's structure: one entropy per MoE layer, each within [0, 1].
        const auto& routing = a["routing"];
        QCOMPARE(routing["load_entropy"].size(), size_t(5));
        for (const auto& h : routing["load_entropy"]) QVERIFY(h.get<double>() > 0 && h.get<double>() <= 1);
        QCOMPARE(routing["decode_steps"].get<int>(), 7);
        const Result bad = run("optimal");
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("the cache policy must be lru or frequency"), qPrintable(bad.err));
    }
};

QTEST_GUILESS_MAIN(TestCachePolicy)
#include "test_cache_policy.moc"
