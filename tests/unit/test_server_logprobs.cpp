// Log-probabilities through the server, on loopback (a free port) with a generated
// model: every value is the log-softmax, over the ids the tokenizer defines, of the
// logits `peng-cli logits` writes for the same tokens; top lists are sorted and as long
// as asked; streams carry the same values as whole answers; asking for them never
// changes a sampled token; completions' echo with max_tokens 0 scores the prompt.
#include <QtTest>

#include <cmath>

#include "api/engine.h"
#include "cli_logits.h"
#include "loopback_client.h"

using namespace peng;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";
constexpr int kContext = 512;
constexpr double kTolerance = 1e-6;

std::vector<int> ids_of(const Json& list) { return list.get<std::vector<int>>(); }

// The chat `logprobs.content` of every chunk of a stream, in order, and the token ids.
Json streamed_content(const std::vector<std::string>& events) {
    Json content = Json::array();
    for (const std::string& event : events) {
        if (event == "[DONE]") continue;
        const Json chunk = Json::parse(event);
        if (chunk["choices"].empty()) continue;
        const Json& logprobs = chunk["choices"][0]["logprobs"];
        if (logprobs.is_null()) continue;
        for (const Json& entry : logprobs["content"]) content.push_back(entry);
    }
    return content;
}

}  // namespace

class ServerLogprobsTest : public QObject {
    Q_OBJECT

    std::unique_ptr<Engine> engine_;
    LoopbackServer served_;   // destroyed before the engine
    int port_ = 0;
    int rows_ = 0, defined_ids_ = 0;

    Json chat(int max_tokens, Json extra) const {
        Json body = {{"model", "tiny-mxfp4"},
                     {"messages", Json::array({{{"role", "user"}, {"content", "Name a colour and a stone."}}})},
                     {"max_tokens", max_tokens},
                     {"return_token_ids", true}};
        body.update(extra);
        return body;
    }

    // Checks one chat logprobs entry against the CLI's row: value, bytes, top list.
    void check_entry(const Json& entry, int id, const std::vector<double>& row, size_t top_n) const {
        QVERIFY2(std::fabs(entry["logprob"].get<double>() - row[size_t(id)]) < kTolerance, entry.dump().c_str());
        const std::string bytes = engine_->token_bytes(id);
        QCOMPARE(entry["bytes"].size(), bytes.size());
        for (size_t i = 0; i < bytes.size(); ++i) QCOMPARE(entry["bytes"][i].get<int>(), int(uint8_t(bytes[i])));
        const Json& top = entry["top_logprobs"];
        QCOMPARE(top.size(), top_n);
        for (size_t i = 0; i < top.size(); ++i) {
            QVERIFY(i == 0 || top[i]["logprob"].get<double>() <= top[i - 1]["logprob"].get<double>());
            QVERIFY(top[i].contains("token") && top[i].contains("bytes"));
        }
        if (top_n == 0) return;
        // The top list holds the N largest values of the row, and the chosen token when it is among them.
        std::vector<double> sorted = row;
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        for (size_t i = 0; i < top_n; ++i)
            QVERIFY2(std::fabs(top[i]["logprob"].get<double>() - sorted[i]) < kTolerance, top.dump().c_str());
        if (row[size_t(id)] > sorted[top_n - 1]) {
            bool listed = false;
            for (const Json& alternative : top) listed |= alternative["bytes"] == entry["bytes"];
            QVERIFY2(listed, entry.dump().c_str());
        }
    }

private slots:
    void initTestCase() {
        engine_ = Engine::open({.model_dir = kModel, .context_tokens = kContext, .history = "none", .kv_store = "none"});
        rows_ = engine_->info().config.vocab_size;
        defined_ids_ = std::min(engine_->info().vocab_size, rows_);
        served_ = serve_on_loopback(*engine_, 2);
        port_ = served_.port;
        QVERIFY(port_ > 0);
    }

    void cleanupTestCase() {
        served_.http.reset();   // the server before the host it answers through
        served_.host.reset();
        engine_.reset();
    }

