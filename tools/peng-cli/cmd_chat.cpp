// peng-cli chat MODEL [--no-think] [--system TEXT] [--conversation NAME] [--no-repin] (and the answer and
//   placement flags of model_setup.h; --help lists them all)
// Interactive chat in the terminal through the engine API: each turn renders the whole
// conversation with the model's own chat template and computes only the tokens whose
// KV is not cached (in this process, in RAM, or in the KV store from an earlier run).
// Ctrl-C stops the answer being generated; /help lists the commands.
#include <csignal>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "line_reader.h"
#include "model/model.h"
#include "model_setup.h"
#include "text/utf8.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr int kDefaultTokens = 1024;
const std::string kSummary = "talk with a model in the terminal; each answer stops after " +
                             std::to_string(kDefaultTokens) + " tokens unless --ngen says otherwise";

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

class ChatPrinter : public StderrNotes {
public:
    void on_token(int, const std::string& delta) override {
        std::fputs(delta.c_str(), stdout);
        std::fflush(stdout);
    }
};

int run(int argc, char** argv) {
    Args args("chat", kSummary);
    declare_model_word(args);
    args.option("system", "TEXT", "the system prompt")
        .option("conversation", "NAME", "names the conversation whose KV files are kept (default: one per first turn)")
        .flag("no-think", "answer without a thinking block (/think on|off switches it)")
        .flag("no-repin", "keep the pinned experts as loaded instead of following the conversation's routing");
    declare_sampling_options(args, kDefaultTokens, 0.95);
    declare_model_options(args);
    args.footer("In the chat: /help lists its commands; Ctrl-C stops an answer, Ctrl-D leaves.").parse(argc, argv);
    const std::string dir = model_dir(args);
    ChatPrinter printer;
    std::unique_ptr<Engine> engine = Engine::open(load_options(dir, args), &printer);
    RunSettings settings = run_settings(args, engine->model().checkpoint().generation(), kDefaultTokens, 0.95);
    settings.repin = !args.has("no-repin");

    ChatRequest request;
    request.conversation = args.get_or("conversation", "");
    request.thinking = !args.has("no-think");
    if (args.has("system")) request.messages.push_back({{"role", "system"}, {"content", *args.get("system")}});
    std::signal(SIGINT, on_interrupt);

    std::printf("Chatting with %s. Thinking is %s. /help for commands, Ctrl-D to quit.\n", dir.c_str(),
                request.thinking ? "on" : "off");
    LineReader reader(chat_history_file());
    std::string line;
    while (true) {
        std::printf("\n");
        if (!reader.read("> ", line)) break;
        if (line.empty()) continue;
        if (const size_t bad = utf8::first_invalid_byte(line); bad != std::string::npos) {
            // One bad line (a mangled paste, a Latin-1 terminal) costs that line, not the session.
            std::fprintf(stderr, "error: this line is not valid UTF-8 (byte %zu is 0x%02X); it was not sent\n",
                         bad + 1, static_cast<unsigned>(static_cast<unsigned char>(line[bad])));
            continue;
        }
        if (line == "/quit" || line == "/exit") break;
        if (line == "/help") {
            std::printf("/think on|off  thinking mode\n/system TEXT   set the system prompt\n"
                        "/reset         start over\n/forget        drop every cached prefix (RAM and KV files)\n"
                        "/quit          leave\n");
            continue;
        }
        if (line == "/think on" || line == "/think off") {
            request.thinking = line == "/think on";
            std::printf("thinking %s\n", request.thinking ? "on" : "off");
            continue;
        }
        if (line == "/forget") {
            engine->clear_kv(true);
            std::printf("cached prefixes forgotten\n");
            continue;
        }
        if (line == "/reset" || line.rfind("/system ", 0) == 0) {
            request.messages = nlohmann::ordered_json::array();
            if (line != "/reset") request.messages.push_back({{"role", "system"}, {"content", line.substr(8)}});
            std::printf("conversation reset\n");
            continue;
        }
        request.messages.push_back({{"role", "user"}, {"content", line}});
        g_stop = false;
        Reply reply;
        try {
            reply = engine->chat(request, settings, &printer, &g_stop);
        } catch (const ContextExceeded& e) {
            // The session goes on without the line, so nothing said before is lost.
            request.messages.erase(request.messages.end() - 1);
            std::printf("%s (peng-cli chat --context N; /reset starts over)\n", e.what());
            continue;
        }
        std::string reasoning, content;
        split_thinking(reply.text, reasoning, content);
        nlohmann::ordered_json answer = {{"role", "assistant"}, {"content", content}};
        if (!reasoning.empty()) answer["reasoning_content"] = reasoning;
        request.messages.push_back(answer);
        std::printf("\n[%zu tokens, %.2f tok/s, first token after %.2f s, %d of %d prompt tokens reused (%s), %s]\n",
                    reply.tokens.size(), reply.tokens_per_s, reply.ttft_s, reply.prefix_reused_tokens,
                    reply.prompt_tokens, reuse_source_name(reply.reuse_source), reply.stop_reason.c_str());
    }
    std::printf("\n");
    return 0;
}

const Command registered{"chat", kSummary, run};

}  // namespace
}  // namespace peng::cli
