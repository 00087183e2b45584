// peng-cli quality MODEL --topk K --topp P [--tokens N] [--json]
// What a lossy expert-trim setting costs, measured against the exact model on the
// same tokens (engine/model/quality.h): mean KL divergence of the next-token
// distributions, top-1 agreement, and the experts each token loads.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "model/quality.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "what a lossy --topk/--topp expert trim costs against the exact model";

int run(int argc, char** argv) {
    Args args("quality", kSummary);
    declare_model_word(args);
    declare_model_options(args);
    args.option("tokens", "N", "tokens to compare on", "256")
        .flag("json", "print the result as JSON")
        .requires_text("(--topk K | --topp P)")
        .parse(argc, argv);
    if (!args.has("topk") && !args.has("topp")) args.usage_error();
    const std::string dir = model_dir(args);
    const int count = args.get_int("tokens", 256, {1, 1'000'000});

    const Placement placement = place(dir, args);
    const QualityResult q = measure_trim_quality(dir, placement.model, run_config(args), count);
    nlohmann::json out = {{"topk", q.trim.top_k},
                          {"topp", q.trim.top_p},
                          {"tokens", q.tokens},
                          {"mean_kl", q.mean_kl},
                          {"top1_agreement", q.top1_agreement},
                          {"experts_per_token", q.experts_per_token},
                          {"experts_per_token_exact", q.experts_per_token_exact},
                          {"lossy", true}};
    if (args.has("json")) std::printf("%s\n", out.dump().c_str());
    else
        std::printf("TOPK=%d TOPP=%.2f over %d tokens: mean KL %.5f nats, top-1 agreement %.1f%%, experts per token "
                    "%.1f of %.0f (lossy)\n",
                    q.trim.top_k, q.trim.top_p, q.tokens, q.mean_kl, 100.0 * q.top1_agreement, q.experts_per_token,
                    q.experts_per_token_exact);
    return 0;
}

const Command registered{"quality", kSummary, run};

}  // namespace
}  // namespace peng::cli