    // Greedy and sampled (temperature 1): the values are the CLI logits' log-softmax
    // (not the tempered distribution), the top list sorted and N long.
    void chat_logprobs_are_the_logits_log_softmax() {
        for (const Json& sampling : {Json{{"temperature", 0}}, Json{{"temperature", 1.0}, {"seed", 11}, {"top_k", 5}}}) {
            Json extra = sampling;
            extra["logprobs"] = true;
            extra["top_logprobs"] = 5;
            const Answer answer = post(port_, "/v1/chat/completions", chat(10, extra));
            QCOMPARE(answer.status, 200);
            const Json& choice = answer.body["choices"][0];
            const std::vector<int> prompt = ids_of(answer.body["prompt_token_ids"]);
            std::vector<int> generated = ids_of(choice["token_ids"]);
            const Json& content = choice["logprobs"]["content"];
            // A final stop token has no entry, as its text is never given.
            QVERIFY(content.size() == generated.size() || content.size() + 1 == generated.size());
            QVERIFY(!content.empty());
            std::vector<int> all = prompt;
            all.insert(all.end(), generated.begin(), generated.end());
            const auto rows = cli_log_softmax(kModel, all, rows_, defined_ids_);
            for (size_t i = 0; i < content.size(); ++i)
                check_entry(content[i], generated[i], rows[prompt.size() - 1 + i], 5);
        }
    }

    void a_stream_carries_the_same_logprobs() {
        Json extra = {{"temperature", 1.0}, {"seed", 5}, {"logprobs", true}, {"top_logprobs", 3}};
        const Answer whole = post(port_, "/v1/chat/completions", chat(12, extra));
        QCOMPARE(whole.status, 200);
        extra["stream"] = true;
        const Json streamed = streamed_content(stream(port_, "/v1/chat/completions", chat(12, extra)));
        QCOMPARE(streamed, whole.body["choices"][0]["logprobs"]["content"]);
        // Completions: the legacy form, pieces concatenated, offsets counted from the text's start.
        const Json completion = {{"prompt", "The river"}, {"max_tokens", 9}, {"temperature", 1.0},
                                 {"seed", 5}, {"logprobs", 2}};
        const Answer legacy = post(port_, "/v1/completions", completion);
        QCOMPARE(legacy.status, 200);
        Json pieces = {{"tokens", Json::array()}, {"token_logprobs", Json::array()},
                       {"top_logprobs", Json::array()}, {"text_offset", Json::array()}};
        std::string text;
        Json streaming = completion;
        streaming["stream"] = true;
        for (const std::string& event : stream(port_, "/v1/completions", streaming)) {
            if (event == "[DONE]") continue;
            const Json chunk = Json::parse(event);
            if (chunk["choices"].empty()) continue;
            text += chunk["choices"][0]["text"].get<std::string>();
            const Json& logprobs = chunk["choices"][0]["logprobs"];
            if (logprobs.is_null()) continue;
            for (auto list = pieces.begin(); list != pieces.end(); ++list)
                for (const Json& entry : logprobs[list.key()]) list->push_back(entry);
        }
        const Json& expected = legacy.body["choices"][0]["logprobs"];
        QCOMPARE(pieces, expected);
        QCOMPARE(text, legacy.body["choices"][0]["text"].get<std::string>());
        QCOMPARE(expected["text_offset"][0], Json(0));
        for (size_t i = 0; i < expected["tokens"].size(); ++i) {
            const Json& top = expected["top_logprobs"][i];
            // N, or N + the chosen token; fewer where two tokens show the same text (two partial characters).
            QVERIFY(top.size() >= 1 && top.size() <= 3);
            QVERIFY(top.contains(expected["tokens"][i].get<std::string>()));
            if (i > 0) QVERIFY(expected["text_offset"][i] >= expected["text_offset"][i - 1]);
        }
    }

    // Reading log-probabilities never changes a sampled token.
    void asking_for_logprobs_changes_no_token() {
        for (const uint64_t seed : {1u, 2u, 3u}) {
            const Json sampled = {{"temperature", 1.0}, {"seed", seed}};
            const Answer plain = post(port_, "/v1/chat/completions", chat(16, sampled));
            Json extra = sampled;
            extra["logprobs"] = true;
            extra["top_logprobs"] = 20;
            const Answer with = post(port_, "/v1/chat/completions", chat(16, extra));
            QCOMPARE(plain.status, 200);
            QCOMPARE(with.status, 200);
            QCOMPARE(with.body["choices"][0]["token_ids"], plain.body["choices"][0]["token_ids"]);
            QCOMPARE(with.body["choices"][0]["message"], plain.body["choices"][0]["message"]);
            QVERIFY(plain.body["choices"][0]["logprobs"].is_null());
        }
    }

