// Sampling: greedy, temperature, top-k, top-p, seeds, and the vocabulary tail.
#include <QtTest>

#include <map>

#include "checkpoint/config.h"
#include "text/sampler.h"
#include "text/stop_tokens.h"
#include "text/tokenizer.h"

using namespace peng;

class TestSampler : public QObject {
    Q_OBJECT
private slots:
    void greedy_picks_the_largest_allowed() {
        std::vector<float> logits = {0.1f, 2.0f, 0.5f, 9.0f};
        SamplingOptions greedy;
        greedy.temperature = 0;
        QCOMPARE(Sampler(greedy, 4).sample(logits.data(), 4), 3);
        // Id 3 lies beyond the tokenizer's 3 ids: it must never be chosen.
        QCOMPARE(Sampler(greedy, 3).sample(logits.data(), 4), 1);
    }
    void tail_is_never_sampled() {
        std::vector<float> logits(10, 0.0f);
        logits[9] = 50.0f;
        SamplingOptions warm;
        warm.temperature = 1.0;
        Sampler sampler(warm, 9);
        for (int i = 0; i < 2000; ++i) QVERIFY(sampler.sample(logits.data(), 10) < 9);
    }
    void seed_reproduces_a_run() {
        std::vector<float> logits = {1.0f, 1.1f, 0.9f, 1.2f, 0.8f};
        SamplingOptions o;
        o.temperature = 1.0;
        o.seed = 42;
        Sampler a(o, 5), b(o, 5);
        std::vector<int> ra, rb;
        for (int i = 0; i < 100; ++i) {
            ra.push_back(a.sample(logits.data(), 5));
            rb.push_back(b.sample(logits.data(), 5));
        }
        QCOMPARE(ra, rb);
        o.seed = 43;
        Sampler c(o, 5);
        std::vector<int> rc;
        for (int i = 0; i < 100; ++i) rc.push_back(c.sample(logits.data(), 5));
        QVERIFY(ra != rc);
    }
    void top_k_limits_the_choice() {
        std::vector<float> logits = {3.0f, 2.9f, 2.8f, 0.0f, 0.0f};
        SamplingOptions o;
        o.top_k = 2;
        Sampler s(o, 5);
        for (int i = 0; i < 500; ++i) QVERIFY(s.sample(logits.data(), 5) <= 1);
    }
    void top_p_keeps_the_smallest_prefix() {
        // Probabilities about 0.665, 0.245, 0.09: top_p 0.8 keeps the first two.
        std::vector<float> logits = {2.0f, 1.0f, 0.0f};
        SamplingOptions o;
        o.top_p = 0.8;
        Sampler s(o, 3);
        std::map<int, int> counts;
        for (int i = 0; i < 3000; ++i) counts[s.sample(logits.data(), 3)]++;
        QCOMPARE(counts[2], 0);
        QVERIFY(counts[0] > counts[1] && counts[1] > 500);
    }
    void temperature_sharpens() {
        std::vector<float> logits = {1.0f, 0.0f};
        SamplingOptions cold, hot;
        cold.temperature = 0.1;
        hot.temperature = 10.0;
        Sampler c(cold, 2), h(hot, 2);
        int cold_first = 0, hot_first = 0;
        for (int i = 0; i < 2000; ++i) {
            cold_first += c.sample(logits.data(), 2) == 0;
            hot_first += h.sample(logits.data(), 2) == 0;
        }
        QVERIFY(cold_first > 1980);
        QVERIFY(hot_first < 1200);
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
    void bad_options_are_refused() {
        SamplingOptions o;
        o.top_p = 0;
        QVERIFY_THROWS_EXCEPTION(std::exception, Sampler(o, 3));
    }
};

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
