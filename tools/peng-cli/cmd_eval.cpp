// peng-cli eval MODEL --jsonl FILE [--json] [--per-conversation] [--no-think] [--threads N]
//   (and the placement options of model_setup.h)
// How well a model predicts held-out answers: every line of FILE is a conversation in
// OpenAI messages form (an array, or an object with "messages"), rendered through the
// model's chat template; the mean negative log-likelihood of the tokens the assistant
// wrote (assistant_spans.h), in nats, and its perplexity exp(mean NLL).
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "args.h"
#include "assistant_spans.h"
#include "commands.h"
#include "messages_file.h"
#include "json_lines.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "how well a model predicts held-out answers: mean NLL and perplexity";

nlohmann::ordered_json conversation_messages(const std::string& line, const std::string& origin) {
    nlohmann::ordered_json value;
    try {
        value = nlohmann::ordered_json::parse(line);
    } catch (const nlohmann::json::exception& e) {
        throw Error(origin + ": not valid JSON (" + e.what() + ")");
    }
    if (value.is_object()) {
        if (!value.contains("messages")) throw Error(origin + ": the object has no \"messages\"");
        value = value["messages"];
    }
    check_messages(value, origin);
    return value;
}

int run(int argc, char** argv) {
    Args args("eval", kSummary);
    declare_model_word(args);
    args.option("jsonl", "FILE", "one conversation a line: OpenAI messages, or an object with \"messages\"")
        .flag("json", "print the result as JSON")
        .flag("per-conversation", "with --json: each conversation's numbers too")
        .flag("no-think", "render the conversations without thinking");
    declare_threads_option(args);
    declare_model_options(args);
    args.requires_text("--jsonl FILE").parse(argc, argv);
    if (!args.has("jsonl")) args.usage_error();
    const std::string dir = model_dir(args);
    const std::string path = *args.get("jsonl");
    if (args.has("threads")) omp_set_num_threads(args.get_int("threads", 1, kThreadsRange));
    std::ifstream in(path);
    if (!in) throw Error(path + ": cannot open");

    StderrNotes notes;
    std::unique_ptr<Engine> engine = Engine::open(load_options(dir, args), &notes);
    const bool thinking = !args.has("no-think");

    double nll_sum = 0;
    long long assistant_tokens = 0, all_tokens = 0;
    int conversations = 0;
    nlohmann::ordered_json details = nlohmann::ordered_json::array();
    JsonLines lines(in, path);
    for (std::string line; lines.next(line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const int number = int(lines.number());
        const std::string origin = lines.where();
        const ScoredConversation c = assistant_spans(*engine, conversation_messages(line, origin), thinking, origin);
        const std::vector<double> log_probs = engine->token_log_probs(c.tokens);
        double sum = 0;
        long long count = 0;
        for (const auto& [begin, end] : c.assistant)
            for (size_t i = begin; i < end; ++i) {
                sum -= log_probs[i];
                ++count;
            }
        nll_sum += sum;
        assistant_tokens += count;
        all_tokens += static_cast<long long>(c.tokens.size());
        ++conversations;
        if (args.has("per-conversation"))
            details.push_back({{"line", number}, {"tokens", c.tokens.size()}, {"assistant_tokens", count},
                               {"nll_sum", sum}});
    }
    if (conversations == 0) throw Error(path + ": no conversations");
    const double mean = nll_sum / double(assistant_tokens);
    nlohmann::ordered_json out = {{"conversations", conversations}, {"tokens", all_tokens},
                                  {"assistant_tokens", assistant_tokens}, {"nll_sum", nll_sum},
                                  {"mean_nll", mean}, {"perplexity", std::exp(mean)}};
    if (args.has("per-conversation")) out["per_conversation"] = details;
    if (args.has("json")) std::printf("%s\n", out.dump().c_str());
    else
        std::printf("%d conversations, %lld tokens, %lld by the assistant: mean NLL %.4f nats, perplexity %.3f\n",
                    conversations, all_tokens, assistant_tokens, mean, std::exp(mean));
    return 0;
}

const Command registered{"eval", kSummary, run};

}  // namespace
}  // namespace peng::cli