    // lm-evaluation-harness's scoring request: one entry per prompt token, the first null.
    void echo_scores_the_prompt() {
        const std::vector<int> prompt = engine_->tokenize("Rivers run to the sea, and stones stay.");
        QVERIFY(prompt.size() > 4);
        const Json body = {{"prompt", prompt}, {"max_tokens", 0}, {"echo", true}, {"logprobs", 1}, {"temperature", 0}};
        const Answer answer = post(port_, "/v1/completions", body);
        QCOMPARE(answer.status, 200);
        const Json& choice = answer.body["choices"][0];
        const Json& logprobs = choice["logprobs"];
        QCOMPARE(logprobs["tokens"].size(), prompt.size());
        QCOMPARE(logprobs["token_logprobs"].size(), prompt.size());
        QVERIFY(logprobs["token_logprobs"][0].is_null());
        QVERIFY(logprobs["top_logprobs"][0].is_null());
        const auto rows = cli_log_softmax(kModel, prompt, rows_, defined_ids_);
        for (size_t i = 1; i < prompt.size(); ++i) {
            const double value = logprobs["token_logprobs"][i].get<double>();
            QVERIFY2(std::fabs(value - rows[i - 1][size_t(prompt[i])]) < kTolerance, logprobs.dump().c_str());
            const Json& top = logprobs["top_logprobs"][i];
            QVERIFY(top.size() == 1 || top.size() == 2);
            const double best = *std::max_element(rows[i - 1].begin(), rows[i - 1].end());
            double listed_best = -INFINITY;
            for (auto entry = top.begin(); entry != top.end(); ++entry) listed_best = std::max(listed_best, entry->get<double>());
            QVERIFY(std::fabs(listed_best - best) < kTolerance);
        }
        std::string text;
        for (const Json& token : logprobs["tokens"]) text += token.get<std::string>();
        QCOMPARE(choice["text"].get<std::string>(), text);
        QCOMPARE(choice["finish_reason"], Json("length"));
        QCOMPARE(answer.body["usage"]["completion_tokens"], Json(0));
        QCOMPARE(answer.body["usage"]["prompt_tokens"], Json(prompt.size()));

        // With an answer: the prompt's text and tokens first, then the answer's.
        Json longer = body;
        longer["max_tokens"] = 4;
        const Answer both = post(port_, "/v1/completions", longer);
        QCOMPARE(both.status, 200);
        const Json& answered = both.body["choices"][0];
        QVERIFY(answered["text"].get<std::string>().rfind(text, 0) == 0);
        QVERIFY(answered["logprobs"]["tokens"].size() > prompt.size());
        QCOMPARE(answered["logprobs"]["token_logprobs"][1], logprobs["token_logprobs"][1]);
        // Streamed: the prompt comes first, as one chunk.
        Json streaming = body;
        streaming["stream"] = true;
        const std::vector<std::string> events = stream(port_, "/v1/completions", streaming);
        QVERIFY(events.size() >= 3);
        QCOMPARE(Json::parse(events[0])["choices"][0]["logprobs"], logprobs);
    }

    void what_is_not_supported_is_refused() {
        const Json scoring = {{"prompt", "a b"}, {"max_tokens", 0}, {"echo", true}, {"logprobs", 1}};
        for (const auto& [key, value] : std::vector<std::pair<std::string, Json>>{{"n", 2}, {"best_of", 3}, {"logprobs", 21}}) {
            Json body = scoring;
            body[key] = value;
            const Answer answer = post(port_, "/v1/completions", body);
            QCOMPARE(answer.status, 400);
            QCOMPARE(answer.body["error"]["param"], Json(key));
        }
        Json no_echo = scoring;
        no_echo.erase("echo");
        QCOMPARE(post(port_, "/v1/completions", no_echo).status, 400);   // max_tokens 0 generates nothing
    }
};

QTEST_MAIN(ServerLogprobsTest)
#include "test_server_logprobs.moc"
