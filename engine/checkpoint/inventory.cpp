#include "checkpoint/inventory.h"

#include <set>

#include "util/error.h"

namespace peng {

namespace {

uint64_t blocks128(uint64_t n) { return (n + 127) / 128; }

std::vector<uint64_t> fp8_grid(uint64_t rows, uint64_t cols) { return {blocks128(rows), blocks128(cols)}; }

void add(std::vector<ExpectedTensor>& out, std::string name, std::vector<DType> dtypes,
         std::vector<std::vector<uint64_t>> shapes, int layer, int expert = -1) {
    out.push_back(ExpectedTensor{std::move(name), std::move(dtypes), std::move(shapes), layer, expert});
}

// An FP8 weight and its 128x128 weight_scale_inv grid.
void add_fp8(std::vector<ExpectedTensor>& out, const std::string& name, uint64_t rows, uint64_t cols, int layer,
             int expert = -1) {
    add(out, name + ".weight", {DType::F8_E4M3}, {{rows, cols}}, layer, expert);
    add(out, name + ".weight_scale_inv", {DType::F32}, {fp8_grid(rows, cols)}, layer, expert);
}

// An MXFP4 weight: two e2m1 codes per byte plus one E8M0 scale per 32 columns.
void add_mxfp4(std::vector<ExpectedTensor>& out, const std::string& name, uint64_t rows, uint64_t cols, int layer,
               int expert) {
    add(out, name + ".weight", {DType::U8}, {{rows, cols / 2}}, layer, expert);
    add(out, name + ".weight_scale", {DType::U8}, {{rows, cols / 32}}, layer, expert);
}

bool is_ignored_name(const std::string& name) {
    for (const char* prefix : {"model.mtp.", "mtp.", "visual.", "audio_encoder.", "speech_embeddings.",
                               "model.visual.", "model.audio_encoder.", "model.speech_embeddings."})
        if (name.rfind(prefix, 0) == 0) return true;
    return false;
}

std::string describe(const std::vector<DType>& dtypes, const std::vector<std::vector<uint64_t>>& shapes) {
    std::string out;
    for (size_t i = 0; i < dtypes.size(); ++i) out += (i ? "|" : "") + std::string(dtype_name(dtypes[i]));
    out += " ";
    for (size_t i = 0; i < shapes.size(); ++i) out += (i ? "|" : "") + shape_string(shapes[i]);
    return out;
}

}  // namespace

std::string layer_prefix(int layer) { return "model.layers." + std::to_string(layer) + "."; }

std::string expert_prefix(int layer, int expert) {
    return layer_prefix(layer) + "mlp.experts." + std::to_string(expert) + ".";
}

ExpertFormat detect_expert_format(const Checkpoint& ckpt) {
    const ModelConfig& c = ckpt.config();
    for (int layer = 0; layer < c.num_layers; ++layer) {
        if (!c.is_moe(layer)) continue;
        const std::string name = expert_prefix(layer, 0) + "gate_proj.weight";
        TensorRef ref = ckpt.find(name);
        if (ref.info->dtype == DType::U8) return ExpertFormat::MXFP4;
        if (ref.info->dtype == DType::F8_E4M3) return ExpertFormat::FP8;
        throw Error(ref.file->path() + ": tensor '" + name + "' has dtype " +
                    std::string(dtype_name(ref.info->dtype)) + "; routed experts must be U8 (MXFP4) or F8_E4M3");
    }
    return ExpertFormat::MXFP4;  // no MoE layer: the expert format is irrelevant
}

std::vector<ExpectedTensor> expected_tensors(const ModelConfig& c, ExpertFormat format) {
    std::vector<ExpectedTensor> out;
    const uint64_t H = c.hidden_size, V = c.vocab_size;
    add(out, "model.embed_tokens.weight", {DType::BF16}, {{V, H}}, -1);
    if (!c.tie_word_embeddings) add(out, "lm_head.weight", {DType::BF16}, {{V, H}}, -1);
    add(out, "model.norm.weight", {DType::BF16}, {{H}}, -1);

    for (int l = 0; l < c.num_layers; ++l) {
        const std::string p = layer_prefix(l);
        const AttentionShape a = c.attention(l);
        add(out, p + "input_layernorm.weight", {DType::BF16}, {{H}}, l);
        add(out, p + "post_attention_layernorm.weight", {DType::BF16}, {{H}}, l);

        // qkv scale grid: tiled per chunk (release) or contiguous; both shapes are accepted.
        const uint64_t rows = a.qkv_rows(), chunks = c.qkv_chunks(), chunk_rows = rows / chunks;
        const std::vector<uint64_t> per_chunk{chunks * blocks128(chunk_rows), blocks128(H)};
        std::vector<std::vector<uint64_t>> grids{per_chunk};
        if (fp8_grid(rows, H) != per_chunk) grids.push_back(fp8_grid(rows, H));
        add(out, p + "self_attn.qkv_proj.weight", {DType::F8_E4M3}, {{rows, H}}, l);
        add(out, p + "self_attn.qkv_proj.weight_scale_inv", {DType::F32}, grids, l);
        add(out, p + "self_attn.o_proj.weight", {DType::BF16}, {{H, uint64_t(a.num_heads) * a.v_head_dim}}, l);
        if (a.has_sink) add(out, p + "self_attn.attention_sink_bias", {DType::BF16, DType::F32}, {{uint64_t(a.num_heads)}}, l);

        if (!c.is_moe(l)) {
            const uint64_t I = c.intermediate_size;
            add_fp8(out, p + "mlp.gate_proj", I, H, l);
            add_fp8(out, p + "mlp.up_proj", I, H, l);
            add_fp8(out, p + "mlp.down_proj", H, I, l);
            continue;
        }
        const uint64_t E = c.n_routed_experts, MI = c.moe_intermediate_size;
        add(out, p + "mlp.gate.weight", {DType::BF16, DType::F32}, {{E, H}}, l);
        add(out, p + "mlp.gate.e_score_correction_bias", {DType::F32, DType::BF16}, {{E}}, l);
        for (int e = 0; e < c.n_routed_experts; ++e) {
            const std::string ep = expert_prefix(l, e);
            if (format == ExpertFormat::MXFP4) {
                add_mxfp4(out, ep + "down_proj", H, MI, l, e);
                add_mxfp4(out, ep + "gate_proj", MI, H, l, e);
                add_mxfp4(out, ep + "up_proj", MI, H, l, e);
            } else {
                add_fp8(out, ep + "down_proj", H, MI, l, e);
                add_fp8(out, ep + "gate_proj", MI, H, l, e);
                add_fp8(out, ep + "up_proj", MI, H, l, e);
            }
        }
    }
    return out;
}

InventoryReport check_inventory(const Checkpoint& ckpt, ExpertFormat format) {
    InventoryReport report;
    const auto expected = expected_tensors(ckpt.config(), format);
    report.expected_count = expected.size();
    std::set<std::string> expected_names;
    const int first_moe = ckpt.config().first_moe_layer();

    for (const auto& e : expected) {
        expected_names.insert(e.name);
        if (!ckpt.has(e.name)) {
            report.missing.push_back(e.name + " (" + describe(e.dtypes, e.shapes) + ")");
            continue;
        }
        TensorRef ref = ckpt.find(e.name);
        bool dtype_ok = false, shape_ok = false;
        for (DType d : e.dtypes) dtype_ok |= ref.info->dtype == d;
        for (const auto& s : e.shapes) shape_ok |= ref.info->shape == s;
        if (!dtype_ok || !shape_ok) {
            report.mismatched.push_back(e.name + ": has " + std::string(dtype_name(ref.info->dtype)) + " " +
                                        shape_string(ref.info->shape) + ", expected " + describe(e.dtypes, e.shapes));
            continue;
        }
        if (e.expert < 0) report.dense_bytes += ref.info->bytes;
        else {
            report.total_expert_bytes += ref.info->bytes;
            if (e.layer == first_moe && e.expert == 0) report.expert_bytes += ref.info->bytes;
        }
    }
    for (const auto& name : ckpt.names()) {
        if (expected_names.count(name)) continue;
        (is_ignored_name(name) ? report.ignored : report.unexpected).push_back(name);
    }
    return report;
}

void require_matching_inventory(const InventoryReport& report, const std::string& dir) {
    const std::string what = dir + ": checkpoint does not match its config: ";
    if (!report.missing.empty()) throw Error(what + "missing tensor " + report.missing.front());
    if (!report.mismatched.empty()) throw Error(what + "tensor " + report.mismatched.front());
    // Running with them unused would silently be another, smaller model (a config cut
    // to one layer ran as a 1-layer model while 519 tensors lay unread).
    if (!report.unexpected.empty())
        throw Error(what + std::to_string(report.unexpected.size()) + " of its tensors are not part of the model " +
                    "config.json describes (for example '" + report.unexpected.front() +
                    "'); check num_hidden_layers, moe_layer_freq and the other dimensions");
}

}  // namespace peng
