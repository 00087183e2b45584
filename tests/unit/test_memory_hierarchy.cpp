// The expert memory hierarchy: eviction, pins, waves, the routing history, the
// planner's budgets, an injected read fault, and the rule that placement changes
// speed but never a byte of the logits.
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "experts/cache_replay.h"
#include "experts/expert_store.h"
#include "experts/usage_history.h"
#include "io/direct_reader.h"
#include "io/io_pool.h"
#include "model/decode_scheduler.h"
#include "model/generate.h"
#include "model/model.h"
#include "model/routing_trace.h"
#include "plan/planner.h"
#include "plan/repin.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kTiny = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

std::vector<int> tokens(int count) {
    std::vector<int> out(count);
    uint32_t state = 99;
    for (auto& t : out) {
        state = state * 1664525u + 1013904223u;
        t = static_cast<int>((state >> 8) % 300);
    }
    return out;
}

std::vector<float> logits_of(Model& model, const std::vector<int>& ids, const RunConfig& run = {}, int block = 16) {
    const int vocab = model.config().vocab_size;
    std::vector<float> out(ids.size() * size_t(vocab));
    Session session(model.config());
    for (size_t at = 0; at < ids.size(); at += block) {
        const int n = static_cast<int>(std::min<size_t>(block, ids.size() - at));
        model.forward(session, &ids[at], n, &out[at * vocab], true, run);
    }
    return out;
}

std::vector<float> logits_with(const std::string& dir, const ModelOptions& options, const std::vector<int>& ids,
                               const RunConfig& run = {}, int block = 16) {
    Model model(dir, options);
    const DecodeScheduler lookahead(model);
    return logits_of(model, ids, run, block);
}

bool same_bytes(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

ModelSizes sizes_of(const Checkpoint& ckpt) {
    const InventoryReport r = check_inventory(ckpt, detect_expert_format(ckpt));
    return ModelSizes{r.dense_bytes, r.expert_bytes, r.expert_bytes + 8192, 1 << 20};
}

}  // namespace

