// The engine API, the one way front ends reach the engine: a conversation keeps its
// KV cache (live, in RAM, on disk), and whatever the prefix came from, the answer is
// the one a full recompute gives (sampled tokens are as sensitive to the logits' bytes
// as anything a test can observe through the API). Bad KV files are ignored with a
// note, a failed save loses nothing, per-call settings need no reload, the profile is
// one per decoded token, and the pinned experts load in batches with progress.
#include <QtTest>

#include <omp.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "api/engine.h"
#include "experts/usage_history.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = PENG_FIXTURE_DIR;

// A user message long enough that a few turns cross the 128-position window.
std::string long_message(int words, int seed) {
    static const char* kWords[] = {"river", "stone", "light", "model", "expert", "cache", "token", "layer", "north", "green"};
    std::string text;
    uint32_t state = uint32_t(seed) * 2654435761u + 1;
    for (int i = 0; i < words; ++i) {
        state = state * 1664525u + 1013904223u;
        text += (i ? " " : "") + std::string(kWords[(state >> 8) % 10]);
    }
    return text;
}

struct Recorder : EngineObserver {
    std::vector<std::string> notes;
    std::vector<LoadProgressInfo> progress;
    int profiles = 0;
    double profiled_wall = 0;
    bool profile_sums_ok = true;
    void on_note(const std::string& text) override { notes.push_back(text); }
    void on_load_progress(const LoadProgressInfo& p) override { progress.push_back(p); }
    void on_token_profile(const TokenProfile& p) override {
        ++profiles;
        const PhaseTimes& t = p.phases;
        profiled_wall += t.wall_s;
        const double parts = t.disk_wait_s + t.expert_matmul_s + t.attention_s + t.dense_s + t.other_s;
        profile_sums_ok = profile_sums_ok && t.other_s >= 0 && parts >= t.wall_s - 1e-9;
    }
    bool noted(const std::string& what) const {
        for (const auto& n : notes)
            if (n.find(what) != std::string::npos) return true;
        return false;
    }
};

// A conversation of one user message.
ChatRequest one_message(const std::string& conversation, int words, int seed) {
    ChatRequest r;
    r.conversation = conversation;
    r.messages.push_back({{"role", "user"}, {"content", long_message(words, seed)}});
    return r;
}

RunSettings sampled(int tokens) {
    RunSettings s;
    s.sampling.temperature = 0.9;
    s.sampling.top_p = 0.95;
    s.sampling.seed = 7;
    s.max_new_tokens = tokens;
    return s;
}

}  // namespace

class TestEngineApi : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    LoadOptions options(const std::string& fixture, const std::string& store) {
        LoadOptions o;
        o.model_dir = kFixtures + "/" + fixture;
        o.history = "none";
        o.kv_store = store;
        o.ram_budget_bytes = 4ULL << 30;
        return o;
    }
    // The answer computed from nothing: a fresh engine without any store.
    std::vector<int> cold(const std::string& fixture, const ChatRequest& request, const RunSettings& settings) {
        auto engine = Engine::open(options(fixture, "none"));
        const Reply r = engine->chat(request, settings);
        if (r.prefix_reused_tokens != 0) qWarning("a cold engine reused %d tokens", r.prefix_reused_tokens);
        return r.tokens;
    }
    std::string store_dir(const char* name) { return (tmp_.path() + "/" + name).toStdString(); }

