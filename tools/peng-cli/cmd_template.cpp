// peng-cli template: renders a conversation through a chat template and prints
// the prompt exactly, with no newline added, so it can be compared byte for byte.
//   template (DIR | --template FILE) --messages FILE.json [--tools FILE.json]
//            [--extra FILE.json] [--no-think] [--no-generation-prompt] [--ids]
// DIR is a model directory (chat_template.jinja or tokenizer_config.json);
// --extra holds further template variables as a JSON object. --ids prints the
// prompt's token ids instead (a JSON array), as the engine encodes a chat turn:
// special tokens only where the template wrote them (text/chat_prompt.h).
#include <cstdio>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "io/file.h"
#include "text/chat_prompt.h"
#include "text/chat_template.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "renders a conversation through a model's chat template, byte for byte";

nlohmann::ordered_json read_json_file(const std::string& path) {
    std::string text = read_text_file(path);
    try {
        return nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::ordered_json::exception& e) {
        throw Error(path + ": not valid JSON: " + e.what());
    }
}

ChatTemplate load_template(const Args& args) {
    const auto& words = args.positional();
    if (words.size() + args.has("template") != 1) args.usage_error();
    if (auto file = args.get("template")) return ChatTemplate::from_file(*file);
    if (!std::filesystem::is_directory(words[0]))
        throw Error("'" + words[0] + "' is not a model directory (use --template FILE for a template file)");
    return ChatTemplate::from_model_dir(words[0]);
}

int run(int argc, char** argv) {
    Args args("template", kSummary);
    args.words("", "DIR is a model folder (its chat_template.jinja or tokenizer_config.json).")
        .option("template", "FILE", "a template file instead of a model's")
        .option("messages", "FILE.json", "the conversation: a JSON list of {role, content}")
        .option("tools", "FILE.json", "tool definitions, as OpenAI's API takes them")
        .option("extra", "FILE.json", "further template variables, a JSON object")
        .flag("no-think", "render with thinking off")
        .flag("no-generation-prompt", "leave out the assistant turn's opening")
        .flag("ids", "print the prompt's token ids (a JSON array) instead; needs DIR")
        .requires_text("(DIR | --template FILE) --messages FILE.json")
        .parse(argc, argv);
    if (!args.has("messages")) args.usage_error();
    ChatTemplate chat_template = load_template(args);
    nlohmann::ordered_json messages = read_json_file(*args.get("messages"));
    nlohmann::ordered_json tools = args.has("tools") ? read_json_file(*args.get("tools")) : nullptr;
    nlohmann::ordered_json extra = args.has("extra") ? read_json_file(*args.get("extra")) : nullptr;
    std::string prompt;
    if (args.has("ids")) {
        if (args.positional().empty()) throw Error("--ids needs a model directory (its tokenizer.json)");
        const Tokenizer tokenizer = Tokenizer::from_file(args.positional()[0] + "/tokenizer.json");
        prompt = nlohmann::json(render_chat_prompt(chat_template, tokenizer, messages, tools,
                                                   !args.has("no-generation-prompt"), !args.has("no-think"), extra)
                                    .tokens)
                     .dump() +
                 "\n";
    } else {
        prompt = chat_template.render(messages, tools, !args.has("no-generation-prompt"), !args.has("no-think"), extra);
    }
    if (std::fwrite(prompt.data(), 1, prompt.size(), stdout) != prompt.size() || std::fflush(stdout) != 0)
        throw Error("cannot write the prompt to standard output");
    return 0;
}

static const Command registered{"template", kSummary, run};

}  // namespace
}  // namespace peng::cli
