// peng-cli chat DIR [--no-think] [--system TEXT] [--temp T] [--top-p P] [--top-k K] [--seed S] [--ram GB]
//   [--repin] (and the other placement options of model_setup.h)
// Interactive chat in the terminal. Each turn renders the whole conversation with the
// model's own chat template and feeds only the tokens the session has not seen yet.
// Ctrl-C stops the answer being generated; /help lists the commands.
#include <csignal>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "model/generate.h"
#include "model_setup.h"
#include "plan/repin.h"
#include "text/chat_template.h"
#include "text/stop_tokens.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

std::atomic<bool> g_stop{false};
void on_interrupt(int) { g_stop = true; }

// Splits "<think>R</think>C" into reasoning and content.
void split_thinking(const std::string& text, std::string& reasoning, std::string& content) {
    const std::string open = "<think>", close = "</think>";
    const size_t begin = text.rfind(open, 0) == 0 ? open.size() : 0;
    const size_t end = text.find(close);
    if (end == std::string::npos) {
        reasoning.clear();
        content = text.substr(begin);
        return;
    }
    reasoning = text.substr(begin, end - begin);
    content = text.substr(end + close.size());
}

int run(int argc, char** argv) {
    Args args(argc, argv, with_model_options({"system", "temp", "top-p", "top-k", "seed", "ngen"}),
              with_model_flags({"no-think", "repin"}));
    if (args.positional().size() != 1) throw Error("usage: peng-cli chat DIR [--no-think] [--system TEXT]");
    const std::string dir = args.positional()[0];
    ModelSetup setup = setup_model(dir, args);
    Model model(dir, setup.options);
    report_gpu(model);
    model.set_history(setup.history.get());
    DecodeScheduler scheduler(model, setup.options.prefetch);
    const Tokenizer tokenizer = Tokenizer::from_file(dir + "/tokenizer.json");
    const ChatTemplate chat_template = ChatTemplate::from_model_dir(dir);
    const GenerationConfig& gen = model.checkpoint().generation();

    GenerateOptions options;
    options.max_new_tokens = static_cast<int>(args.get_int("ngen", 1024));
    options.sampling.temperature = args.get_double("temp", gen.temperature.value_or(1.0));
    options.sampling.top_p = args.get_double("top-p", gen.top_p.value_or(0.95));
    options.sampling.top_k = static_cast<int>(args.get_int("top-k", gen.top_k.value_or(0)));
    options.sampling.seed = static_cast<uint64_t>(args.get_int("seed", 0));
    options.allowed_ids = tokenizer.vocab_size();
    options.stop_requested = &g_stop;
    options.ram_budget_bytes = setup.plan.budget_bytes;
    options.stop_ids = stop_token_ids(&tokenizer, gen);

    bool thinking = !args.has("no-think");
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    if (args.has("system")) messages.push_back({{"role", "system"}, {"content", *args.get("system")}});
    Session session(model.config());
    std::vector<int> seen;  // tokens the session holds
    std::signal(SIGINT, on_interrupt);

    std::printf("Chatting with %s. Thinking is %s. /help for commands, Ctrl-D to quit.\n", dir.c_str(),
                thinking ? "on" : "off");
    std::string line;
    while (true) {
        std::printf("\n> ");
        std::fflush(stdout);
        if (!std::getline(std::cin, line)) break;
        if (line.empty()) continue;
        if (line == "/quit" || line == "/exit") break;
        if (line == "/help") {
            std::printf("/think on|off  thinking mode\n/system TEXT   set the system prompt\n"
                        "/reset         start over\n/quit          leave\n");
            continue;
        }
        if (line == "/think on" || line == "/think off") {
            thinking = line == "/think on";
            std::printf("thinking %s\n", thinking ? "on" : "off");
            continue;
        }
        if (line == "/reset" || line.rfind("/system ", 0) == 0) {
            messages = nlohmann::ordered_json::array();
            if (line != "/reset") messages.push_back({{"role", "system"}, {"content", line.substr(8)}});
            session = Session(model.config());
            seen.clear();
            std::printf("conversation reset\n");
            continue;
        }
        messages.push_back({{"role", "user"}, {"content", line}});
        const std::vector<int> prompt = tokenizer.encode(chat_template.render(messages, nullptr, true, thinking));
        size_t common = 0;
        while (common < seen.size() && common < prompt.size() && seen[common] == prompt[common]) ++common;
        if (common < seen.size() || common == prompt.size()) {  // the history changed: start the cache over
            session = Session(model.config());
            seen.clear();
            common = 0;
        }
        const std::vector<int> fresh(prompt.begin() + common, prompt.end());
        g_stop = false;
        StreamDecoder stream(tokenizer);
        std::string answer;
        GenerateResult result = generate(scheduler, session, fresh, options, [&](int id) {
            if (options.stop_ids.count(id)) return true;
            std::string delta = stream.push(id);
            answer += delta;
            std::fputs(delta.c_str(), stdout);
            std::fflush(stdout);
            return true;
        });
        answer += stream.flush();
        // The session ran every generated token but the last (generate() stops before feeding it).
        seen = prompt;
        if (!result.tokens.empty()) seen.insert(seen.end(), result.tokens.begin(), result.tokens.end() - 1);
        std::string reasoning, content;
        split_thinking(answer, reasoning, content);
        nlohmann::ordered_json reply = {{"role", "assistant"}, {"content", content}};
        if (!reasoning.empty()) reply["reasoning_content"] = reasoning;
        messages.push_back(reply);
        save_history(setup);
        // Turn boundary: let the pinned set follow what this conversation routes to.
        if (args.has("repin") && setup.history && !model.experts().pins().empty())
            model.experts().set_pins(repin(model.experts().pins(), *setup.history, RepinPolicy{}));
        const double rate = result.decode_s > 0 ? double(result.tokens.size() - 1) / result.decode_s : 0;
        std::printf("\n[%zu tokens, %.2f tok/s, first token after %.2f s, %s]\n", result.tokens.size(), rate,
                    result.prefill_s, result.stop_reason.c_str());
    }
    std::printf("\n");
    return 0;
}

const Command registered{"chat", "chat DIR [--no-think] [--system TEXT] [--temp T] [--top-p P] [--seed S] [--cap N]", run};

}  // namespace
}  // namespace peng::cli
