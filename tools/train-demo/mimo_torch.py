"""MiMo-V2 in torch, for training: spec section 3 as tests/reference/forward.py
computes it (test_torch_matches_reference.py holds the two to 1e-9 in float64).

Geometry comes from the reference's own config parser (model_config.py), and the
RoPE tables from its rope_cos_sin, so angles are bit-identical. Pieces:
hybrid full / sliding-window attention (GQA, partial rotate-half RoPE, value scale,
a sink logit per query head on SWA layers), layer 0 a dense SwiGLU, the others MoE
with the sigmoid router, e_score_correction_bias for selection only, top-k and
renormalised weights; then the MTP layers (spec 5).

MTP input (spec 5 leaves it open): the first MTP layer takes the main model's
output after the final norm, as vLLM passes it; each further layer takes the
previous MTP layer's output before its final_layernorm (vLLM's chain).
"""
import math

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

import reference_path  # noqa: F401
from forward import rope_cos_sin  # the reference's RoPE tables (fp32 angles)


def rms_norm(x, weight, eps):
    return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


class RmsNorm(nn.Module):
    def __init__(self, size, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        return rms_norm(x, self.weight, self.eps)


def _normal(shape, std, generator):
    return nn.Parameter(torch.randn(shape, generator=generator) * std)


class Attention(nn.Module):
    def __init__(self, geometry, hidden, config, out_std, generator):
        super().__init__()
        g = self.g = geometry
        self.value_scale = config.attention_value_scale
        self.window = config.sliding_window if g.sliding else None
        self.wq = _normal((g.num_heads * g.head_dim, hidden), hidden ** -0.5, generator)
        self.wk = _normal((g.num_kv_heads * g.head_dim, hidden), hidden ** -0.5, generator)
        self.wv = _normal((g.num_kv_heads * g.v_head_dim, hidden), hidden ** -0.5, generator)
        self.wo = _normal((hidden, g.num_heads * g.v_head_dim), out_std, generator)
        self.sink = nn.Parameter(torch.zeros(g.num_heads)) if g.has_sink else None
        self._tables = {}

    def _rope(self, length, dtype):
        key = (length, dtype)
        if key not in self._tables:
            cos, sin = rope_cos_sin(np.arange(length), self.g.rope_dim, self.g.rope_theta)
            self._tables[key] = (torch.from_numpy(cos).to(dtype), torch.from_numpy(sin).to(dtype))
        return self._tables[key]

    def _rotate(self, x, cos, sin):
        """Rotate-half on dims [0, rope_dim) of each head; x [B, heads, T, d]."""
        half = self.g.rope_dim // 2
        first, second, rest = x[..., :half], x[..., half:2 * half], x[..., 2 * half:]
        return torch.cat([first * cos - second * sin, second * cos + first * sin, rest], dim=-1)

    def forward(self, x):
        g = self.g
        batch, length, _ = x.shape
        q = (x @ self.wq.T).view(batch, length, g.num_heads, g.head_dim).transpose(1, 2)
        k = (x @ self.wk.T).view(batch, length, g.num_kv_heads, g.head_dim).transpose(1, 2)
        v = (x @ self.wv.T).view(batch, length, g.num_kv_heads, g.v_head_dim).transpose(1, 2) * self.value_scale
        cos, sin = self._rope(length, x.dtype)
        q, k = self._rotate(q, cos, sin), self._rotate(k, cos, sin)
        group = g.num_heads // g.num_kv_heads           # query head h reads KV head h // group
        k = k.repeat_interleave(group, dim=1)
        v = v.repeat_interleave(group, dim=1)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(g.head_dim)
        pos = torch.arange(length)
        allowed = pos[None, :] <= pos[:, None]
        if self.window is not None:                      # 128 keys including the current one
            allowed &= pos[None, :] > pos[:, None] - self.window
        scores = scores.masked_fill(~allowed, float("-inf"))
        if self.sink is not None:
            # One unscaled logit per query head that joins only the softmax denominator.
            sink = self.sink.to(scores.dtype).view(1, -1, 1, 1).expand(batch, -1, length, 1)
            probs = torch.softmax(torch.cat([scores, sink], dim=-1), dim=-1)[..., :-1]
        else:
            probs = torch.softmax(scores, dim=-1)
        heads = (probs @ v).transpose(1, 2).reshape(batch, length, g.num_heads * g.v_head_dim)
        return heads @ self.wo.T


class DenseMlp(nn.Module):
    def __init__(self, hidden, intermediate, out_std, generator):
        super().__init__()
        self.gate = _normal((intermediate, hidden), hidden ** -0.5, generator)
        self.up = _normal((intermediate, hidden), hidden ** -0.5, generator)
        self.down = _normal((hidden, intermediate), out_std, generator)

    def forward(self, x):
        return (F.silu(x @ self.gate.T) * (x @ self.up.T)) @ self.down.T


class Moe(nn.Module):
    """Experts run as batched matmuls: each expert's tokens are gathered into a row of
    [experts, capacity, hidden], experts grouped by their load rounded up to a power
    of two, one group per matmul. No token is dropped, padding stays under 2x even
    when routing is lopsided (early in training one expert may take most tokens),
    and the number of matmuls grows with log(tokens), not with the expert count."""

    def __init__(self, hidden, config, out_std, generator):
        super().__init__()
        experts, inter = config.n_routed_experts, config.moe_intermediate_size
        self.top_k = config.num_experts_per_tok
        self.norm_topk_prob = config.norm_topk_prob
        self.scaling = config.routed_scaling_factor
        self.router = _normal((experts, hidden), hidden ** -0.5, generator)
        # Selection-only bias, moved by the load balancer, never by gradients.
        self.register_buffer("correction_bias", torch.zeros(experts))
        self.gate = _normal((experts, inter, hidden), hidden ** -0.5, generator)
        self.up = _normal((experts, inter, hidden), hidden ** -0.5, generator)
        self.down = _normal((experts, hidden, inter), out_std, generator)
        self.last_load = None

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        experts = self.router.shape[0]
        scores = torch.sigmoid(x @ self.router.T)
        choice = scores.detach() + self.correction_bias.to(scores.dtype)
        idx = torch.topk(choice, self.top_k, dim=-1).indices                    # [N, K]
        weights = scores.gather(-1, idx)
        if self.norm_topk_prob and self.top_k > 1:
            weights = weights / (weights.sum(-1, keepdim=True) + 1e-20)
        weights = weights * self.scaling

        flat = idx.reshape(-1)
        order = torch.argsort(flat, stable=True)
        counts = torch.bincount(flat, minlength=experts)
        starts = torch.cumsum(counts, 0) - counts
        sorted_expert = flat[order]
        slot = torch.arange(flat.numel()) - starts[sorted_expert]
        token = order // self.top_k
        pair_weight = weights.reshape(-1)[order]
        capacity = torch.where(counts > 0, 2 ** torch.ceil(torch.log2(counts.clamp(min=1).double())).long(), 0)
        out = x.new_zeros(x.shape)
        row_of = torch.empty(experts, dtype=torch.long)
        for cap in torch.unique(capacity[capacity > 0]).tolist():
            members = torch.nonzero(capacity == cap).squeeze(1)
            row_of[members] = torch.arange(members.numel())
            pairs = torch.nonzero(capacity[sorted_expert] == cap).squeeze(1)
            rows, slots = row_of[sorted_expert[pairs]], slot[pairs]
            buffer = x.new_zeros(members.numel(), cap, x.shape[-1])
            buffer[rows, slots] = x[token[pairs]]
            gate, up, down = self.gate[members], self.up[members], self.down[members]
            hidden = F.silu(torch.bmm(buffer, gate.transpose(1, 2))) * torch.bmm(buffer, up.transpose(1, 2))
            out_rows = torch.bmm(hidden, down.transpose(1, 2))[rows, slots]
            out = out.index_add(0, token[pairs], out_rows * pair_weight[pairs, None])
        self.last_load = counts.detach()
        return out.reshape(shape)


class Block(nn.Module):
    def __init__(self, layer, config, generator, out_std):
        super().__init__()
        hidden = config.hidden_size
        self.input_norm = RmsNorm(hidden, config.eps)
        self.post_attention_norm = RmsNorm(hidden, config.eps)
        self.attention = Attention(layer.attention, hidden, config, out_std, generator)
        self.mlp = Moe(hidden, config, out_std, generator) if layer.is_moe else \
            DenseMlp(hidden, config.intermediate_size, out_std, generator)

    def forward(self, x):
        x = x + self.attention(self.input_norm(x))
        return x + self.mlp(self.post_attention_norm(x))


class MtpLayer(nn.Module):
    """Spec 5: eh_proj(concat(enorm(embed(next token)), hnorm(h))), a pre-norm SWA
    block with a dense MLP, final_layernorm, then the shared lm_head."""

    def __init__(self, config, generator, out_std):
        super().__init__()
        hidden = config.hidden_size
        self.enorm = RmsNorm(hidden, config.eps)
        self.hnorm = RmsNorm(hidden, config.eps)
        self.eh_proj = _normal((hidden, 2 * hidden), (2 * hidden) ** -0.5, generator)
        self.input_norm = RmsNorm(hidden, config.eps)
        self.attention = Attention(config.swa_attention, hidden, config, out_std, generator)
        self.pre_mlp_norm = RmsNorm(hidden, config.eps)
        self.mlp = DenseMlp(hidden, config.intermediate_size, out_std, generator)
        self.final_norm = RmsNorm(hidden, config.eps)

    def forward(self, next_embeddings, previous_hidden):
        h = torch.cat([self.enorm(next_embeddings), self.hnorm(previous_hidden)], dim=-1) @ self.eh_proj.T
        h = h + self.attention(self.input_norm(h))
        return h + self.mlp(self.pre_mlp_norm(h))


class MimoModel(nn.Module):
    def __init__(self, config, mtp_layers, seed=0):
        """config: the reference's ModelConfig (model_config.py) of the config.json."""
        super().__init__()
        self.config = config
        generator = torch.Generator().manual_seed(seed)
        hidden, vocab = config.hidden_size, config.vocab_size
        out_std = hidden ** -0.5 / math.sqrt(2 * config.num_layers)
        self.embed = _normal((vocab, hidden), 1.0, generator)
        self.layers = nn.ModuleList(Block(layer, config, generator, out_std) for layer in config.layers)
        self.final_norm = RmsNorm(hidden, config.eps)
        self.lm_head = _normal((vocab, hidden), hidden ** -0.5, generator)
        self.mtp = nn.ModuleList(MtpLayer(config, generator, out_std) for _ in range(mtp_layers))

    def moe_layers(self):
        return [block.mlp for block in self.layers if isinstance(block.mlp, Moe)]

    def hidden_states(self, tokens, with_mtp=True):
        """tokens [B, T] -> the final-normed hidden [B, T, H] and, per MTP layer k,
        its final_layernorm output [B, T-1-k, H] (position t predicts token t+2+k)."""
        x = self.embed[tokens]
        for block in self.layers:
            x = block(x)
        hidden = self.final_norm(x)
        mtp_hidden = []
        if with_mtp:
            previous = hidden
            for k, layer in enumerate(self.mtp):
                length = tokens.shape[1] - 1 - k
                if length <= 0:
                    break
                previous = layer(self.embed[tokens[:, 1 + k:]], previous[:, :length])
                mtp_hidden.append(layer.final_norm(previous))
        return hidden, mtp_hidden

    def forward(self, tokens, with_mtp=True):
        """Main logits [B, T, V] and the MTP layers' logits."""
        hidden, mtp_hidden = self.hidden_states(tokens, with_mtp)
        return hidden @ self.lm_head.T, [h @ self.lm_head.T for h in mtp_hidden]
