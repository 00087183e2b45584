// The MiMo-V2 forward pass (spec section 3), top to bottom:
//   x = embed(token)
//   per layer:  x += o_proj(attention(rope(qkv(rmsnorm(x)))))
//               x += mlp_or_moe(rmsnorm(x))
//   logits = lm_head(rmsnorm(x))
// Every reduction runs in a fixed order per row, so the bytes of a row's logits do not
// depend on the block it was computed in, the thread count, or where an expert came from.
#include "model/model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>

#include "kernels/attention.h"
#include "kernels/matvec.h"
#include "model/routing.h"
#include "ops/activation.h"
#include "ops/norm.h"
#include "ops/residual.h"
#include "ops/rope.h"
#include "quant/formats.h"
#include "util/error.h"
#include "util/seconds_since.h"

namespace peng {

namespace {

// ops::rms_norm_rows over vectors: y becomes `rows` normalised rows of n values.
void rms_norm_rows(const std::vector<float>& x, const std::vector<float>& weight, double eps, int rows, int n,
                   std::vector<float>& y) {
    y.resize(static_cast<size_t>(rows) * n);
    ops::rms_norm_rows(x.data(), weight.data(), static_cast<float>(eps), rows, n, y.data());
}

// 2 FLOPs per multiply-add of W x over `rows` rows (the profile's unit of work).
uint64_t matmul_flops(const MatrixView& w, int rows) { return 2 * uint64_t(rows) * uint64_t(w.rows) * uint64_t(w.cols); }

// Sampling from NaN logits gives a confident wrong token; the error names where the
// values broke instead (streamed experts are not checked when the model loads).
[[noreturn]] void non_finite(const std::string& where, int position) {
    throw Error(where + " gave a NaN or infinite value at position " + std::to_string(position) +
                ": a weight there is damaged (NaN, infinity or an E8M0 scale of 255) or a value overflowed");
}

std::string expert_list(const std::vector<RoutedExpert>& routes) {
    std::string out;
    for (const RoutedExpert& r : routes) out += (out.empty() ? "" : ", ") + std::to_string(r.expert);
    return out;
}

}  // namespace

Model::Model(const std::string& dir, const ModelOptions& options) : ckpt_(dir) {
    format_ = detect_expert_format(ckpt_);
    require_matching_inventory(check_inventory(ckpt_, format_), dir);
    // The expert cache's memory is faulted in while the dense weights load, not by the
    // reads that fill it during decode (slot_pool.h).
    const size_t warm_slots = size_t(warm_slots_per_layer(options.store, ckpt_.config())) *
                                  size_t(ckpt_.config().moe_layer_count()) +
                              std::max(options.store.warm_pins, options.store.pins.size());
    auto pool = std::make_unique<SlotPool>(ExpertStore::slot_bytes_of(ckpt_, format_), warm_slots);
    dense_ = load_dense_weights(ckpt_, options.dense);
    gpu_ = open_gpu(ckpt_, format_, dense_, options.gpu, gpu_note_);
    ExpertStoreOptions store = options.store;
    if (gpu_) store.vram = gpu_.get();
    experts_ = std::make_unique<ExpertStore>(ckpt_, format_, store, std::move(pool));
}

void Model::set_hooks(ForwardHooks* hooks) {
    if (hooks && hooks_ && hooks != hooks_) throw Error("the model already has a decode scheduler");
    hooks_ = hooks;
}

std::vector<MatrixView> Model::cpu_decode_matrices() const {
    std::vector<MatrixView> out;
    auto add = [&](const MatrixView& m) {
        if (m.rows > 0 && !(gpu_ && gpu_->holds_dense(m))) out.push_back(m);
    };
    for (const LayerWeights& w : dense_.layers)
        for (const OwnedMatrix* m : {&w.qkv, &w.o_proj, &w.gate_proj, &w.up_proj, &w.down_proj, &w.router}) add(m->view);
    add(dense_.lm_head.view);
    return out;
}

void Model::forward(Session& session, const int* tokens, int count, float* logits, bool all_logits,
                    const RunConfig& run) {
    const ModelConfig& c = config();
    const int H = c.hidden_size;
    check_trim(run.trim, c);
    for (int i = 0; i < count; ++i)
        if (tokens[i] < 0 || tokens[i] >= c.vocab_size)
            throw Error("token id " + std::to_string(tokens[i]) + " is outside the vocabulary (" +
                        std::to_string(c.vocab_size) + ")");

    // 1. Embedding.
    std::vector<float> x = embed(tokens, count);

    // 2. Layers: pre-norm residual blocks. A guess at this token may have run some of
    // them already (next_token_guess.cpp).
    const auto forward_start = Clock::now();
    std::optional<PartialForward> ran = hooks_ ? hooks_->resume(session, tokens, count, run) : std::nullopt;
    int first_layer = 0;
    if (ran) {
        x = std::move(ran->x);
        first_layer = ran->layers_done;
        if (ran->attention_done) mlp_step(first_layer++, session.length, x, count, run.trim);
    } else if (hooks_) {
        hooks_->block_started(x, count);
    }
    run_layers(session, x, count, first_layer, c.num_layers, run.trim);
    session.length += count;

    // 3. Final norm and lm_head.
    if (logits) {
        auto start = Clock::now();
        const int first = all_logits ? 0 : count - 1, rows = count - first;
        std::vector<float> last(x.begin() + size_t(first) * H, x.end());
        std::vector<float> h;
        rms_norm_rows(last, dense_.final_norm, c.layernorm_epsilon, rows, H, h);
        if (!(hooks_ && count == 1 && head_on_cpu() && hooks_->score_head(session, h.data(), logits, run))) {
            dense_matmul(dense_.lm_head.view, h.data(), rows, logits, profile_.dense_flops);
            profile_.head_s += seconds_since(start);
        }
        for (int r = 0; r < rows; ++r) {
            if (!ops::all_finite(logits + size_t(r) * c.vocab_size, size_t(c.vocab_size)))
                non_finite("the final norm and lm_head", session.length - rows + r);
        }
    }
    profile_.total_s += seconds_since(forward_start);
}

void Model::run_layers(Session& session, std::vector<float>& x, int count, int from, int to, const ExpertTrim& trim) {
    for (int l = from; l < to; ++l) {
        if (hooks_ && config().is_moe(l)) hooks_->before_moe_layer(l, x, count);
        attention_step(l, session, x, count);
        mlp_step(l, session.length, x, count, trim);
    }
}

void Model::attention_step(int layer, Session& session, std::vector<float>& x, int count) {
    const ModelConfig& c = config();
    std::vector<float> h, branch;
    rms_norm_rows(x, dense_.layers[layer].input_norm, c.layernorm_epsilon, count, c.hidden_size, h);
    attention_block(layer, session, h, count, branch);
    if (const int bad = ops::add_branch(x.data(), branch.data(), count, c.hidden_size); bad >= 0)
        non_finite("layer " + std::to_string(layer) + "'s attention", session.length + bad);
}

// x += mlp_or_moe(rmsnorm(x)) for layer `layer`.
void Model::mlp_step(int layer, int first_position, std::vector<float>& x, int count, const ExpertTrim& trim) {
    const ModelConfig& c = config();
    std::vector<float> h, branch;
    rms_norm_rows(x, dense_.layers[layer].post_attention_norm, c.layernorm_epsilon, count, c.hidden_size, h);
    std::vector<std::vector<RoutedExpert>> routes;
    if (c.is_moe(layer)) routes = moe(layer, first_position, h, count, trim, branch);
    else dense_mlp(layer, h, count, branch);
    const int bad = ops::add_branch(x.data(), branch.data(), count, c.hidden_size);
    if (bad < 0) return;
    const std::string where = "layer " + std::to_string(layer) + "'s ";
    if (routes.empty()) non_finite(where + "dense MLP", first_position + bad);
    non_finite(where + "routed experts (" + expert_list(routes[bad]) + " active for this token)", first_position + bad);
}

// BF16 embedding rows widened to f32, no scaling.
std::vector<float> Model::embed(const int* tokens, int count) const {
    const int H = config().hidden_size;
    std::vector<float> x(static_cast<size_t>(count) * H);
    for (int i = 0; i < count; ++i) {
        const uint8_t* row = dense_.embed.view.data + static_cast<uint64_t>(tokens[i]) * H * 2;
        for (int k = 0; k < H; ++k) {
            uint16_t bits;
            std::memcpy(&bits, row + 2 * k, 2);
            x[size_t(i) * H + k] = bf16_to_f32(bits);
        }
    }
    return x;
}

// Attention for each row in order: qkv for the whole block, then per row RoPE, append
// to the cache, attend. Rows go one at a time because a later row's key can take the
// ring slot an earlier row still needs.
void Model::attention_block(int layer, Session& session, const std::vector<float>& h, int count,
                            std::vector<float>& out) {
    auto start = Clock::now();
    const ModelConfig& c = config();
    const LayerWeights& w = dense_.layers[layer];
    const AttentionShape a = c.attention(layer);
    const int qkv_rows = a.qkv_rows();
    const float scale = 1.0f / std::sqrt(static_cast<float>(a.head_dim));
    const float value_scale = static_cast<float>(c.attention_value_scale);
    LayerKvCache& cache = session.layers[layer];

    std::vector<float> qkv(static_cast<size_t>(count) * qkv_rows);
    dense_matmul(w.qkv.view, h.data(), count, qkv.data(), profile_.attention_flops);

    std::vector<float> heads_out(static_cast<size_t>(count) * a.num_heads * a.v_head_dim);
    for (int i = 0; i < count; ++i) {
        const int pos = session.length + i;
        float* q = &qkv[size_t(i) * qkv_rows];
        float* k = q + a.q_rows();
        float* v = k + a.k_rows();
        ops::scale(v, value_scale, size_t(a.v_rows()));  // before the cache (spec 3.2c)
        for (int hq = 0; hq < a.num_heads; ++hq) ops::apply_rope(q + hq * a.head_dim, a.rope_dim, a.rope_theta, pos);
        for (int hk = 0; hk < a.num_kv_heads; ++hk) ops::apply_rope(k + hk * a.head_dim, a.rope_dim, a.rope_theta, pos);
        cache.append(pos, k, v);

        // All query heads at once, grouped by KV head; the sink joins the denominator
        // only (spec 3.2e-f). Slot s of the cache holds position s (mod its ring).
        const KvCacheView kv{cache.key(0, 0), cache.value(0, 0), size_t(a.head_dim), size_t(a.v_head_dim), cache.ring_slots(),
                             cache.key_head_stride(), cache.value_head_stride()};
        decode_attention({a.num_heads, a.num_kv_heads, a.head_dim, a.v_head_dim}, q, kv, cache.first_visible(pos), pos,
                         a.has_sink ? w.sink.data() : nullptr, scale, &heads_out[size_t(i) * a.num_heads * a.v_head_dim]);
        // Each head's scores and weighted values over the visible keys.
        profile_.attention_flops += 2 * uint64_t(a.num_heads) * uint64_t(a.head_dim + a.v_head_dim) *
                                    uint64_t(pos - cache.first_visible(pos) + 1);
    }
    out.resize(static_cast<size_t>(count) * c.hidden_size);
    dense_matmul(w.o_proj.view, heads_out.data(), count, out.data(), profile_.attention_flops);
    profile_.attention_s += seconds_since(start);
}

void Model::dense_mlp(int layer, const std::vector<float>& h, int count, std::vector<float>& out) {
    auto start = Clock::now();
    const LayerWeights& w = dense_.layers[layer];
    const int I = w.gate_proj.view.rows;
    std::vector<float> gate(size_t(count) * I), up(size_t(count) * I);
    dense_matmul(w.gate_proj.view, h.data(), count, gate.data(), profile_.dense_flops);
    dense_matmul(w.up_proj.view, h.data(), count, up.data(), profile_.dense_flops);
    ops::swiglu(gate.data(), up.data(), gate.size());
    out.resize(size_t(count) * config().hidden_size);
    dense_matmul(w.down_proj.view, gate.data(), count, out.data(), profile_.dense_flops);
    profile_.dense_s += seconds_since(start);
}

void Model::dense_matmul(const MatrixView& w, const float* x, int rows, float* y, uint64_t& cpu_flops) {
    if (gpu_ && gpu_->holds_dense(w)) {
        gpu_->matmul(w, x, rows, y);
        return;
    }
    matmul(w, x, rows, y);
    cpu_flops += matmul_flops(w, rows);
}

// MoE with batch union: each distinct expert of the block is fetched once and applied
// to every row routed to it; each row then sums its experts in its own router order.
std::vector<std::vector<RoutedExpert>> Model::moe(int layer, int first_position, const std::vector<float>& h, int count,
                                                  const ExpertTrim& trim, std::vector<float>& out) {
    const ModelConfig& c = config();
    const LayerWeights& w = dense_.layers[layer];
    const int H = c.hidden_size, K = c.num_experts_per_tok;

    auto start = Clock::now();
    std::vector<float> router_logits(size_t(count) * c.n_routed_experts);
    matmul(w.router.view, h.data(), count, router_logits.data());
    profile_.dense_flops += matmul_flops(w.router.view, count);
    std::vector<std::vector<RoutedExpert>> routes(count);
    std::map<int, std::vector<std::pair<int, int>>> rows_of_expert;  // expert -> (row, rank in that row)
    for (int i = 0; i < count; ++i) {
        routes[i] = route(c, &router_logits[size_t(i) * c.n_routed_experts], w.correction_bias.data());
        if (trim.active()) routes[i] = trim_routes(routes[i], trim.top_k, trim.top_p);
        for (int k = 0; k < static_cast<int>(routes[i].size()); ++k) rows_of_expert[routes[i][k].expert].push_back({i, k});
    }
    profile_.routed += rows_of_expert.size();
    profile_.experts_run += [&] { size_t n = 0; for (auto& r : routes) n += r.size(); return n; }();
    if (hooks_) {
        std::vector<int> needed;
        for (const auto& entry : rows_of_expert) needed.push_back(entry.first);
        hooks_->moe_routed(layer, needed);
    }
    profile_.router_s += seconds_since(start);

    // The uses the cache policy ranks slots by. A guessed token's count once it is taken
    // up (next_token_guess.cpp), so that a wrong guess's experts gain no standing.
    if (!held_routing_)
        for (const auto& [expert, rows] : rows_of_expert) experts_->count_uses(layer, expert, rows.size());
    if (history_ || observer_ || held_routing_) {
        for (int i = 0; i < count; ++i) {
            std::vector<ExpertTier> served;
            for (const auto& r : routes[i]) served.push_back(experts_->tier_of(layer, r.expert));
            report_routing({layer, first_position + i, routes[i], std::move(served)});
        }
    }

    start = Clock::now();
    const double wait_before = experts_->stats().disk_wait_s;
    std::vector<float> expert_out(size_t(count) * K * H);  // [row][rank][H]
    const double filling_s = run_experts(layer, h, rows_of_expert, expert_out);
    out.assign(size_t(count) * H, 0.0f);
    for (int i = 0; i < count; ++i)
        for (int k = 0; k < static_cast<int>(routes[i].size()); ++k) {
            ops::add_scaled(&out[size_t(i) * H], routes[i][k].weight, &expert_out[(size_t(i) * K + k) * H], size_t(H));
        }
    const double waited = experts_->stats().disk_wait_s - wait_before;
    profile_.disk_wait_s += waited;
    profile_.experts_s += seconds_since(start) - waited - filling_s;
    return routes;
}

void Model::report_routing(RoutingEvent event) {
    if (held_routing_) {
        held_routing_->push_back(std::move(event));
        return;
    }
    if (history_)
        for (const auto& e : event.routes) history_->record(event.layer, e.expert);
    if (observer_) observer_->on_routing(event.layer, event.position, event.routes, event.served);
}

// Computes every routed expert of the block into expert_out[row][rank]. The experts
// the GPU holds go out first in one batched launch; of the rest, resident ones go
// first so that reads of the missing ones overlap their compute; when the layer's
// slots cannot hold them all at once, it runs in waves.
double Model::run_experts(int layer, const std::vector<float>& h,
                          const std::map<int, std::vector<std::pair<int, int>>>& rows_of_expert,
                          std::vector<float>& expert_out) {
    const ModelConfig& c = config();
    const int H = c.hidden_size, K = c.num_experts_per_tok, MI = c.moe_intermediate_size;
    std::vector<int> pending, on_device;
    std::vector<VramWork> device_work;
    for (const auto& [expert, rows] : rows_of_expert)
        if (experts_->tier_of(layer, expert) == ExpertTier::Vram) {
            on_device.push_back(expert);
            device_work.push_back({expert, {}});
            for (const auto& row_rank : rows) device_work.back().rows.push_back(row_rank.first);
        }
    for (int pass = 0; pass < 2; ++pass)
        for (const auto& [expert, rows] : rows_of_expert) {
            const ExpertTier tier = experts_->tier_of(layer, expert);
            if (tier != ExpertTier::Vram && (tier == ExpertTier::Disk) == (pass == 1)) pending.push_back(expert);
        }

    struct ReleaseOnExit {
        ExpertStore& store;
        int layer;
        ~ReleaseOnExit() { store.release(layer); }
    } release{*experts_, layer};

    if (!device_work.empty()) {
        experts_->request(layer, on_device);  // counts the VRAM hits
        experts_->vram()->launch(layer, h.data(), static_cast<int>(h.size() / H), device_work);
    }
    std::vector<float> xs, gate, up, down;
    double filling_s = 0;
    while (!pending.empty()) {
        const size_t granted = experts_->request(layer, pending);
        if (granted == 0) throw Error("layer " + std::to_string(layer) + " has no expert slot to load into");
        for (size_t g = 0; g < granted; ++g) {
            const int expert = pending[g];
            const auto& rows = rows_of_expert.at(expert);
            const int m = static_cast<int>(rows.size());
            xs.resize(size_t(m) * H);
            for (int j = 0; j < m; ++j) std::copy_n(&h[size_t(rows[j].first) * H], H, &xs[size_t(j) * H]);
            if (hooks_) {
                const auto fill_start = Clock::now();
                hooks_->waiting_for_expert(layer, expert);
                filling_s += seconds_since(fill_start);
            }
            const ExpertWeights& e = experts_->wait(layer, expert);
            gate.resize(size_t(m) * MI);
            up.resize(size_t(m) * MI);
            down.resize(size_t(m) * H);
            matmul(e.gate, xs.data(), m, gate.data());
            matmul(e.up, xs.data(), m, up.data());
            ops::swiglu(gate.data(), up.data(), gate.size());
            matmul(e.down, gate.data(), m, down.data());
            profile_.expert_flops += matmul_flops(e.gate, m) + matmul_flops(e.up, m) + matmul_flops(e.down, m);
            for (int j = 0; j < m; ++j)
                std::copy_n(&down[size_t(j) * H], H, &expert_out[(size_t(rows[j].first) * K + rows[j].second) * H]);
        }
        experts_->release(layer);
        pending.erase(pending.begin(), pending.begin() + static_cast<long>(granted));
    }
    if (!device_work.empty()) {
        size_t jobs = 0;
        for (const VramWork& w : device_work) jobs += w.rows.size();
        down.resize(jobs * H);
        experts_->vram()->wait(down.data());
        size_t job = 0;
        for (const VramWork& w : device_work)
            for (const auto& [row, rank] : rows_of_expert.at(w.expert))
                std::copy_n(&down[job++ * H], H, &expert_out[(size_t(row) * K + rank) * H]);
    }
    return filling_s;
}

// The router lookahead's guess (decode_scheduler.cpp): the layer's router applied to the
// residual state before its attention. It misses only the attention's contribution.
std::vector<int> Model::route_ahead(int layer, const std::vector<float>& x, int count) {
    const ModelConfig& c = config();
    const LayerWeights& w = dense_.layers[layer];
    std::vector<float> h;
    rms_norm_rows(x, w.post_attention_norm, c.layernorm_epsilon, count, c.hidden_size, h);
    std::vector<float> logits(size_t(count) * c.n_routed_experts);
    matmul(w.router.view, h.data(), count, logits.data());
    profile_.dense_flops += matmul_flops(w.router.view, count);
    std::vector<int> predicted;
    for (int i = 0; i < count; ++i)
        for (const auto& r : route(c, &logits[size_t(i) * c.n_routed_experts], w.correction_bias.data()))
            if (std::find(predicted.begin(), predicted.end(), r.expert) == predicted.end()) predicted.push_back(r.expert);
    return predicted;
}

void Model::score_head_rows(const float* h, int begin, int end, float* logits) {
    const MatrixView rows = dense_.lm_head.view.row_range(begin, end);
    matmul(rows, h, 1, logits + begin);
    profile_.dense_flops += matmul_flops(rows, 1);
}

}  // namespace peng
