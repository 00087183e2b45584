// peng-cli quality DIR --topk K --topp P [--tokens N] [--json]
// What a lossy expert-trim setting costs, measured against the exact model on the
// same tokens: mean KL divergence of the next-token distributions, top-1 agreement,
// and the experts each token loads.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "io/file.h"
#include "model/model.h"
#include "model_setup.h"
#include "text/sampler.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

// A fixed English passage, so every run of every setting sees the same tokens.
constexpr const char* kPassage =
    "The harbour was quiet in the early morning, and the fishing boats rocked gently against the old stone pier. "
    "A woman carried a basket of bread along the water, greeting the men who mended their nets. Far out at sea a "
    "storm was gathering, but nobody in the village had noticed it yet. def area(radius): return 3.14159 * radius "
    "** 2  # the area of a circle. In 1969 people first walked on the Moon; the journey took about three days. ";

std::vector<int> passage_tokens(const std::string& dir, int count, int vocab) {
    std::vector<int> tokens;
    if (file_exists(dir + "/tokenizer.json")) {
        const Tokenizer tokenizer = Tokenizer::from_file(dir + "/tokenizer.json");
        while (static_cast<int>(tokens.size()) < count) {
            const auto more = tokenizer.encode(kPassage);
            tokens.insert(tokens.end(), more.begin(), more.end());
        }
    } else {
        uint32_t state = 1;
        while (static_cast<int>(tokens.size()) < count) {
            state = state * 1664525u + 1013904223u;
            tokens.push_back(static_cast<int>((state >> 8) % uint32_t(vocab)));
        }
    }
    tokens.resize(count);
    return tokens;
}

std::vector<float> teacher_forced(Model& model, const std::vector<int>& tokens) {
    const int vocab = model.config().vocab_size;
    std::vector<float> logits(tokens.size() * size_t(vocab));
    Session session(model.config());
    for (size_t at = 0; at < tokens.size(); at += 64) {
        const int count = static_cast<int>(std::min<size_t>(64, tokens.size() - at));
        model.forward(session, &tokens[at], count, &logits[at * vocab], true);
    }
    return logits;
}

// log-softmax over the ids the tokenizer defines, in double.
std::vector<double> log_probs(const float* logits, int n) {
    double peak = logits[0];
    for (int i = 1; i < n; ++i) peak = std::max(peak, double(logits[i]));
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += std::exp(double(logits[i]) - peak);
    std::vector<double> out(n);
    for (int i = 0; i < n; ++i) out[i] = double(logits[i]) - peak - std::log(sum);
    return out;
}

int run(int argc, char** argv) {
    Args args(argc, argv, with_model_options({"tokens"}), with_model_flags({"json"}));
    if (args.positional().size() != 1 || (!args.has("topk") && !args.has("topp")))
        throw Error("usage: peng-cli quality DIR --topk K --topp P [--tokens N] [--json]");
    const std::string dir = args.positional()[0];
    const int count = static_cast<int>(args.get_int("tokens", 256));
    if (count <= 0) throw Error("--tokens must be positive");

    ModelSetup setup = setup_model(dir, args);
    ModelOptions exact_options = setup.options;
    exact_options.trim = ExpertTrim{};
    Model exact(dir, exact_options);
    Model trimmed(dir, setup.options);
    const int vocab = exact.config().vocab_size;
    const int allowed = file_exists(dir + "/tokenizer.json") ? Tokenizer::from_file(dir + "/tokenizer.json").vocab_size()
                                                             : vocab;
    const std::vector<int> tokens = passage_tokens(dir, count, std::min(allowed, vocab));

    const std::vector<float> reference = teacher_forced(exact, tokens);
    const std::vector<float> approximate = teacher_forced(trimmed, tokens);
    double kl_sum = 0;
    int agree = 0;
    const int n = std::min(allowed, vocab);
    for (int t = 0; t < count; ++t) {
        const float* p = &reference[size_t(t) * vocab];
        const float* q = &approximate[size_t(t) * vocab];
        const auto lp = log_probs(p, n), lq = log_probs(q, n);
        double kl = 0;
        for (int i = 0; i < n; ++i) kl += std::exp(lp[i]) * (lp[i] - lq[i]);
        kl_sum += kl;
        agree += argmax(p, n) == argmax(q, n);
    }
    const ModelConfig& c = exact.config();
    const double exact_experts = double(c.moe_layer_count()) * c.num_experts_per_tok;
    const double trimmed_experts = double(trimmed.profile().experts_run) / count;
    nlohmann::json out = {{"topk", setup.options.trim.top_k},
                          {"topp", setup.options.trim.top_p},
                          {"tokens", count},
                          {"mean_kl", kl_sum / count},
                          {"top1_agreement", double(agree) / count},
                          {"experts_per_token", trimmed_experts},
                          {"experts_per_token_exact", exact_experts},
                          {"lossy", true}};
    if (args.has("json")) std::printf("%s\n", out.dump().c_str());
    else
        std::printf("TOPK=%d TOPP=%.2f over %d tokens: mean KL %.5f nats, top-1 agreement %.1f%%, experts per token "
                    "%.1f of %.0f (lossy)\n",
                    setup.options.trim.top_k, setup.options.trim.top_p, count, kl_sum / count,
                    100.0 * agree / count, trimmed_experts, exact_experts);
    return 0;
}

const Command registered{"quality", "quality DIR --topk K --topp P [--tokens N] [--json]", run};

}  // namespace
}  // namespace peng::cli
