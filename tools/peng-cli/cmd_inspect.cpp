// peng-cli inspect MODEL [--json]: architecture summary and the tensor inventory
// checked against the config. Exit 1 when a tensor is missing or mismatched.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "checkpoint/checkpoint.h"
#include "checkpoint/expert_locator.h"
#include "checkpoint/inventory.h"
#include "commands.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "the architecture and every tensor, checked against config.json (exit 1 when one is missing or wrong)";

nlohmann::json architecture(const ModelConfig& c) {
    int full = 0, sliding = 0;
    for (int l = 0; l < c.num_layers; ++l) (c.is_sliding(l) ? sliding : full)++;
    const AttentionShape f = c.attention(0);
    return {{"model_type", c.model_type},
            {"hidden_size", c.hidden_size},
            {"layers", c.num_layers},
            {"full_attention_layers", full},
            {"sliding_window_layers", sliding},
            {"vocab_size", c.vocab_size},
            {"routed_experts", c.n_routed_experts},
            {"experts_per_token", c.num_experts_per_tok},
            {"moe_intermediate_size", c.moe_intermediate_size},
            {"attention_heads", f.num_heads},
            {"head_dim", c.head_dim},
            {"v_head_dim", c.v_head_dim},
            {"sliding_window", c.sliding_window},
            {"qkv_chunks", c.qkv_chunks()},
            {"value_scale", c.attention_value_scale}};
}

int run(int argc, char** argv) {
    Args args("inspect", kSummary);
    declare_model_word(args);
    args.flag("json", "print the report as JSON").parse(argc, argv);
    Checkpoint ckpt(model_dir(args));
    const ModelConfig& c = ckpt.config();
    const ExpertFormat format = detect_expert_format(ckpt);
    const InventoryReport report = check_inventory(ckpt, format);

    bool experts_contiguous = true;
    if (report.ok())
        for (int l = 0; l < c.num_layers && experts_contiguous; ++l)
            if (c.is_moe(l))
                for (int e = 0; e < c.n_routed_experts && experts_contiguous; ++e)
                    experts_contiguous = locate_expert(ckpt, format, l, e).contiguous();

    nlohmann::json out = architecture(c);
    out["expert_format"] = format == ExpertFormat::MXFP4 ? "mxfp4" : "fp8";
    out["files"] = ckpt.files().size();
    out["tensors_expected"] = report.expected_count;
    out["missing"] = report.missing;
    out["mismatched"] = report.mismatched;
    out["unexpected"] = report.unexpected;
    out["ignored"] = report.ignored.size();
    out["dense_bytes"] = report.dense_bytes;
    out["expert_bytes"] = report.expert_bytes;
    out["moe_layers"] = c.moe_layer_count();
    out["total_expert_bytes"] = report.total_expert_bytes;
    out["experts_contiguous"] = experts_contiguous;
    out["ok"] = report.ok();

    if (args.has("json")) {
        std::printf("%s\n", out.dump().c_str());
    } else {
        std::printf("%s: %s, %d layers (%d full, %d sliding-window), hidden %d, vocab %d\n",
                    ckpt.dir().c_str(), c.model_type.c_str(), c.num_layers, out["full_attention_layers"].get<int>(),
                    out["sliding_window_layers"].get<int>(), c.hidden_size, c.vocab_size);
        std::printf("experts: %d routed per MoE layer, top-%d, %s, %d MoE layers, %llu bytes each%s\n",
                    c.n_routed_experts, c.num_experts_per_tok, format == ExpertFormat::MXFP4 ? "MXFP4" : "FP8",
                    c.moe_layer_count(), static_cast<unsigned long long>(report.expert_bytes),
                    experts_contiguous ? " (one contiguous read each)" : " (several ranges each)");
        std::printf("dense (resident) bytes: %llu; all experts: %llu bytes; %zu files\n",
                    static_cast<unsigned long long>(report.dense_bytes),
                    static_cast<unsigned long long>(report.total_expert_bytes), ckpt.files().size());
        std::printf("tensors: %zu expected, %zu missing, %zu mismatched, %zu unexpected, %zu ignored (MTP/vision/audio)\n",
                    report.expected_count, report.missing.size(), report.mismatched.size(), report.unexpected.size(),
                    report.ignored.size());
        for (const auto& m : report.missing) std::printf("  missing: %s\n", m.c_str());
        for (const auto& m : report.mismatched) std::printf("  mismatched: %s\n", m.c_str());
        for (const auto& m : report.unexpected) std::printf("  unexpected: %s\n", m.c_str());
        std::printf("%s\n", report.ok() ? "every expected tensor is present with the right dtype and shape"
                                        : "checkpoint is incomplete");
    }
    return report.ok() ? 0 : 1;
}

const Command registered{"inspect", kSummary, run};

}  // namespace
}  // namespace peng::cli
