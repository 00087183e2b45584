// Sampling: the chain (greedy, temperature, top-k, top-p, the vocabulary tail), its
// random stream, the draws recorded from the sampler it replaced, and stop ids.
#include <QtTest>

#include <cmath>
#include <map>

#include "checkpoint/config.h"
#include "sampling/logprobs.h"
#include "sampling/sampling_chain.h"
#include "text/stop_tokens.h"
#include "text/tokenizer.h"

using namespace peng;

namespace {

// One token from a fresh chain and stream: enough for the tests that draw once.
int sample_once(const SamplingOptions& options, int defined_ids, const std::vector<float>& logits) {
    RandomStream random(options.seed);
    return SamplingChain(options, defined_ids).sample(logits.data(), int(logits.size()), random);
}

// Draws `count` tokens with one chain and one stream, as a decode does.
struct Draws {
    Draws(const SamplingOptions& options, int defined_ids) : chain(options, defined_ids), random(options.seed) {}
    int next(const std::vector<float>& logits) { return chain.sample(logits.data(), int(logits.size()), random); }
    SamplingChain chain;
    RandomStream random;
};

// Twelve logits with a tie (ids 2 and 4); step s sees them rotated by 5 s, and ids 10
// and 11 lie past the tokenizer's 10, so the best logit (3.0) is sometimes undefined.
std::vector<float> rotated_row(int step) {
    static const float kTable[12] = {1.5f, -0.25f, 2.75f, 0.5f, 2.75f, -1.0f, 1.25f, 0.0f, 2.0f, -2.5f, 3.0f, 0.75f};
    std::vector<float> row(12);
    for (int i = 0; i < 12; ++i) row[i] = kTable[(i + 5 * step) % 12];
    return row;
}

SamplingOptions settings(double temperature, double top_p, int top_k, uint64_t seed) {
    SamplingOptions o;
    o.temperature = temperature;
    o.top_p = top_p;
    o.top_k = top_k;
    o.seed = seed;
    return o;
}

}  // namespace

