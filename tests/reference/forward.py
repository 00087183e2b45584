"""The MiMo-V2 forward pass of spec section 3, in float64.

float64 makes this the stronger oracle: its own rounding is ~1e-16, so a
disagreement with the engine (fp32 arithmetic over BF16/FP8/MXFP4 weights) is
either the engine's fp32 rounding, small against the test tolerance, or a
real bug. The one place that follows the spec's fp32 on purpose is the RoPE
angle (p * inv_freq in fp32, spec 3.2d), because it is part of the model's
definition as the reference implementations compute it. The router runs in
float64; routing near-ties are reported as margins instead (spec 7.12).

Positions are processed in blocks: a block of n new tokens attends to the
whole cache plus itself under the causal / sliding-window mask, so
teacher-forced logits (one block) and greedy decoding (one token per block)
use the same code.
"""
import numpy as np

from weights import linear


def rms_norm(x, weight, eps):
    """y = w * x / sqrt(mean(x^2) + eps) (spec 3.2a)."""
    return weight * (x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps))


def sigmoid(x):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def silu(x):
    return x * sigmoid(x)


def rope_cos_sin(positions, rope_dim, theta):
    """inv_freq[i] = theta^(-2i/rope_dim), i < rope_dim/2 (the exponent's
    denominator is rope_dim, not head_dim: spec 3.2d, 7.11). Computed as the
    reference implementations do, in fp32: 1 / theta^(2i/rope_dim); the angle
    p * inv_freq is an fp32 product; cos and sin of that angle in float64."""
    half = rope_dim // 2
    exponent = np.arange(0, rope_dim, 2, dtype=np.float32) / np.float32(rope_dim)
    inv_freq = np.float32(1.0) / np.power(np.float32(theta), exponent, dtype=np.float32)
    angle = positions.astype(np.float32)[:, None] * inv_freq[None, :half]
    angle = angle.astype(np.float64)
    return np.cos(angle), np.sin(angle)


def apply_rope(x, cos, sin, rope_dim):
    """Rotate-half (NeoX) on dims [0, rope_dim) of every head; the rest pass through.
    x: [n, heads, head_dim]; dims i and i + rope_dim/2 form a pair."""
    half = rope_dim // 2
    c = cos[:, None, :]
    s = sin[:, None, :]
    first = x[..., :half]
    second = x[..., half:rope_dim]
    out = x.copy()
    out[..., :half] = first * c - second * s
    out[..., half:rope_dim] = second * c + first * s
    return out


class KvCache:
    """Keys (already rotated) and scaled values of every past position, per layer.
    The whole history is kept; the sliding window is applied by the mask."""

    def __init__(self, num_layers):
        self.keys = [None] * num_layers
        self.values = [None] * num_layers
        self.length = 0

    def append(self, layer, k, v):
        if self.keys[layer] is None:
            self.keys[layer], self.values[layer] = k, v
        else:
            self.keys[layer] = np.concatenate([self.keys[layer], k])
            self.values[layer] = np.concatenate([self.values[layer], v])
        return self.keys[layer], self.values[layer]


def attention(h, positions, geometry, w, config, cache, layer_index):
    """Spec 3.2b-g for a block of n tokens at absolute `positions`."""
    g = geometry
    n = h.shape[0]
    q = linear(h, w.wq).reshape(n, g.num_heads, g.head_dim)
    k = linear(h, w.wk).reshape(n, g.num_kv_heads, g.head_dim)
    v = linear(h, w.wv).reshape(n, g.num_kv_heads, g.v_head_dim)
    v = v * config.attention_value_scale                      # 3.2c, before the cache

    cos, sin = rope_cos_sin(positions, g.rope_dim, g.rope_theta)
    q = apply_rope(q, cos, sin, g.rope_dim)
    k = apply_rope(k, cos, sin, g.rope_dim)
    keys, values = cache.append(layer_index, k, v)
    key_positions = np.arange(keys.shape[0])

    # GQA: query head h reads KV head h // (nq / nkv) (3.2e).
    group = g.num_heads // g.num_kv_heads
    qg = q.reshape(n, g.num_kv_heads, group, g.head_dim)
    scores = np.einsum("nkgd,lkd->kgnl", qg, keys) / np.sqrt(g.head_dim)

    allowed = key_positions[None, :] <= positions[:, None]
    if g.sliding:
        # 128 keys including the current one: p - W < t <= p (spec 3.2e, 7.13).
        allowed &= key_positions[None, :] > positions[:, None] - config.sliding_window
    scores = np.where(allowed[None, None], scores, -np.inf)

    row_max = scores.max(axis=-1)                               # [kv, group, n]
    if w.sink is not None:
        # One logit per query head, joins only the denominator, unscaled (3.2f).
        sink = w.sink.reshape(g.num_kv_heads, group)[:, :, None]
        row_max = np.maximum(row_max, sink)
    weights = np.exp(scores - row_max[..., None])
    denominator = weights.sum(axis=-1)
    if w.sink is not None:
        denominator = denominator + np.exp(sink - row_max)
    probs = weights / denominator[..., None]

    heads = np.einsum("kgnl,lkd->nkgd", probs, values)          # head order kv * group + g
    return linear(heads.reshape(n, g.num_heads * g.v_head_dim), w.wo)


