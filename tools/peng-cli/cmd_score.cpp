// peng-cli score MODEL --prompt TEXT --options FILE [--json] [--threads N]
//   (and the placement options of model_setup.h)
// Closed-set scoring: each non-empty line of FILE (UTF-8) is one continuation of the
// prompt, scored by its log-probability given the prompt (the sum over its tokens, and
// the mean per token) and ranked best first. Prompt and continuations are tokenized
// each on its own, so a continuation that follows a word starts with its space. The
// prompt's KV is computed once and each continuation runs from it
// (Engine::continuation_log_probs).
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "model_setup.h"
#include "text/utf8.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "rank continuations of a prompt by their log-probability";

struct Option {
    int line = 0;
    std::string text;
    std::vector<int> tokens;
    std::vector<double> log_probs;
    double sum = 0;
};

// The continuations of FILE, one a line (a CR before the newline dropped, empty lines skipped).
std::vector<Option> read_options(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path + ": cannot open the options file");
    std::vector<Option> options;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (const size_t bad = utf8::first_invalid_byte(line); bad != std::string::npos)
            throw Error(path + ": line " + std::to_string(number) + " is not valid UTF-8 (byte " +
                        std::to_string(bad + 1) + " of the line)");
        options.push_back({number, line, {}, {}, 0});
    }
    if (in.bad()) throw Error(path + ": reading the options file failed");
    if (options.empty()) throw Error(path + ": no options (one continuation a line, UTF-8)");
    return options;
}

void print_table(const std::vector<Option>& ranked) {
    std::printf("%-4s %12s %12s %6s  %s\n", "rank", "logprob", "per_token", "tokens", "option");
    for (size_t i = 0; i < ranked.size(); ++i) {
        const Option& o = ranked[i];
        std::printf("%-4zu %12.6f %12.6f %6zu  %s\n", i + 1, o.sum, o.sum / double(o.tokens.size()), o.tokens.size(),
                    nlohmann::json(o.text).dump().c_str());
    }
}

int run(int argc, char** argv) {
    Args args("score", kSummary);
    declare_model_word(args);
    args.option("prompt", "TEXT", "the prompt, special tokens recognised")
        .option("options", "FILE", "one continuation a line (UTF-8)")
        .flag("json", "print the ranking as JSON");
    declare_threads_option(args);
    declare_model_options(args, false);
    args.requires_text("--prompt TEXT --options FILE").parse(argc, argv);
    if (!args.has("prompt") || !args.has("options")) args.usage_error();
    // Scoring runs the exact model (Engine::continuation_log_probs): a lossy trim asked
    // for would be ignored, so it is refused instead.
    if (args.has("topk") || args.has("topp")) throw Error("score computes exact log-probabilities: --topk and --topp do not apply");
    std::vector<Option> options = read_options(*args.get("options"));
    const std::string dir = model_dir(args);
    if (args.has("threads")) omp_set_num_threads(args.get_int("threads", 1, kThreadsRange));

    StderrNotes notes;
    std::unique_ptr<Engine> engine = Engine::open(load_options(dir, args), &notes);
    const std::vector<int> prompt = engine->tokenize(*args.get("prompt"));
    if (prompt.empty()) throw Error("the prompt has no tokens");
    std::vector<std::vector<int>> continuations;
    for (Option& o : options) {
        o.tokens = engine->tokenize(o.text);
        continuations.push_back(o.tokens);
    }
    const std::vector<std::vector<double>> scores = engine->continuation_log_probs(prompt, continuations);
    for (size_t i = 0; i < options.size(); ++i) {
        options[i].log_probs = scores[i];
        options[i].sum = std::accumulate(scores[i].begin(), scores[i].end(), 0.0);
    }
    std::stable_sort(options.begin(), options.end(), [](const Option& a, const Option& b) { return a.sum > b.sum; });

    if (!args.has("json")) {
        print_table(options);
        return 0;
    }
    nlohmann::ordered_json ranking = nlohmann::ordered_json::array();
    for (const Option& o : options)
        ranking.push_back({{"line", o.line},
                           {"text", o.text},
                           {"tokens", o.tokens},
                           {"logprob", o.sum},
                           {"logprob_per_token", o.sum / double(o.tokens.size())},
                           {"token_logprobs", o.log_probs}});
    const nlohmann::ordered_json out = {{"prompt_tokens", prompt}, {"ranking", ranking}};
    std::printf("%s\n", out.dump().c_str());
    return 0;
}

const Command registered{"score", kSummary, run};

}  // namespace
}  // namespace peng::cli
