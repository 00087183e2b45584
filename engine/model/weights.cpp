#include "model/weights.h"

#include <cstring>

#include "checkpoint/inventory.h"
#include "quant/finite_scan.h"
#include "quant/formats.h"
#include "quant/qkv_layout.h"
#include "util/error.h"

namespace peng {

namespace {

using Shape = std::vector<uint64_t>;

uint64_t blocks128(uint64_t n) { return (n + 127) / 128; }

// Refuses a tensor that holds a NaN or an infinity, naming it, its file and where: one
// such value makes every answer garbage (a NaN in lm_head made every token id 254).
// A scan of bytes just read: on the order of a memory pass, small beside the read.
void require_finite(const Checkpoint& ckpt, const std::string& name, const uint8_t* data, uint64_t bytes, DType dtype) {
    const size_t bad = first_non_finite(data, size_t(bytes / dtype_size(dtype)), dtype);
    if (bad == kAllFinite) return;
    const TensorRef ref = ckpt.find(name);
    const std::vector<uint64_t>& shape = ref.info->shape;
    std::string where = "element " + std::to_string(bad);
    if (shape.size() == 2 && shape[1] > 0)
        where += " (row " + std::to_string(bad / shape[1]) + ", column " + std::to_string(bad % shape[1]) + ")";
    throw Error(ref.file->path() + ": tensor '" + name + "' holds a NaN or infinite value at " + where +
                ": the checkpoint is damaged");
}

template <class Bytes>
void read_finite(const Checkpoint& ckpt, const std::string& name, DType dtype, const std::vector<uint64_t>& shape,
                 Bytes& out) {
    ckpt.read_into(name, dtype, shape, out);
    require_finite(ckpt, name, out.data(), out.size(), dtype);
}

std::vector<uint8_t> read_finite(const Checkpoint& ckpt, const std::string& name, DType dtype,
                                 const std::vector<uint64_t>& shape) {
    std::vector<uint8_t> out;
    read_finite(ckpt, name, dtype, shape, out);
    return out;
}

std::vector<float> to_floats(const std::vector<uint8_t>& bytes) {
    std::vector<float> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
    return out;
}

// A BF16 or F32 vector, widened to f32.
std::vector<float> load_vector(const Checkpoint& ckpt, const std::string& name, uint64_t n) {
    TensorRef ref = ckpt.find(name);
    if (ref.info->dtype == DType::F32) return to_floats(read_finite(ckpt, name, DType::F32, {n}));
    std::vector<uint8_t> raw = read_finite(ckpt, name, DType::BF16, {n});
    std::vector<float> out(n);
    for (uint64_t i = 0; i < n; ++i) {
        uint16_t bits;
        std::memcpy(&bits, raw.data() + 2 * i, 2);
        out[i] = bf16_to_f32(bits);
    }
    return out;
}

OwnedMatrix load_plain(const Checkpoint& ckpt, const std::string& name, DType dtype, int rows, int cols) {
    OwnedMatrix m;
    read_finite(ckpt, name, dtype, {uint64_t(rows), uint64_t(cols)}, m.bytes);
    m.view.format = dtype == DType::F32 ? WeightFormat::F32 : WeightFormat::BF16;
    m.view.rows = rows;
    m.view.cols = cols;
    m.view.data = m.bytes.data();
    return m;
}

// BF16 or F32, whichever the checkpoint stores (the router differs between releases).
OwnedMatrix load_float_matrix(const Checkpoint& ckpt, const std::string& name, int rows, int cols) {
    DType dtype = ckpt.find(name).info->dtype == DType::F32 ? DType::F32 : DType::BF16;
    return load_plain(ckpt, name, dtype, rows, cols);
}

OwnedMatrix load_fp8(const Checkpoint& ckpt, const std::string& name, int rows, int cols) {
    OwnedMatrix m;
    read_finite(ckpt, name + ".weight", DType::F8_E4M3, {uint64_t(rows), uint64_t(cols)}, m.bytes);
    m.scales = to_floats(read_finite(ckpt, name + ".weight_scale_inv", DType::F32, {blocks128(rows), blocks128(cols)}));
    m.view.format = WeightFormat::FP8Block;
    m.view.rows = rows;
    m.view.cols = cols;
    m.view.data = m.bytes.data();
    m.view.block_scales = m.scales.data();
    m.view.scale_cols = static_cast<int>(blocks128(cols));
    return m;
}

// The fused qkv: rows gathered from their chunks into Q | K | V, each keeping the
// scale row of the chunk grid it was stored under (spec 4.3).
OwnedMatrix load_qkv(const Checkpoint& ckpt, const std::string& name, const AttentionShape& shape, int chunks,
                     int hidden, bool force_contiguous) {
    const std::string scale_name = name + ".weight_scale_inv";
    TensorRef scale_ref = ckpt.find(scale_name);
    if (scale_ref.info->shape.size() != 2)
        throw Error(scale_ref.file->path() + ": tensor '" + scale_name + "' must be 2-D");
    const uint64_t scale_rows = scale_ref.info->shape[0];
    QkvLayout layout = make_qkv_layout(shape, chunks, scale_rows, scale_name);
    if (force_contiguous) layout.grid = QkvScaleGrid::Contiguous;

    const int rows = shape.qkv_rows();
    std::vector<uint8_t> stored = read_finite(ckpt, name + ".weight", DType::F8_E4M3, {uint64_t(rows), uint64_t(hidden)});
    OwnedMatrix m;
    m.scales = to_floats(read_finite(ckpt, scale_name, DType::F32, {scale_rows, blocks128(hidden)}));
    m.bytes.resize(stored.size());
    m.scale_rows.resize(rows);
    for (int r = 0; r < rows; ++r) {
        const int from = layout.stored_row(r);
        std::memcpy(m.bytes.data() + uint64_t(r) * hidden, stored.data() + uint64_t(from) * hidden, hidden);
        m.scale_rows[r] = layout.scale_row(from);
    }
    m.view.format = WeightFormat::FP8Block;
    m.view.rows = rows;
    m.view.cols = hidden;
    m.view.data = m.bytes.data();
    m.view.block_scales = m.scales.data();
    m.view.scale_cols = static_cast<int>(blocks128(hidden));
    m.view.scale_row = m.scale_rows.data();
    return m;
}

}  // namespace

uint64_t DenseWeights::resident_bytes() const {
    uint64_t total = embed.resident_bytes() + lm_head.resident_bytes() + final_norm.size() * 4;
    for (const auto& l : layers) {
        total += (l.input_norm.size() + l.post_attention_norm.size() + l.sink.size() + l.correction_bias.size()) * 4;
        for (const OwnedMatrix* m : {&l.qkv, &l.o_proj, &l.gate_proj, &l.up_proj, &l.down_proj, &l.router})
            total += m->resident_bytes();
    }
    return total;
}

DenseWeights load_dense_weights(const Checkpoint& ckpt, const DenseLoadOptions& options) {
    const ModelConfig& c = ckpt.config();
    const int H = c.hidden_size;
    DenseWeights w;
    const int steps = c.num_layers + 2;
    auto report = [&](int done) {
        if (options.progress) options.progress(done, steps);
    };
    w.embed = load_plain(ckpt, "model.embed_tokens.weight", DType::BF16, c.vocab_size, H);
    report(1);
    w.lm_head = load_plain(ckpt, c.tie_word_embeddings ? "model.embed_tokens.weight" : "lm_head.weight", DType::BF16,
                           c.vocab_size, H);
    w.final_norm = load_vector(ckpt, "model.norm.weight", H);
    report(2);
    w.layers.resize(c.num_layers);
    for (int l = 0; l < c.num_layers; ++l) {
        const std::string p = layer_prefix(l);
        const AttentionShape a = c.attention(l);
        LayerWeights& lw = w.layers[l];
        lw.input_norm = load_vector(ckpt, p + "input_layernorm.weight", H);
        lw.post_attention_norm = load_vector(ckpt, p + "post_attention_layernorm.weight", H);
        lw.qkv = load_qkv(ckpt, p + "self_attn.qkv_proj", a, c.qkv_chunks(), H, options.force_contiguous_qkv_grid);
        lw.o_proj = load_plain(ckpt, p + "self_attn.o_proj.weight", DType::BF16, H, a.num_heads * a.v_head_dim);
        if (a.has_sink) lw.sink = load_vector(ckpt, p + "self_attn.attention_sink_bias", a.num_heads);
        if (!c.is_moe(l)) {
            lw.gate_proj = load_fp8(ckpt, p + "mlp.gate_proj", c.intermediate_size, H);
            lw.up_proj = load_fp8(ckpt, p + "mlp.up_proj", c.intermediate_size, H);
            lw.down_proj = load_fp8(ckpt, p + "mlp.down_proj", H, c.intermediate_size);
        } else {
            lw.router = load_float_matrix(ckpt, p + "mlp.gate.weight", c.n_routed_experts, H);
            lw.correction_bias = load_vector(ckpt, p + "mlp.gate.e_score_correction_bias", c.n_routed_experts);
        }
        report(l + 3);
    }
    return w;
}

}  // namespace peng