def dense_mlp(h, w):
    """SwiGLU: down(silu(gate h) * up h) (3.2i)."""
    return linear(silu(linear(h, w.gate)) * linear(h, w.up), w.down)


class RoutingRecord:
    """One layer's routing for a block: experts, weights, and the margin between
    the K-th and (K+1)-th biased selection scores of each token (spec 7.12)."""

    def __init__(self, layer, experts, weights, margins):
        self.layer = layer
        self.experts = experts
        self.weights = weights
        self.margins = margins


def select_experts(scores, bias, config):
    """noaux_tc selection (3.2j). Returns expert ids [n, K] in descending biased
    score, and the per-token selection margin."""
    n, num_experts = scores.shape
    top_k = config.num_experts_per_tok
    choice = scores + bias                         # used only to pick experts
    margins = np.full(n, np.inf)
    if config.n_group > 1:
        # Group score = sum of its top-2 choice values; keep the best topk_group groups.
        grouped = choice.reshape(n, config.n_group, num_experts // config.n_group)
        group_scores = np.sort(grouped, axis=-1)[..., -2:].sum(axis=-1)
        group_order = np.argsort(-group_scores, axis=-1, kind="stable")
        if config.topk_group < config.n_group:
            sorted_groups = np.take_along_axis(group_scores, group_order, axis=-1)
            margins = sorted_groups[:, config.topk_group - 1] - sorted_groups[:, config.topk_group]
        keep = np.zeros((n, config.n_group), dtype=bool)
        np.put_along_axis(keep, group_order[:, :config.topk_group], True, axis=-1)
        choice = np.where(np.repeat(keep, num_experts // config.n_group, axis=-1), choice, -np.inf)
    order = np.argsort(-choice, axis=-1, kind="stable")
    experts = order[:, :top_k]
    if num_experts > top_k:
        ranked = np.take_along_axis(choice, order[:, :top_k + 1], axis=-1)
        margins = np.minimum(margins, ranked[:, top_k - 1] - ranked[:, top_k])
    return experts, margins


def moe(h, w, config, layer_index):
    """Sigmoid router, biased top-K selection, unbiased renormalized weights (3.2j)."""
    scores = sigmoid(h @ w.router.T)
    experts, margins = select_experts(scores, w.correction_bias, config)
    gate = np.take_along_axis(scores, experts, axis=-1)          # weights use s, not s + bias
    if config.norm_topk_prob and config.num_experts_per_tok > 1:
        gate = gate / (gate.sum(axis=-1, keepdims=True) + 1e-20)
    gate = gate * config.routed_scaling_factor

    out = np.zeros_like(h)
    for e in np.unique(experts):
        rows, slots = np.nonzero(experts == e)
        out[rows] += gate[rows, slots][:, None] * dense_mlp(h[rows], w.expert(int(e)))
    return out, RoutingRecord(layer_index, experts, gate, margins)


def forward_block(tokens, weights, config, cache):
    """Logits [n, vocab_size] for `tokens` appended after the cache; updates the cache.
    Returns (logits, routing records of this block)."""
    tokens = np.asarray(tokens, dtype=np.int64)
    if tokens.size and (tokens.min() < 0 or tokens.max() >= config.vocab_size):
        raise ValueError(f"token id out of range [0, {config.vocab_size})")
    positions = np.arange(cache.length, cache.length + tokens.size)
    x = weights.embed[tokens].astype(np.float64)                 # no sqrt(H) scaling (3.1)
    routing = []
    for layer, w in zip(config.layers, weights.layers):
        h = rms_norm(x, w.input_norm, config.eps)
        x = x + attention(h, positions, layer.attention, w.attention, config, cache, layer.index)
        h2 = rms_norm(x, w.post_attention_norm, config.eps)
        if w.moe is not None:
            out, record = moe(h2, w.moe, config, layer.index)
            routing.append(record)
        else:
            out = dense_mlp(h2, w.mlp)
        x = x + out
    cache.length += tokens.size
    x = rms_norm(x, weights.final_norm, config.eps)
    return linear(x, weights.lm_head), routing