private slots:
    void prefixes_restore_to_the_same_answer_data() {
        QTest::addColumn<QString>("fixture");
        for (const char* f : {"tiny-mxfp4", "tiny-fp8", "pro-tiny"}) QTest::newRow(f) << QString(f);
    }
    // Turn 1, turn 2 on the live session, a switch to another conversation and back
    // (RAM), a fresh engine (disk), regenerate, and an edit of the first message.
    void prefixes_restore_to_the_same_answer() {
        QFETCH(QString, fixture);
        const std::string f = fixture.toStdString();
        const std::string store = store_dir(("same-" + f).c_str());
        const RunSettings settings = sampled(12);
        ChatRequest a = one_message("a", 90, 1);
        const ChatRequest b = one_message("b", 40, 2);

        auto engine = Engine::open(options(f, store));
        const Reply first = engine->chat(a, settings);
        QCOMPARE(first.prefix_reused_tokens, 0);
        QVERIFY(first.tokens == cold(f, a, settings));
        QVERIFY(first.prompt_tokens > 128);

        // The answer re-rendered need not tokenize as it was generated (random weights
        // write odd token sequences), so the prefix comes from the live session when
        // it does and from the turn's restore points in RAM when it does not.
        a.messages.push_back({{"role", "assistant"}, {"content", first.text}});
        a.messages.push_back({{"role", "user"}, {"content", long_message(60, 3)}});
        const Reply second = engine->chat(a, settings);
        QVERIFY(second.reuse_source == ReuseSource::Live || second.reuse_source == ReuseSource::Memory);
        QVERIFY(second.prefix_reused_tokens >= first.prompt_tokens - 1);
        QVERIFY(second.tokens == cold(f, a, settings));

        engine->chat(b, settings);  // the live session moves to b; a goes to RAM
        a.messages.push_back({{"role", "assistant"}, {"content", second.text}});
        a.messages.push_back({{"role", "user"}, {"content", "and then?"}});
        const Reply third = engine->chat(a, settings);
        QCOMPARE(third.reuse_source, ReuseSource::Memory);
        QVERIFY(third.prefix_reused_tokens > second.prompt_tokens / 2);
        const std::vector<int> third_cold = cold(f, a, settings);
        QVERIFY(third.tokens == third_cold);

        // A restart: the KV file brings the conversation back, and regenerate reuses
        // all of the prompt but its last token.
        engine.reset();
        engine = Engine::open(options(f, store));
        const Reply restored = engine->chat(a, settings);
        QCOMPARE(restored.reuse_source, ReuseSource::Disk);
        QCOMPARE(restored.prefix_reused_tokens, restored.prompt_tokens - 1);
        QVERIFY(restored.tokens == third_cold);
        const Reply again = engine->chat(a, settings);
        QCOMPARE(again.prefix_reused_tokens, again.prompt_tokens - 1);
        QVERIFY(again.tokens == third_cold);

        // Editing the second user message: reuse up to a restore point before the edit.
        ChatRequest edited = a;
        edited.messages = nlohmann::ordered_json::array();
        for (size_t i = 0; i < 3; ++i) edited.messages.push_back(a.messages[i]);
        edited.messages[2]["content"] = long_message(60, 4);
        const Reply after_edit = engine->chat(edited, settings);
        QVERIFY(after_edit.prefix_reused_tokens > 0);
        QVERIFY(after_edit.prefix_reused_tokens < after_edit.prompt_tokens - 1);
        QVERIFY(after_edit.tokens == cold(f, edited, settings));
    }

    // Token prompts (peng-cli run --tokens, the server's completions): a prompt that
    // extends what the live session holds reuses all of it.
    void the_live_session_continues_exactly() {
        std::vector<int> prompt;
        for (int i = 0; i < 150; ++i) prompt.push_back((i * 37 + 11) % 300);
        const RunSettings settings = sampled(9);
        auto engine = Engine::open(options("pro-tiny", "none"));
        const Reply first = engine->complete(prompt, "", settings);
        QVERIFY(!first.tokens.empty());
        std::vector<int> next = prompt;
        next.insert(next.end(), first.tokens.begin(), first.tokens.end());
        for (int i = 0; i < 40; ++i) next.push_back((i * 53 + 7) % 300);
        const Reply second = engine->complete(next, "", settings);
        QCOMPARE(second.reuse_source, ReuseSource::Live);
        QCOMPARE(second.prefix_reused_tokens, int(prompt.size() + first.tokens.size()) - 1);
        auto fresh = Engine::open(options("pro-tiny", "none"));
        QVERIFY(fresh->complete(next, "", settings).tokens == second.tokens);
    }

    void bad_kv_files_are_ignored_with_a_note() {
        const std::string store = store_dir("bad");
        const ChatRequest a = one_message("only", 80, 5);
        const RunSettings settings = sampled(6);
        {
            auto engine = Engine::open(options("tiny-mxfp4", store));
            engine->chat(a, settings);
            QVERIFY(!engine->kv_store_dir().empty());
        }
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(store))
            if (e.is_regular_file()) files.push_back(e.path());
        QCOMPARE(files.size(), size_t(1));
        // Flip a byte in the middle of the payload.
        {
            std::fstream io(files[0], std::ios::in | std::ios::out | std::ios::binary);
            const auto size = fs::file_size(files[0]);
            io.seekg(std::streamoff(size / 2));
            char c = 0;
            io.read(&c, 1);
            c = char(c ^ 0x5a);
            io.seekp(std::streamoff(size / 2));
            io.write(&c, 1);
        }
        Recorder notes;
        auto engine = Engine::open(options("tiny-mxfp4", store));
        const Reply r = engine->chat(a, settings, &notes);
        QCOMPARE(r.prefix_reused_tokens, 0);
        QVERIFY2(notes.noted("KV file ignored"), notes.notes.empty() ? "no note" : notes.notes.front().c_str());
        QVERIFY(r.tokens == cold("tiny-mxfp4", a, settings));
    }

    void a_failed_save_still_answers() {
        const std::string store = store_dir("unwritable");
        ChatRequest a = one_message("ro", 30, 6);
        const RunSettings settings = sampled(5);
        auto engine = Engine::open(options("tiny-mxfp4", store));
        engine->chat(a, settings);
        const std::string folder = engine->kv_store_dir();
        // Replace the store's folder with a file: every save now fails.
        fs::remove_all(folder);
        { std::ofstream blocker(folder); }
        Recorder notes;
        a.messages.push_back({{"role", "assistant"}, {"content", "ok"}});
        a.messages.push_back({{"role", "user"}, {"content", "more"}});
        const Reply r = engine->chat(a, settings, &notes);
        QVERIFY(notes.noted("KV cache not saved"));
        QVERIFY(r.tokens == cold("tiny-mxfp4", a, settings));
        fs::remove(folder);
    }

    void settings_apply_per_call_without_a_reload() {
        auto engine = Engine::open(options("tiny-mxfp4", "none"));
        const ChatRequest a = one_message("", 20, 8);
        RunSettings exact = sampled(8);
        RunSettings trimmed = exact;
        trimmed.trim.top_k = 1;
        RunSettings no_prefetch = exact;
        no_prefetch.prefetch = PrefetchMode::Off;
        const Reply r1 = engine->chat(a, exact);
        QVERIFY(r1.exact);
        const Reply r2 = engine->chat(a, trimmed);
        QVERIFY(!r2.exact);
        const Reply r3 = engine->chat(a, no_prefetch);
        QVERIFY(r3.exact);
        QVERIFY(r3.tokens == r1.tokens);  // prefetch never changes the output
        RunSettings bad = exact;
        bad.trim.top_k = 99;
        QVERIFY_EXCEPTION_THROWN(engine->chat(a, bad), Error);
        QVERIFY(engine->chat(a, exact).tokens == r1.tokens);  // a refused call changed nothing
    }

    // Issue 44: a call's thread count held for every later call on the thread, so going
    // back to 0 ("one per core") changed nothing until a restart.
    void thread_count_applies_per_call_and_does_not_leak() {
        struct ThreadsSeen : EngineObserver {
            std::set<int> counts;  // the kernels' thread count at each token
            void on_token(int, const std::string&) override { counts.insert(omp_get_max_threads()); }
        };
        auto engine = Engine::open(options("tiny-mxfp4", "none"));
        const ChatRequest a = one_message("", 10, 9);
        omp_set_num_threads(3);  // this thread's default, whatever the machine's core count
        auto threads_during = [&](int threads) {
            RunSettings s = sampled(3);
            s.threads = threads;
            ThreadsSeen seen;
            engine->chat(a, s, &seen);
            return seen.counts;
        };
        QCOMPARE(threads_during(1), std::set<int>{1});
        QCOMPARE(omp_get_max_threads(), 3);
        QCOMPARE(threads_during(0), std::set<int>{3});
        QCOMPARE(threads_during(2), std::set<int>{2});
        QCOMPARE(threads_during(0), std::set<int>{3});
        // A call refused after its count was set puts the count back as well.
        RunSettings bad = sampled(3);
        bad.threads = 1;
        bad.trim.top_k = 99;
        QVERIFY_EXCEPTION_THROWN(engine->chat(a, bad), Error);
        QCOMPARE(omp_get_max_threads(), 3);
        bad = sampled(3);
        bad.threads = -1;
        QVERIFY_EXCEPTION_THROWN(engine->chat(a, bad), Error);
        QCOMPARE(omp_get_max_threads(), 3);
    }

    // Issue 48: reading each token's log-probabilities changes no sampled token, comes
    // once per token but a stop token, and agrees with teacher forcing to the bit.
    void logprobs_change_no_token_and_match_teacher_forcing() {
        struct Logprobs : EngineObserver {
            std::vector<TokenLogprobs> seen;
            void on_logprobs(const TokenLogprobs& l) override { seen.push_back(l); }
        };
        auto engine = Engine::open(options("tiny-mxfp4", "none"));
        const ChatRequest a = one_message("", 12, 4);
        RunSettings s = sampled(12);
        s.sampling.temperature = 1.0;
        s.sampling.top_p = 1.0;
        const Reply plain = engine->chat(a, s);
        s.top_logprobs = 4;
        Logprobs rec;
        const Reply with = engine->chat(a, s, &rec);
        QCOMPARE(with.tokens, plain.tokens);
        const bool stopped = with.stop_reason == "stop_token";
        QCOMPARE(rec.seen.size(), with.tokens.size() - (stopped ? 1 : 0));
        std::vector<int> all = engine->prompt(a).tokens;
        const size_t prompt = all.size();
        all.insert(all.end(), with.tokens.begin(), with.tokens.end());
        const std::vector<double> forced = engine->token_log_probs(all);
        for (size_t i = 0; i < rec.seen.size(); ++i) {
            QCOMPARE(rec.seen[i].chosen.id, with.tokens[i]);
            QCOMPARE(rec.seen[i].chosen.logprob, forced[prompt + i]);
            QCOMPARE(rec.seen[i].top.size(), size_t(4));
        }
        // Closed-set scoring from the prompt's KV gives the values of scoring each whole.
        const std::vector<int> head(all.begin(), all.begin() + long(prompt));
        const std::vector<std::vector<int>> endings = {{with.tokens[0]}, with.tokens, {3, 1, 4, 1, 5}};
        const auto scored = engine->continuation_log_probs(head, endings);
        QCOMPARE(scored.size(), endings.size());
        for (size_t k = 0; k < endings.size(); ++k) {
            std::vector<int> whole = head;
            whole.insert(whole.end(), endings[k].begin(), endings[k].end());
            const std::vector<double> expected = engine->token_log_probs(whole);
            QCOMPARE(scored[k], std::vector<double>(expected.begin() + long(prompt), expected.end()));
        }
        QVERIFY_EXCEPTION_THROWN(engine->continuation_log_probs(head, {{}}), Error);
    }

    void one_profile_per_decoded_token() {
        auto engine = Engine::open(options("tiny-mxfp4", "none"));
        ChatRequest a;
        a.messages.push_back({{"role", "user"}, {"content", "hello"}});
        RunSettings s = sampled(10);
        Recorder rec;
        const Reply r = engine->chat(a, s, &rec);
        QCOMPARE(rec.profiles, int(r.tokens.size()) - 1);
        QVERIFY(rec.profile_sums_ok);
        QVERIFY(rec.profiled_wall <= r.decode_s + 1e-3);
        QVERIFY(r.phases.wall_s >= r.ttft_s);
    }

    void pins_load_in_batches_with_progress() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        const std::string history_path = store_dir("history.bin");
        {
            auto probe = Engine::open(options("tiny-mxfp4", "none"));
            const ModelConfig& c = probe->info().config;
            UsageHistory history(c.num_layers, c.n_routed_experts, model_fingerprint(dir));
            for (int l = 0; l < c.num_layers; ++l)
                if (c.is_moe(l))
                    for (int e = 0; e < c.n_routed_experts; ++e) history.record(l, e, 100 + e);
            history.save(history_path);
        }
        LoadOptions o = options("tiny-mxfp4", "none");
        o.history = history_path;
        auto probe = Engine::open(o);
        // A budget with room for most of the experts: the history earns pins.
        o.ram_budget_bytes = probe->info().plan.minimum_bytes +
                             probe->info().sizes.slot_bytes * uint64_t(probe->info().plan.moe_layers) * 12;
        probe.reset();
        Recorder rec;
        auto engine = Engine::open(o, &rec);
        const auto& pins = engine->info().plan.pins;
        QVERIFY(pins.size() > 20);
        QCOMPARE(engine->info().pinned, int(pins.size()));
        int pin_steps = 0;
        double last = -1;
        for (const auto& p : rec.progress) {
            QVERIFY(p.fraction >= last);
            last = p.fraction;
            pin_steps += p.step == LoadStep::PinnedExperts;
        }
        QVERIFY(pin_steps >= 10);
        QCOMPARE(last, 1.0);
        for (const auto& [l, e] : pins) QCOMPARE(engine->tier_of(l, e), ExpertTier::Pinned);
    }
};

QTEST_MAIN(TestEngineApi)
#include "test_engine_api.moc"