class TestMemoryHierarchy : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void eviction_under_cap_8() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        ExpertStoreOptions o;
        o.cap_per_layer = 8;
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        std::vector<int> first{0, 1, 2, 3, 4, 5, 6, 7};
        QCOMPARE(store.request(layer, first), size_t(8));
        for (int e : first) store.wait(layer, e);
        store.release(layer);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Slot);
        // Touch 1..7 again so expert 0 is the least recently used, then bring in 8.
        std::vector<int> again{1, 2, 3, 4, 5, 6, 7};
        QCOMPARE(store.request(layer, again), size_t(7));
        store.release(layer);
        QCOMPARE(store.request(layer, {8}), size_t(1));
        store.wait(layer, 8);
        store.release(layer);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Disk);
        QCOMPARE(store.tier_of(layer, 8), ExpertTier::Slot);
        QCOMPARE(store.stats().misses, uint64_t(9));
        QCOMPARE(store.stats().slot_hits, uint64_t(7));
        // A block wider than the cap is granted in waves.
        std::vector<int> wide{8, 9, 10, 11, 12, 13, 14, 15, 0, 1};
        QCOMPARE(store.request(layer, wide), size_t(8));
        store.release(layer);
    }
    void prefetch_settles_without_losing_a_byte() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        ExpertStoreOptions plain_options;
        ExpertStore plain(ckpt, ExpertFormat::MXFP4, plain_options);
        ExpertStoreOptions o;
        o.cap_per_layer = 6;
        o.io_threads = 1;
        o.read_piece_bytes = 4096;  // many queued pieces, so some are still queued when dropped
        for (int round = 0; round < 20; ++round) {
            ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
            store.prefetch(layer, {0, 1, 2, 3, 4, 5});
            store.settle_prefetch(layer, {1, 4});
            const ExpertStats s = store.stats();
            QCOMPARE(s.prefetch_reads, uint64_t(6));
            QVERIFY(s.prefetch_cancelled <= 4);
            // Dropped guesses left the layer; finished ones stay, first in line for eviction.
            uint64_t on_disk = 0;
            for (int e : {0, 2, 3, 5}) on_disk += store.tier_of(layer, e) == ExpertTier::Disk;
            QCOMPARE(on_disk, s.prefetch_cancelled);
            QCOMPARE(store.tier_of(layer, 1), ExpertTier::Slot);
            // The guessed-right experts and the dropped ones read back byte for byte.
            QCOMPARE(store.request(layer, {1, 4, 0, 2}), size_t(4));
            QCOMPARE(store.stats().prefetch_used, uint64_t(2));
            for (int e : {1, 4, 0, 2}) {
                const ExpertWeights& got = store.wait(layer, e);
                QCOMPARE(plain.request(layer, {e}), size_t(1));
                const ExpertWeights& want = plain.wait(layer, e);
                for (const auto& [a, b] : {std::pair{got.gate, want.gate}, {got.up, want.up}, {got.down, want.down}}) {
                    const size_t n = size_t(a.rows) * a.cols;
                    QVERIFY(std::memcmp(a.data, b.data, n / 2) == 0);
                    QVERIFY(std::memcmp(a.group_scales, b.group_scales, n / 32) == 0);
                }
                plain.release(layer);
            }
            store.release(layer);
        }
    }
    void pin_and_unpin() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        ExpertStoreOptions o;
        o.cap_per_layer = 2;
        o.pins = {{layer, 5}};
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Pinned);
        for (int e = 0; e < 6; ++e) {
            store.request(layer, {e});
            store.wait(layer, e);
            store.release(layer);
        }
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Pinned);  // never evicted
        QCOMPARE(store.stats().pinned_hits, uint64_t(1));
        store.set_pins({{layer, 3}});
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Disk);
        QCOMPARE(store.tier_of(layer, 3), ExpertTier::Pinned);
        store.set_pins({});
        QVERIFY(store.pins().empty());
    }
    void guessed_next_token_never_changes_logits() {
        // Greedy decode brings the token lm_head guessed, so the next forward() resumes
        // from the state the guess reached (after the first MoE attention when sampled,
        // after every layer when greedy); the bytes must be those of a model that never
        // guesses, and the routing reports the same, in the same order.
        ModelOptions options;
        options.store.cap_per_layer = 4;
        RunConfig plain, guessing;
        plain.prefetch = PrefetchMode::Off;
        guessing.prefetch = PrefetchMode::On;
        const std::vector<int> prompt = {5, 17, 99, 3};
        struct RoutingLog : ForwardObserver {
            std::vector<std::vector<int>> events;  // layer, position, experts
            void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                            const std::vector<ExpertTier>&) override {
                events.push_back({layer, position});
                for (const auto& r : routes) events.back().push_back(r.expert);
            }
        };
        struct Run {
            std::vector<float> logits;
            RoutingLog log;
            std::vector<uint64_t> history;
            ForwardProfile profile;
        };
        auto greedy = [&](const RunConfig& call, NextToken next, int steps) {
            Model model(kTiny, options);
            DecodeScheduler scheduler(model);
            Run run;
            UsageHistory history(model.config().num_layers, model.config().n_routed_experts, 1);
            model.set_observer(&run.log);
            model.set_history(&history);
            Session session(model.config());
            const int vocab = model.config().vocab_size;
            run.logits.resize(size_t(steps + 1) * vocab);
            model.forward(session, prompt.data(), int(prompt.size()), run.logits.data(), false, call);
            for (int t = 0; t < steps; ++t) {
                const float* last = &run.logits[size_t(t) * vocab];
                const int token = int(std::max_element(last, last + vocab) - last);
                scheduler.forward(session, &token, 1, &run.logits[size_t(t + 1) * vocab], false,
                                  t + 1 < steps ? next : NextToken::None, call);
            }
            for (int l = 0; l < history.layers(); ++l)
                for (int e = 0; e < history.experts(); ++e) run.history.push_back(history.count(l, e));
            run.profile = model.profile();
            return run;
        };
        const Run reference = greedy(plain, NextToken::Greedy, 40);
        QCOMPARE(reference.profile.next_token_guesses, uint64_t(0));
        for (NextToken next : {NextToken::Sampled, NextToken::Greedy}) {
            const Run run = greedy(guessing, next, 40);
            QVERIFY(same_bytes(reference.logits, run.logits));
            QVERIFY(reference.log.events == run.log.events);
            QVERIFY(reference.history == run.history);
            // Sampled guessing pauses while most guesses miss, so it guesses less often.
            const uint64_t guesses = run.profile.next_token_guesses, hits = run.profile.next_token_guess_hits;
            if (next == NextToken::Greedy) QCOMPARE(guesses, uint64_t(39));
            QVERIFY2(hits >= (next == NextToken::Greedy ? 5u : 1u) && guesses <= 39,
                     qPrintable(QString("%1 of %2 guesses right").arg(hits).arg(guesses)));
        }

        // A guess made in one session is not taken up by another at the same position
        // and token: its keys and values came from a different context.
        Model reference_model(kTiny, options), model(kTiny, options);
        DecodeScheduler scheduler(model);
        const int vocab = model.config().vocab_size;
        const std::vector<int> other = {200, 201, 202, 203};
        for (NextToken next : {NextToken::Sampled, NextToken::Greedy}) {
            std::vector<float> guessed(vocab), taken(vocab), expected(vocab);
            Session fresh(model.config()), fresh_reference(reference_model.config());
            model.forward(fresh, other.data(), 4, nullptr, false, guessing);
            model.forward(fresh, &prompt[3], 1, nullptr, false, guessing);  // at position 5 now
            Session guessing_session(model.config());
            model.forward(guessing_session, prompt.data(), 4, nullptr, false, guessing);
            const uint64_t guesses = model.profile().next_token_guesses;
            scheduler.forward(guessing_session, &prompt[3], 1, guessed.data(), false, next, guessing);  // guesses for position 5
            QCOMPARE(model.profile().next_token_guesses, guesses + 1);
            const int token = int(std::max_element(guessed.begin(), guessed.begin() + 128) - guessed.begin());
            model.forward(fresh, &token, 1, taken.data(), false, guessing);
            reference_model.forward(fresh_reference, other.data(), 4, nullptr, false, plain);
            reference_model.forward(fresh_reference, &prompt[3], 1, nullptr, false, plain);
            reference_model.forward(fresh_reference, &token, 1, expected.data(), false, plain);
            QVERIFY(same_bytes(expected, taken));

            // A wrong token where a guess was made: the guess is dropped (the token's keys
            // and values overwrite its slot) and the bytes are a plain model's.
            Session reference_session(reference_model.config());
            const std::vector<int> ran = {prompt[0], prompt[1], prompt[2], prompt[3], prompt[3], prompt[1]};
            reference_model.forward(reference_session, ran.data(), int(ran.size()), expected.data(), false, plain);
            scheduler.forward(guessing_session, &ran.back(), 1, guessed.data(), false, next, guessing);  // guesses for position 6
            QCOMPARE(model.profile().next_token_guesses, guesses + 2);
            QVERIFY(same_bytes(expected, guessed));
            const int guess = int(std::max_element(guessed.begin(), guessed.begin() + 128) - guessed.begin());
            // A greedy guess keeps its state only when it is the argmax of the whole vocabulary.
            QCOMPARE(int(std::max_element(guessed.begin(), guessed.end()) - guessed.begin()), guess);
            const int wrong = (guess + 1) % 128;
            const uint64_t hits = model.profile().next_token_guess_hits;
            scheduler.forward(guessing_session, &wrong, 1, taken.data(), false, NextToken::None, guessing);
            reference_model.forward(reference_session, &wrong, 1, expected.data(), false, plain);
            QVERIFY(same_bytes(expected, taken));
            QCOMPARE(model.profile().next_token_guess_hits, hits);
        }
    }
    void settings_change_between_calls() {
        // Prefetch and the expert trim are each call's own (RunConfig), without a
        // reload: prefetch starts and stops speculative reads, never changing a token;
        // a trimmed call gives the bytes of any model run with that trim, and the next
        // call without one is exact again: nothing of a call stays behind.
        const std::vector<int> prompt = tokens(12);
        ModelOptions options;
        options.store.cap_per_layer = 4;
        RunConfig off, on;
        off.prefetch = PrefetchMode::Off;
        on.prefetch = PrefetchMode::On;
        Model model(kTiny, options);
        DecodeScheduler scheduler(model);
        QVERIFY(!scheduler.prefetch_on(PrefetchMode::Off));
        QVERIFY(scheduler.prefetch_on(PrefetchMode::On));
        QVERIFY(scheduler.prefetch_on(PrefetchMode::Auto));  // 4 slots of 16: experts can miss RAM
        GenerateOptions g;
        g.max_new_tokens = 8;
        g.sampling.temperature = 0;
        auto decode = [&](const RunConfig& run) {
            Session session(model.config());
            g.run = run;
            return generate(scheduler, session, prompt, g).tokens;
        };
        const std::vector<int> expected = decode(off);
        QCOMPARE(model.experts().stats().prefetch_reads, uint64_t(0));
        QCOMPARE(decode(on), expected);
        const uint64_t reads = model.experts().stats().prefetch_reads;
        QVERIFY(reads > 0);
        QVERIFY(model.profile().next_token_guesses > 0);
        QCOMPARE(decode(off), expected);
        QCOMPARE(model.experts().stats().prefetch_reads, reads);

        RunConfig trimmed = off;
        trimmed.trim.top_k = 2;
        const std::vector<float> exact = logits_with(kTiny, options, prompt, off);
        const std::vector<float> approximate = logits_with(kTiny, options, prompt, trimmed);
        QVERIFY(!same_bytes(exact, approximate));
        QVERIFY(!model.exact_output(trimmed.trim));
        QVERIFY(same_bytes(approximate, logits_of(model, prompt, trimmed)));
        RunConfig refused = off;
        refused.trim.top_k = model.config().num_experts_per_tok + 1;
        QVERIFY_THROWS_EXCEPTION(Error, logits_of(model, prompt, refused));
        refused.trim = ExpertTrim{};
        refused.trim.top_p = 1.5;
        QVERIFY_THROWS_EXCEPTION(Error, logits_of(model, prompt, refused));
        QVERIFY(model.exact_output(off.trim));
        QVERIFY(same_bytes(exact, logits_of(model, prompt, off)));

        // A guess that ran under one trim is not taken up by a call under another: it
        // is not the computation that call makes.
        Model reference(kTiny, options);
        const int vocab = model.config().vocab_size;
        std::vector<float> got(vocab), want(vocab);
        Session session(model.config()), reference_session(reference.config());
        model.forward(session, prompt.data(), 11, nullptr, false, on);
        scheduler.forward(session, &prompt[11], 1, got.data(), false, NextToken::Greedy, on);
        const int token = int(std::max_element(got.begin(), got.end()) - got.begin());
        // The greedy guess (the best of the first 128 ids) is the argmax, so its state is kept.
        QCOMPARE(int(std::max_element(got.begin(), got.begin() + 128) - got.begin()), token);
        const uint64_t hits = model.profile().next_token_guess_hits;
        RunConfig trimmed_on = on;
        trimmed_on.trim = trimmed.trim;
        scheduler.forward(session, &token, 1, got.data(), false, NextToken::None, trimmed_on);
        QCOMPARE(model.profile().next_token_guess_hits, hits);
        reference.forward(reference_session, prompt.data(), 12, nullptr, false, off);
        reference.forward(reference_session, &token, 1, want.data(), false, trimmed);
        QVERIFY(same_bytes(want, got));
    }
    void placement_never_changes_logits() {
        const auto ids = tokens(160);
        ModelOptions all;
        const auto reference = logits_with(kTiny, all, ids);
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();

        ModelOptions one_slot;
        one_slot.store.cap_per_layer = 1;
        QVERIFY(same_bytes(reference, logits_with(kTiny, one_slot, ids)));
        ModelOptions pinned;
        pinned.store.cap_per_layer = 3;
        pinned.store.pins = {{layer, 0}, {layer, 1}, {layer, 2}, {layer + 1, 7}};
        QVERIFY(same_bytes(reference, logits_with(kTiny, pinned, ids)));
        ModelOptions four_slots;
        four_slots.store.cap_per_layer = 4;
        RunConfig prefetch_on;
        prefetch_on.prefetch = PrefetchMode::On;
        QVERIFY(same_bytes(reference, logits_with(kTiny, four_slots, ids, prefetch_on)));
        for (NextToken next : {NextToken::Greedy, NextToken::Sampled}) {
            // Token by token, as decode runs: each token also starts reads for the
            // first MoE layer guessed from its embedding, beyond the one a layer the
            // guess before each MoE attention makes, and lm_head guesses the next token.
            Model model(kTiny, four_slots);
            DecodeScheduler scheduler(model);
            const int vocab = model.config().vocab_size, tokens_run = 64;
            const int moe_layers = model.config().moe_layer_count();
            Session session(model.config());
            std::vector<float> out(size_t(tokens_run) * vocab);
            for (int t = 0; t < tokens_run; ++t)
                scheduler.forward(session, &ids[t], 1, &out[size_t(t) * vocab], true, next, prefetch_on);
            QVERIFY(std::memcmp(out.data(), reference.data(), out.size() * 4) == 0);
            QVERIFY2(model.experts().stats().prefetch_reads > uint64_t(tokens_run) * moe_layers,
                     qPrintable(QString("%1 speculative reads").arg(model.experts().stats().prefetch_reads)));
            // These tokens are not lm_head's guesses, so nearly every guess was thrown
            // away; sampled guessing then pauses, trying one token in 8.
            const ForwardProfile& p = model.profile();
            QVERIFY(p.next_token_guess_hits * 4 < p.next_token_guesses);
            if (next == NextToken::Greedy) QCOMPARE(p.next_token_guesses, uint64_t(tokens_run));
            else QVERIFY2(p.next_token_guesses <= uint64_t(tokens_run / 4), qPrintable(QString::number(p.next_token_guesses)));
        }
        ModelOptions buffered;
        buffered.store.direct_io = false;
        buffered.store.io_threads = 1;
        QVERIFY(same_bytes(reference, logits_with(kTiny, buffered, ids)));
        // Each expert read split into 4 KiB-aligned pieces over three threads.
        for (bool direct : {true, false}) {
            ModelOptions pieces;
            pieces.store.cap_per_layer = 2;
            pieces.store.io_threads = 3;
            pieces.store.read_piece_bytes = 4096;
            pieces.store.direct_io = direct;
            QVERIFY(same_bytes(reference, logits_with(kTiny, pieces, ids)));
        }

        // Budgets from the planner, smallest to all-resident.
        const ModelSizes sizes = sizes_of(ckpt);
        for (double extra_slots : {1.0, 3.0, 1000.0}) {
            PlanRequest request;
            request.context_tokens = 256;
            const Plan minimum = make_plan(ckpt.config(), sizes, PlanRequest{1ULL << 40, 0, 256, 64}, nullptr);
            request.ram_budget_bytes =
                minimum.minimum_bytes + uint64_t(extra_slots * sizes.slot_bytes * minimum.moe_layers);
            const Plan plan = make_plan(ckpt.config(), sizes, request, nullptr);
            ModelOptions budgeted;
            budgeted.store.cap_per_layer = plan.slots_per_layer;
            QVERIFY(same_bytes(reference, logits_with(kTiny, budgeted, ids)));
        }
    }
    void budget_refusal_names_the_minimum() {
        Checkpoint ckpt(kTiny);
        const ModelSizes sizes = sizes_of(ckpt);
        PlanRequest request;
        request.ram_budget_bytes = 1000;
        try {
            make_plan(ckpt.config(), sizes, request, nullptr);
            QFAIL("a 1000-byte budget was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("needs at least"), e.what());
        }
        request.ram_budget_bytes = 1ULL << 40;
        const Plan roomy = make_plan(ckpt.config(), sizes, request, nullptr);
        QVERIFY(roomy.all_resident);
        QCOMPARE(roomy.slots_per_layer, ckpt.config().n_routed_experts);
        request.ram_budget_bytes = roomy.minimum_bytes;
        const Plan tight = make_plan(ckpt.config(), sizes, request, nullptr);
        QVERIFY(!tight.all_resident);
        QCOMPARE(tight.slots_per_layer, 1);
        QVERIFY(tight.disk_bytes_per_token > 0);
    }
    void history_drives_pins() {
        Checkpoint ckpt(kTiny);
        const ModelConfig& c = ckpt.config();
        const int layer = c.first_moe_layer();
        UsageHistory history(c.num_layers, c.n_routed_experts, 7);
        history.record(layer, 9, 5000);
        history.record(layer, 4, 3000);
        history.record(layer + 1, 2, 10);
        PlanRequest request;
        const ModelSizes sizes = sizes_of(ckpt);
        request.ram_budget_bytes = make_plan(c, sizes, PlanRequest{1ULL << 40, 0, 4096, 64}, nullptr).minimum_bytes +
                                   uint64_t(4) * sizes.slot_bytes * c.moe_layer_count();
        const Plan plan = make_plan(c, sizes, request, &history);
        QVERIFY(!plan.pins.empty());
        QCOMPARE(plan.pins.front(), std::make_pair(layer, 9));
        QVERIFY(plan.expected_hit_rate > 0.5);
    }
    void history_file_round_trip_and_corruption() {
        const std::string path = (tmp_.path() + "/usage/history.bin").toStdString();
        fs::create_directories(tmp_.path().toStdString() + "/usage");  // a path given is saved, its folder not made
        UsageHistory written(4, 16, 1234);
        written.record(1, 3, 7);
        written.record(2, 15, 2);
        written.save(path);
        std::string warning;
        UsageHistory read(4, 16, 1234);
        QVERIFY(read.load(path, warning));
        QCOMPARE(read.count(1, 3), uint64_t(7));
        QCOMPARE(read.total(), uint64_t(9));

        UsageHistory foreign(4, 16, 999);
        QVERIFY(!foreign.load(path, warning));
        QVERIFY2(QString::fromStdString(warning).contains("another model"), warning.c_str());
        UsageHistory other_shape(5, 16, 1234);
        QVERIFY(!other_shape.load(path, warning));

        std::string bytes;
        {
            std::ifstream in(path, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        bytes[40] ^= 0x55;  // inside the counts
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
        UsageHistory corrupt(4, 16, 1234);
        QVERIFY(!corrupt.load(path, warning));
        QVERIFY2(QString::fromStdString(warning).contains("corrupt"), warning.c_str());
        QCOMPARE(corrupt.total(), uint64_t(0));  // nothing merged from a bad file
        std::ofstream(path, std::ios::binary | std::ios::trunc) << "garbage";
        QVERIFY(!corrupt.load(path, warning));
        QVERIFY(QString::fromStdString(warning).contains("not a Peng routing history"));
        QVERIFY(!fs::exists(path + ".tmp"));
    }
    void repin_has_hysteresis() {
        UsageHistory h(2, 8, 1);
        h.record(1, 0, 100);  // pinned, hot
        h.record(1, 1, 50);   // pinned, cooling
        h.record(1, 2, 55);   // outsider: only 10% more than expert 1, not enough
        auto pins = repin({{1, 0}, {1, 1}}, h, RepinPolicy{});
        QCOMPARE(pins, (std::vector<std::pair<int, int>>{{1, 0}, {1, 1}}));
        h.record(1, 2, 30);   // now 85 against 50: swap
        pins = repin({{1, 0}, {1, 1}}, h, RepinPolicy{});
        QCOMPARE(pins, (std::vector<std::pair<int, int>>{{1, 0}, {1, 2}}));
    }
    void injected_read_fault_fails_one_generation() {
        const std::string dir = (tmp_.path() + "/fault").toStdString();
        fs::copy(kTiny, dir, fs::copy_options::recursive);
        ModelOptions options;
        options.store.cap_per_layer = 1;
        options.store.io_threads = 2;
        options.store.read_piece_bytes = 4096;  // the failing read is one of several pieces
        Model model(dir, options);
        DecodeScheduler scheduler(model);
        const std::vector<int> prompt = tokens(24);
        GenerateOptions g;
        g.sampling.temperature = 0;

        // Truncating an expert shard while the model is open makes its experts' reads
        // fail; `break_at` is the token after which it happens (0: before the prompt).
        const std::string shard = dir + "/model_pp0_ep1_shard0.safetensors";
        const auto size = fs::file_size(shard);
        std::string saved;
        {
            std::ifstream in(shard, std::ios::binary);
            saved.assign(std::istreambuf_iterator<char>(in), {});
        }
        auto fails_then_recovers = [&](int tokens_wanted, int break_at) {
            g.max_new_tokens = tokens_wanted;
            Session clean(model.config());
            const GenerateResult expected = generate(scheduler, clean, prompt, g);
            if (break_at == 0) fs::resize_file(shard, size / 2);
            Session broken(model.config());
            int produced = 0;
            try {
                generate(scheduler, broken, prompt, g, [&](int) {
                    if (++produced == break_at) fs::resize_file(shard, size / 2);
                    return true;
                });
                QFAIL("a truncated shard went unnoticed");
            } catch (const Error& e) {
                QVERIFY2(QString(e.what()).contains("model_pp0_ep1_shard0.safetensors"), e.what());
            }
            // Restore the file: the same engine works again and gives the same answer.
            std::ofstream(shard, std::ios::binary | std::ios::trunc) << saved;
            Session again(model.config());
            QCOMPARE(generate(scheduler, again, prompt, g).tokens, expected.tokens);
        };
        fails_then_recovers(4, 0);
        // In the middle of decoding, with next-token guessing on.
        fails_then_recovers(12, 2);
    }
    void read_pieces_reassemble_the_range() {
        // A file of known bytes; ranges at unaligned offsets read whole and in pieces.
        const std::string path = (tmp_.path() + "/pieces.bin").toStdString();
        std::vector<uint8_t> content(5 * kDirectAlignment + 1234);
        for (size_t i = 0; i < content.size(); ++i) content[i] = uint8_t(i * 2654435761u >> 11);
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(content.data()), long(content.size()));
        for (bool direct : {true, false}) {
            const DirectReader reader(path, direct);
            for (const auto& [offset, bytes] : std::vector<std::pair<uint64_t, uint64_t>>{
                     {0, content.size()}, {100, 3 * kDirectAlignment}, {4095, 2}, {7000, content.size() - 7000}}) {
                const uint64_t span = DirectReader::span_bytes(offset, bytes);
                for (uint64_t step : {kDirectAlignment, 2 * kDirectAlignment, span}) {
                    AlignedBuffer buffer(span);
                    std::memset(buffer.data(), 0xEE, span);
                    // Pieces in reverse order, as threads may finish them.
                    for (uint64_t begin = (span - 1) / step * step;; begin -= step) {
                        reader.read_piece(offset, bytes, begin, std::min(span, begin + step), buffer.data());
                        if (begin == 0) break;
                    }
                    QVERIFY(std::memcmp(buffer.data() + offset % kDirectAlignment, content.data() + offset, bytes) == 0);
                }
                AlignedBuffer whole;
                QVERIFY(std::memcmp(reader.read(offset, bytes, whole), content.data() + offset, bytes) == 0);
            }
            // A piece past a truncated end names the file.
            try {
                AlignedBuffer buffer(8 * kDirectAlignment);
                reader.read_piece(0, 7 * kDirectAlignment, 4 * kDirectAlignment, 7 * kDirectAlignment, buffer.data());
                QFAIL("a read past the end went unnoticed");
            } catch (const Error& e) {
                QVERIFY2(QString(e.what()).contains("pieces.bin"), e.what());
            }
        }
    }
    void io_pool_busy_time_counts_overlap_once() {
        // Two reads running together are one stretch of disk time, and idle time
        // between reads is not counted.
        IoPool pool(2);
        std::atomic<int> started{0};
        auto read = [&] {
            ++started;
            while (started.load() < 2) std::this_thread::yield();
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        };
        auto a = pool.submit(read), b = pool.submit(read);
        a.get();
        b.get();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the workers close their stretch after the futures
        const double busy = pool.busy_seconds();
        QVERIFY2(busy >= 0.1 && busy < 0.19, qPrintable(QString("busy %1 s").arg(busy)));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(pool.busy_seconds(), busy);
        pool.submit([] { std::this_thread::sleep_for(std::chrono::milliseconds(30)); }).get();
        QVERIFY(pool.busy_seconds() >= busy + 0.03);
    }

    void belady_bounds_lru() {
        // Two slots, one expert a step, cycling a b c: LRU always misses; the optimum
        // keeps one of the cycle and hits about every other step after warm-up.
        std::vector<std::vector<RoutingStep>> trace(2);
        for (int i = 0; i < 30; ++i) trace[1].push_back({i % 3});
        const CacheReplay r = replay_trace(trace, 2, {});
        QCOMPARE(r.requests, uint64_t(30));
        QCOMPARE(r.lru_hit_rate, 0.0);
        QVERIFY(r.belady_hit_rate >= 0.45);
        QCOMPARE(replay_trace(trace, 2, {{1, 0}, {1, 1}, {1, 2}}).lru_hit_rate, 1.0);  // pins always hit
        // On a real decode the replayed LRU matches the store's own hit count, and the
        // optimum is never below it.
        ModelOptions options;
        options.store.cap_per_layer = 12;
        options.store.policy = CachePolicy::Lru;  // no scheduler: no speculative reads, which are not LRU's
        Model model(kTiny, options);
        RoutingTraceRecorder recorder(model.config().num_layers);
        model.set_observer(&recorder);
        Session session(model.config());
        for (int id : tokens(40)) model.forward(session, &id, 1, nullptr, false, RunConfig{});
        const CacheReplay replay = replay_trace(recorder.trace(), 12, {});
        QCOMPARE(replay.requests, model.experts().stats().hits() + model.experts().stats().misses);
        QCOMPARE(replay.lru_hit_rate, model.experts().stats().hit_rate());
        QVERIFY(replay.belady_hit_rate >= replay.lru_hit_rate);
    }
    void rss_guard_trims_slots() {
        Checkpoint ckpt(kTiny);
        ExpertStoreOptions o;
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        const int layer = ckpt.config().first_moe_layer();
        std::vector<int> all(ckpt.config().n_routed_experts);
        for (int e = 0; e < int(all.size()); ++e) all[e] = e;
        store.request(layer, all);
        for (int e : all) store.wait(layer, e);
        store.release(layer);
        const int before = store.resident_slots();
        QVERIFY(store.trim_slots(3 * store.slot_bytes()) >= 3 * store.expert_bytes());
        QVERIFY(store.resident_slots() <= before - 3);
        QVERIFY(store.cap(layer) < ckpt.config().n_routed_experts);
    }
};

QTEST_APPLESS_MAIN(TestMemoryHierarchy)
#include "test_memory_hierarchy.moc"