class TestSampling : public QObject {
    Q_OBJECT
private slots:
    void greedy_picks_the_largest_allowed() {
        std::vector<float> logits = {0.1f, 2.0f, 0.5f, 9.0f};
        SamplingOptions greedy;
        greedy.temperature = 0;
        QCOMPARE(sample_once(greedy, 4, logits), 3);
        // Id 3 lies beyond the tokenizer's 3 ids: it must never be chosen.
        QCOMPARE(sample_once(greedy, 3, logits), 1);
    }
    void tail_is_never_sampled() {
        std::vector<float> logits(10, 0.0f);
        logits[9] = 50.0f;
        SamplingOptions warm;
        warm.temperature = 1.0;
        Draws draws(warm, 9);
        for (int i = 0; i < 2000; ++i) QVERIFY(draws.next(logits) < 9);
    }
    void seed_reproduces_a_run() {
        std::vector<float> logits = {1.0f, 1.1f, 0.9f, 1.2f, 0.8f};
        SamplingOptions o;
        o.temperature = 1.0;
        o.seed = 42;
        Draws a(o, 5), b(o, 5);
        std::vector<int> ra, rb;
        for (int i = 0; i < 100; ++i) {
            ra.push_back(a.next(logits));
            rb.push_back(b.next(logits));
        }
        QCOMPARE(ra, rb);
        o.seed = 43;
        Draws c(o, 5);
        std::vector<int> rc;
        for (int i = 0; i < 100; ++i) rc.push_back(c.next(logits));
        QVERIFY(ra != rc);
    }
    void top_k_limits_the_choice() {
        std::vector<float> logits = {3.0f, 2.9f, 2.8f, 0.0f, 0.0f};
        SamplingOptions o;
        o.top_k = 2;
        Draws s(o, 5);
        for (int i = 0; i < 500; ++i) QVERIFY(s.next(logits) <= 1);
    }
    void top_p_keeps_the_smallest_prefix() {
        // Probabilities about 0.665, 0.245, 0.09: top_p 0.8 keeps the first two.
        std::vector<float> logits = {2.0f, 1.0f, 0.0f};
        SamplingOptions o;
        o.top_p = 0.8;
        Draws s(o, 3);
        std::map<int, int> counts;
        for (int i = 0; i < 3000; ++i) counts[s.next(logits)]++;
        QCOMPARE(counts[2], 0);
        QVERIFY(counts[0] > counts[1] && counts[1] > 500);
    }
    void temperature_sharpens() {
        std::vector<float> logits = {1.0f, 0.0f};
        SamplingOptions cold, hot;
        cold.temperature = 0.1;
        hot.temperature = 10.0;
        Draws c(cold, 2), h(hot, 2);
        int cold_first = 0, hot_first = 0;
        for (int i = 0; i < 2000; ++i) {
            cold_first += c.next(logits) == 0;
            hot_first += h.next(logits) == 0;
        }
        QVERIFY(cold_first > 1980);
        QVERIFY(hot_first < 1200);
    }
    void draws_match_the_recorded_sampler() {
        // Recorded from the old engine/text/sampler at commit 76e2fc6 (its Sampler, the
        // same settings, seeds and rows, built with the engine's flags): the chain must
        // give these tokens, byte for byte.
        struct Case {
            SamplingOptions options;
            std::vector<int> tokens;
        };
        const Case cases[] = {
            {settings(0.0, 1.0, 0, 5), {2, 5, 0, 7, 2, 9, 4, 3, 6, 1, 8, 3, 2, 5, 0, 7, 2, 9, 4, 3, 6, 1, 8, 3}},
            {settings(1.0, 1.0, 0, 42), {8, 9, 6, 7, 4, 9, 8, 5, 6, 5, 8, 9, 8, 9, 2, 0, 0, 1, 4, 3, 4, 1, 0, 3}},
            {settings(0.7, 1.0, 4, 7), {4, 7, 0, 5, 2, 9, 2, 9, 6, 7, 2, 7, 2, 5, 6, 7, 0, 7, 2, 3, 0, 1, 8, 3}},
            {settings(1.3, 0.9, 0, 123), {4, 9, 8, 5, 2, 9, 5, 5, 8, 5, 8, 9, 2, 9, 6, 8, 0, 3, 8, 7, 6, 3, 8, 3}},
            {settings(0.8, 0.75, 6, 2024), {4, 9, 0, 7, 2, 9, 2, 5, 6, 5, 0, 7, 8, 9, 0, 7, 2, 3, 8, 5, 4, 5, 8, 9}},
            {settings(1.0, 1.0, 0, 0), {2, 0, 0, 1, 8, 9, 2, 5, 8, 9, 0, 9, 3, 5, 0, 1, 0, 3, 8, 3, 6, 7, 2, 3}},
        };
        for (const Case& c : cases) {
            Draws draws(c.options, 10);
            std::vector<int> tokens;
            for (int step = 0; step < int(c.tokens.size()); ++step) tokens.push_back(draws.next(rotated_row(step)));
            QCOMPARE(tokens, c.tokens);
        }
    }
    void a_stream_advanced_p_draws_gives_the_pth_token() {
        // What a speculative verifier relies on: at position p, a fresh stream moved past
        // p draws chooses what a plain decode chose there.
        const SamplingOptions o = settings(0.9, 0.95, 8, 77);
        Draws plain(o, 10);
        std::vector<int> tokens;
        for (int step = 0; step < 16; ++step) tokens.push_back(plain.next(rotated_row(step)));
        QCOMPARE(plain.random.draws_taken(), uint64_t(16));
        SamplingChain chain(o, 10);
        for (int p = 0; p < 16; ++p) {
            RandomStream random(o.seed);
            random.skip(uint64_t(p));
            const std::vector<float> row = rotated_row(p);
            QCOMPARE(chain.sample(row.data(), int(row.size()), random), tokens[size_t(p)]);
            QCOMPARE(random.draws_taken(), uint64_t(p + 1));
        }
    }
    void greedy_takes_no_draw() {
        Draws draws(settings(0.0, 1.0, 0, 3), 10);
        for (int step = 0; step < 5; ++step) draws.next(rotated_row(step));
        QCOMPARE(draws.random.draws_taken(), uint64_t(0));
        QVERIFY(draws.chain.greedy());
    }
    void stop_ids_come_from_names_and_config() {
        const Tokenizer tokenizer = Tokenizer::from_file(std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4/tokenizer.json");
        GenerationConfig generation;
        generation.eos_token_ids = {7};
        const std::set<int> ids = stop_token_ids(&tokenizer, generation);
        QVERIFY(ids.count(7));
        QVERIFY(ids.count(*tokenizer.token_id("<|im_end|>")));
        QVERIFY(ids.count(*tokenizer.token_id("<|endoftext|>")));
        QCOMPARE(stop_token_ids(nullptr, generation), std::set<int>{7});
    }
    // Log-softmax over the defined ids: probabilities that sum to 1, undefined ids
    // impossible, the top list the N largest in order with ties to the lower id.
    void logprobs_are_the_defined_ids_log_softmax() {
        const std::vector<float> row = {1.5f, -2.0f, 3.0f, 3.0f, 0.25f, 1e4f};   // id 5 is past the tokenizer
        const LogSoftmax log_softmax(row.data(), 5);
        double total = 0;
        for (int id = 0; id < 5; ++id) total += std::exp(log_softmax(id));
        QVERIFY(std::fabs(total - 1.0) < 1e-12);
        QVERIFY(std::isinf(log_softmax(5)) && log_softmax(5) < 0);
        QVERIFY(std::fabs(log_softmax(2) - log_softmax(0) - 1.5) < 1e-12);
        const std::vector<TokenLogprob> top = log_softmax.top(3);
        QCOMPARE(top.size(), size_t(3));
        QCOMPARE(top[0].id, 2);
        QCOMPARE(top[1].id, 3);
        QCOMPARE(top[2].id, 0);
        QCOMPARE(top[0].logprob, log_softmax(2));
        QCOMPARE(log_softmax.top(9).size(), size_t(5));
        QVERIFY(log_softmax.top(0).empty());
        const TokenLogprobs chosen = token_logprobs(row.data(), 5, 4, 2);
        QCOMPARE(chosen.chosen.id, 4);
        QCOMPARE(chosen.chosen.logprob, log_softmax(4));
        QCOMPARE(chosen.top.size(), size_t(2));
        // Large logits stay finite: the maximum is taken out before exp.
        const std::vector<float> large = {9e37f, 8.9e37f};
        QVERIFY(std::isfinite(LogSoftmax(large.data(), 2)(1)));
    }
    void bad_options_are_refused() {
        SamplingOptions o;
        o.top_p = 0;
        QVERIFY_THROWS_EXCEPTION(std::exception, SamplingChain(o, 3));
    }
};

QTEST_APPLESS_MAIN(TestSampling)
#include "test_sampling.moc"
