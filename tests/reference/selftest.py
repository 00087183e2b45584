#!/usr/bin/python3
"""Self-test of the independent reference (CTest: reference_selftest).

- decoders against hand-computed bytes (spec 4.3, 4.4);
- a tiny checkpoint in the release layout, written by selftest_writer.py from
  known weights, must decode to exactly the values the writer quantized to;
- the vectorized float64 forward must match a naive per-position torch
  implementation of spec 3 on those weights, and give the same logits when fed
  one token at a time (KV cache) as in one block;
- compare_logits.py, run against the reference's own CLI mirror, passes, and
  fails when that mirror's logits are perturbed.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import formats  # noqa: E402
import forward  # noqa: E402
import weights as weights_module  # noqa: E402
from mimo_reference import MimoReference, tokenizer_id_count  # noqa: E402
from model_config import ModelConfig, load_config  # noqa: E402
from selftest_writer import TinyModel, tiny_config, write_safetensors  # noqa: E402
from st_reader import Checkpoint, CheckpointError, RawTensor, SafetensorsFile  # noqa: E402


def raw(dtype, array, name="t"):
    return RawTensor(name, dtype, np.asarray(array), "<memory>")


class FakeCheckpoint:
    def __init__(self, tensors):
        self.tensors = tensors

    def get(self, name):
        return self.tensors[name]

    def has(self, name):
        return name in self.tensors


class DecoderValues(unittest.TestCase):
    def test_fp8_e4m3fn_hand_values(self):
        f = formats.fp8_e4m3fn_to_f64
        self.assertEqual(f(0x38), 1.0)
        self.assertEqual(f(0x7E), 448.0)            # largest finite
        self.assertEqual(f(0xFE), -448.0)
        self.assertEqual(f(0x01), 2.0 ** -9)        # smallest subnormal: 1/8 * 2^-6
        self.assertEqual(f(0x07), 7 / 8 * 2.0 ** -6)
        self.assertEqual(f(0x08), 2.0 ** -6)        # smallest normal
        self.assertEqual(f(0x40), 2.0)
        self.assertEqual(f(0x3C), 1.5)
        self.assertEqual(f(0xB8), -1.0)
        self.assertEqual(f(0x80), 0.0)
        self.assertTrue(math.copysign(1.0, f(0x80)) < 0)
        self.assertTrue(math.isnan(f(0x7F)) and math.isnan(f(0xFF)))
        self.assertEqual(int(np.isnan(formats.FP8_E4M3FN_TABLE).sum()), 2)

    def test_bf16(self):
        self.assertEqual(list(formats.bf16_to_f64(np.array([0x3F80, 0xC000, 0x0000, 0x4049]))),
                         [1.0, -2.0, 0.0, 3.140625])

    def test_mxfp4_nibble_order_and_scale(self):
        # 0x2F: low nibble 0xF (-6) is column 0, high nibble 0x2 (1.0) column 1; E8M0 128 = 2.
        w = raw("U8", np.array([[0x2F] + [0] * 15], dtype=np.uint8))
        s = raw("U8", np.array([[128]], dtype=np.uint8))
        decoded = formats.dequant_mxfp4(w, s)
        self.assertEqual(decoded.shape, (1, 32))
        self.assertEqual(list(decoded[0, :2]), [-12.0, 2.0])
        self.assertTrue((decoded[0, 2:] == 0).all())
        self.assertEqual(list(formats.E2M1_TABLE[:8]), [0, 0.5, 1, 1.5, 2, 3, 4, 6])
        self.assertEqual(formats.e8m0_to_f64(127), 1.0)
        self.assertEqual(formats.e8m0_to_f64(120), 2.0 ** -7)

    def test_mxfp4_scale_per_32_columns(self):
        w = raw("U8", np.full((1, 32), 0x22, dtype=np.uint8))        # 64 columns of 1.0
        s = raw("U8", np.array([[127, 129]], dtype=np.uint8))
        decoded = formats.dequant_mxfp4(w, s)
        self.assertTrue((decoded[0, :32] == 1.0).all() and (decoded[0, 32:] == 4.0).all())

    def test_fp8_block_dequant_is_a_multiply(self):
        codes = np.full((130, 130), 0x38, dtype=np.uint8)           # all 1.0
        grid = np.array([[2.0, 3.0], [5.0, 7.0]], dtype=np.float32)
        w = formats.dequant_fp8_block(raw("F8_E4M3", codes), raw("F32", grid))
        self.assertEqual((w[0, 0], w[0, 129], w[129, 0], w[129, 129]), (2.0, 3.0, 5.0, 7.0))
        self.assertEqual((w[127, 127], w[128, 128]), (2.0, 7.0))

    def test_per_chunk_rowblocks_flash_geometry(self):
        # Flash full layer: T = 4 chunks of R = 3392 rows -> 4 x 27 = 108 scale rows (spec 4.3).
        blocks = formats.per_chunk_rowblocks(4 * 3392, 3392)
        self.assertEqual(int(blocks.max()) + 1, 108)
        self.assertEqual((blocks[3391], blocks[3392], blocks[3392 + 128]), (26, 27, 28))
        self.assertEqual(int(formats.contiguous_rowblocks(4 * 3392).max()) + 1, 106)
        # SWA: R = 3712, 4 x 29 = 116, the same count as contiguous.
        self.assertEqual(int(formats.per_chunk_rowblocks(4 * 3712, 3712).max()) + 1, 116)


class QkvLayout(unittest.TestCase):
    def _geometry(self):
        cfg = ModelConfig(tiny_config())
        return cfg.full_attention    # nq 6, nkv 2, hd 32, vd 8; T = 2 -> R = 136

    def test_contiguous_grid_detected_by_scale_rows(self):
        g = self._geometry()
        rng = np.random.default_rng(1)
        codes = rng.integers(0, 0x7E, size=(272, 160)).astype(np.uint8)
        grid = rng.uniform(0.5, 2.0, size=(3, 2)).astype(np.float32)     # ceil(272/128) = 3 rows: contiguous
        ckpt = FakeCheckpoint({"x.weight": raw("F8_E4M3", codes), "x.weight_scale_inv": raw("F32", grid)})
        wq, wk, wv = weights_module.decode_fused_qkv(ckpt, "x", g, 2, 160)
        stored = formats.fp8_e4m3fn_to_f64(codes) * grid[np.arange(272) // 128][:, np.arange(160) // 128]
        self.assertTrue(np.array_equal(wq, np.concatenate([stored[0:96], stored[136:232]])))
        self.assertTrue(np.array_equal(wk, np.concatenate([stored[96:128], stored[232:264]])))
        self.assertTrue(np.array_equal(wv, np.concatenate([stored[128:136], stored[264:272]])))

    def test_per_chunk_grid_straddles_chunk_boundary(self):
        g = self._geometry()
        codes = np.full((272, 160), 0x38, dtype=np.uint8)
        grid = np.arange(1, 9, dtype=np.float32).reshape(4, 2)           # 2 chunks x ceil(136/128)
        ckpt = FakeCheckpoint({"x.weight": raw("F8_E4M3", codes), "x.weight_scale_inv": raw("F32", grid)})
        wq, wk, wv = weights_module.decode_fused_qkv(ckpt, "x", g, 2, 160)
        # Stored row 130 (chunk 0, V rows 128..135) uses scale row 1; row 136 (chunk 1, Q) scale row 2.
        self.assertEqual(wv[2, 0], 3.0)        # V row 2 of chunk 0 = stored row 130
        self.assertEqual(wq[96, 0], 5.0)       # first Q row of chunk 1 = stored row 136
        self.assertEqual(wv[8, 129], 8.0)      # V of chunk 1 = stored row 264 -> scale row 3, column block 1

    def test_wrong_scale_rows_rejected(self):
        g = self._geometry()
        ckpt = FakeCheckpoint({"x.weight": raw("F8_E4M3", np.zeros((272, 160), np.uint8)),
                               "x.weight_scale_inv": raw("F32", np.ones((5, 2), np.float32), "x.weight_scale_inv")})
        with self.assertRaisesRegex(CheckpointError, "match neither"):
            weights_module.decode_fused_qkv(ckpt, "x", g, 2, 160)


class Routing(unittest.TestCase):
    def test_group_limited_selection_matches_brute_force(self):
        raw_cfg = dict(tiny_config(), n_routed_experts=8, num_experts_per_tok=2, n_group=4, topk_group=2)
        cfg = ModelConfig(raw_cfg)
        rng = np.random.default_rng(3)
        scores = rng.uniform(size=(50, 8))
        bias = rng.normal(scale=0.1, size=8)
        experts, margins = forward.select_experts(scores, bias, cfg)
        for row in range(50):
            c = scores[row] + bias
            group_score = [sorted(c[2 * g:2 * g + 2])[-2:][0] + sorted(c[2 * g:2 * g + 2])[-1] for g in range(4)]
            kept = sorted(range(4), key=lambda g: -group_score[g])[:2]
            eligible = [e for e in range(8) if e // 2 in kept]
            best = sorted(eligible, key=lambda e: -c[e])[:2]
            self.assertEqual(list(experts[row]), best)
            self.assertGreaterEqual(margins[row], 0)

    def test_margin_is_kth_minus_next(self):
        cfg = ModelConfig(tiny_config())
        scores = np.array([[0.9, 0.1, 0.5, 0.45, 0.2, 0.3, 0.0, 0.05]])
        experts, margins = forward.select_experts(scores, np.zeros(8), cfg)
        self.assertEqual(list(experts[0]), [0, 2])
        self.assertAlmostEqual(margins[0], 0.05)


class Config(unittest.TestCase):
    def test_swa_geometry_and_defaults(self):
        cfg = ModelConfig(tiny_config())
        swa = cfg.layers[1].attention
        self.assertTrue(swa.sliding and swa.has_sink)
        self.assertEqual((swa.num_heads, swa.num_kv_heads, swa.head_dim, swa.v_head_dim, swa.rope_dim),
                         (8, 4, 16, 16, 8))        # swa_v_head_dim missing -> swa_head_dim
        self.assertEqual(swa.rope_theta, 10000.0)
        full = cfg.layers[0].attention
        self.assertFalse(full.sliding or full.has_sink)
        self.assertEqual((full.head_dim, full.v_head_dim, full.rope_dim, full.rope_theta), (32, 8, 16, 1e7))
        self.assertEqual(cfg.routed_scaling_factor, 1.0)
        self.assertEqual([layer.is_moe for layer in cfg.layers], [False, True, True, True])

    def test_sliding_window_size_alias(self):
        c = tiny_config()
        del c["sliding_window"]
        self.assertEqual(ModelConfig(c).sliding_window, 8)


class TinyCheckpointBase(unittest.TestCase):
    expert_format = "mxfp4"
    qkv_grid = "per_chunk"

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="peng-ref-selftest-")
        cls.model_dir = os.path.join(cls.tmp, f"selftest-{cls.expert_format}")
        cls.model = TinyModel(cls.model_dir, cls.expert_format, qkv_grid=cls.qkv_grid).build()
        cls.reference = MimoReference(cls.model_dir)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)


class RoundTrip(TinyCheckpointBase):
    def assert_exact(self, name, decoded):
        expected = self.model.expected[name]
        self.assertEqual(decoded.shape, expected.shape, name)
        self.assertTrue(np.array_equal(np.asarray(decoded, dtype=np.float64), expected), name)

    def test_every_tensor_decodes_exactly(self):
        w = self.reference.weights
        self.assert_exact("model.embed_tokens", w.embed)
        self.assert_exact("lm_head", w.lm_head)
        self.assert_exact("model.norm.weight", w.final_norm)
        for l, layer in enumerate(w.layers):
            p = f"model.layers.{l}"
            self.assert_exact(p + ".input_layernorm.weight", layer.input_norm)
            self.assert_exact(p + ".post_attention_layernorm.weight", layer.post_attention_norm)
            self.assert_exact(p + ".self_attn.qkv_proj.q", layer.attention.wq)
            self.assert_exact(p + ".self_attn.qkv_proj.k", layer.attention.wk)
            self.assert_exact(p + ".self_attn.qkv_proj.v", layer.attention.wv)
            self.assert_exact(p + ".self_attn.o_proj", layer.attention.wo)
            if layer.attention.sink is not None:
                self.assert_exact(p + ".self_attn.attention_sink_bias", layer.attention.sink)
            else:
                self.assertNotIn(p + ".self_attn.attention_sink_bias", self.model.expected)
            if layer.mlp is not None:
                for proj in ("gate", "up", "down"):
                    self.assert_exact(f"{p}.mlp.{proj}_proj", getattr(layer.mlp, proj))
                continue
            self.assert_exact(p + ".mlp.gate", layer.moe.router)
            self.assert_exact(p + ".mlp.gate.e_score_correction_bias", layer.moe.correction_bias)
            for e in range(layer.moe.num_experts):
                expert = layer.moe.expert(e)
                for proj in ("gate", "up", "down"):
                    self.assert_exact(f"{p}.mlp.experts.{e}.{proj}_proj", getattr(expert, proj))

    def test_quantization_is_close_to_the_float_weights(self):
        # Guards the writer itself: its exact values must be a faithful quantization.
        name = "model.layers.1.mlp.experts.3.down_proj"
        self.assertLess(np.abs(self.model.expected[name]).max(), 10)

    def test_weight_and_scale_resolved_across_shards(self):
        index = self.reference.checkpoint.weight_map
        p = "model.layers.1.self_attn.qkv_proj"
        self.assertNotEqual(index[p + ".weight"], index[p + ".weight_scale_inv"])

    def test_qkv_scale_rows_follow_the_grid(self):
        scale = self.reference.checkpoint.get("model.layers.0.self_attn.qkv_proj.weight_scale_inv")
        self.assertEqual(scale.shape[0], 4 if self.qkv_grid == "per_chunk" else 3)

    def test_tokenizer_count(self):
        self.assertEqual(tokenizer_id_count(self.model_dir), 200)


def naive_torch_forward(tokens, expected, cfg):
    """Spec 3 written position by position in torch float64, deliberately unlike
    forward.py: explicit loops, the sink as an appended softmax column, torch.topk."""
    t = lambda name: torch.tensor(expected[name], dtype=torch.float64)  # noqa: E731
    c = cfg.raw

    def norm(x, w):
        return w * x / torch.sqrt((x * x).mean() + cfg.eps)

    def rope(vec, p, rd, theta):
        inv_freq = 1.0 / (torch.tensor(theta, dtype=torch.float32) **
                          (torch.arange(0, rd, 2, dtype=torch.float32) / rd))
        angle = (torch.tensor(float(p), dtype=torch.float32) * inv_freq).double()
        out = vec.clone()
        half = rd // 2
        for i in range(half):
            a, b = vec[i], vec[i + half]
            out[i] = a * torch.cos(angle[i]) - b * torch.sin(angle[i])
            out[i + half] = b * torch.cos(angle[i]) + a * torch.sin(angle[i])
        return out

    def swiglu(x, prefix):
        return t(prefix + ".down_proj") @ (torch.nn.functional.silu(t(prefix + ".gate_proj") @ x) *
                                           (t(prefix + ".up_proj") @ x))

    n = len(tokens)
    xs = [t("model.embed_tokens")[tok] for tok in tokens]
    for layer in cfg.layers:
        g = layer.attention
        p = f"model.layers.{layer.index}"
        hs = [norm(x, t(p + ".input_layernorm.weight")) for x in xs]
        qs, ks, vs = [], [], []
        for pos, h in enumerate(hs):
            q = (t(p + ".self_attn.qkv_proj.q") @ h).reshape(g.num_heads, g.head_dim)
            k = (t(p + ".self_attn.qkv_proj.k") @ h).reshape(g.num_kv_heads, g.head_dim)
            v = (t(p + ".self_attn.qkv_proj.v") @ h).reshape(g.num_kv_heads, g.v_head_dim) * c["attention_value_scale"]
            qs.append(torch.stack([rope(q[i], pos, g.rope_dim, g.rope_theta) for i in range(g.num_heads)]))
            ks.append(torch.stack([rope(k[i], pos, g.rope_dim, g.rope_theta) for i in range(g.num_kv_heads)]))
            vs.append(v)
        new_xs = []
        for pos in range(n):
            first = max(0, pos - cfg.sliding_window + 1) if g.sliding else 0
            heads = []
            for head in range(g.num_heads):
                kv = head // (g.num_heads // g.num_kv_heads)
                scores = torch.stack([qs[pos][head] @ ks[s][kv] for s in range(first, pos + 1)]) / math.sqrt(g.head_dim)
                if g.has_sink:
                    scores = torch.cat([scores, t(p + ".self_attn.attention_sink_bias")[head:head + 1]])
                probs = torch.softmax(scores, dim=0)[:pos + 1 - first]
                heads.append(sum(probs[j] * vs[first + j][kv] for j in range(pos + 1 - first)))
            x = xs[pos] + t(p + ".self_attn.o_proj") @ torch.cat(heads)
            h2 = norm(x, t(p + ".post_attention_layernorm.weight"))
            if not layer.is_moe:
                x = x + swiglu(h2, p + ".mlp")
            else:
                s = torch.sigmoid(t(p + ".mlp.gate") @ h2)
                _, idx = torch.topk(s + t(p + ".mlp.gate.e_score_correction_bias"), cfg.num_experts_per_tok)
                w = s[idx] / (s[idx].sum() + 1e-20)
                for k_slot in range(cfg.num_experts_per_tok):
                    x = x + w[k_slot] * swiglu(h2, f"{p}.mlp.experts.{int(idx[k_slot])}")
            new_xs.append(x)
        xs = new_xs
    return torch.stack([t("lm_head") @ norm(x, t("model.norm.weight")) for x in xs]).numpy()


class ForwardPass(TinyCheckpointBase):
    tokens = [int(i) for i in np.random.default_rng(11).integers(0, 200, size=21)]    # > window of 8

    def test_matches_naive_torch(self):
        ours, routing = self.reference.logits(self.tokens)
        naive = naive_torch_forward(self.tokens, self.model.expected, self.reference.config)
        value_range = ours.max() - ours.min()
        self.assertLess(np.abs(ours - naive).max(), 1e-9 * value_range)
        self.assertTrue(min(r.margins.min() for r in routing) > 1e-9, "test sequence has a routing near-tie")

    def test_one_token_at_a_time_equals_one_block(self):
        block, _ = self.reference.logits(self.tokens)
        cache = self.reference.new_cache()
        rows = [self.reference.logits(self.tokens[:5], cache)[0]]
        rows += [self.reference.logits([tok], cache)[0] for tok in self.tokens[5:]]
        stepwise = np.concatenate(rows)
        self.assertLess(np.abs(block - stepwise).max(), 1e-10 * (block.max() - block.min()))

    def test_window_and_sink_matter(self):
        # Guards against a test that cannot fail: the window and the sink change the logits.
        base, _ = self.reference.logits(self.tokens)
        cfg = self.reference.config
        saved = cfg.sliding_window
        try:
            cfg.sliding_window = 1000
            wide, _ = self.reference.logits(self.tokens)
        finally:
            cfg.sliding_window = saved
        self.assertTrue(np.allclose(base[:8], wide[:8]))
        self.assertFalse(np.allclose(base[8:], wide[8:]))
        sink_layer = self.reference.weights.layers[1].attention
        saved_sink = sink_layer.sink
        try:
            sink_layer.sink = saved_sink - 50.0
            no_sink, _ = self.reference.logits(self.tokens)
        finally:
            sink_layer.sink = saved_sink
        self.assertFalse(np.allclose(base, no_sink))


class Fp8Experts(RoundTrip):
    """V2.5 style: FP8 experts with weight_scale_inv, F32 router."""
    expert_format = "fp8"


class ContiguousQkvGrid(RoundTrip):
    """A qkv whose scale grid is contiguous (3 rows, not 4) is detected by its row count."""
    qkv_grid = "contiguous"


MIRROR_PERTURBING_LOGITS = """#!/usr/bin/python3
import sys
import numpy as np
sys.path.insert(0, {here!r})
import mimo_reference
code = mimo_reference.main(sys.argv[1:])
if sys.argv[1] == "logits":
    out = sys.argv[sys.argv.index("--out") + 1]
    logits = np.fromfile(out, dtype="<f4")
    logits[12345] += 0.01 * (logits.max() - logits.min())
    logits.tofile(out)
sys.exit(code)
"""


class CompareHarness(TinyCheckpointBase):
    def run_compare(self, cli, *extra):
        return subprocess.run([sys.executable, os.path.join(HERE, "compare_logits.py"), self.model_dir,
                               "--cli", cli, "--len", "300", "--ngen", "16", *extra],
                              capture_output=True, text=True, timeout=600)

    def test_reference_against_itself_passes(self):
        done = self.run_compare(os.path.join(HERE, "mimo_reference.py"))
        self.assertEqual(done.returncode, 0, done.stderr)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        self.assertEqual(result["positions"], 300)
        self.assertLess(result["ratio"], 1e-6)       # only the float32 file rounding
        self.assertEqual(result["argmax_mismatches"], 0)
        self.assertIs(result["greedy_match"], True)
        self.assertGreater(result["min_router_margin"], 0)

    def test_perturbed_logits_fail(self):
        script = os.path.join(self.tmp, "perturbing_cli.py")
        with open(script, "w") as f:
            f.write(MIRROR_PERTURBING_LOGITS.format(here=HERE))
        done = self.run_compare(script)
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("max abs logit diff", done.stderr)

    def test_missing_cli_is_an_error(self):
        done = self.run_compare(os.path.join(self.tmp, "no-such-cli"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("not found", done.stderr)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="peng-ref-bad-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_truncated_shard_names_file_and_tensor(self):
        path = os.path.join(self.tmp, "model.safetensors")
        write_safetensors(path, [("a", "F32", np.zeros(4, np.float32)), ("b", "F32", np.zeros(4, np.float32))])
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) - 4)
        with self.assertRaisesRegex(CheckpointError, "model.safetensors: tensor b: .*truncated"):
            SafetensorsFile(path)

    def test_missing_tensor_and_bad_header(self):
        path = os.path.join(self.tmp, "model.safetensors")
        write_safetensors(path, [("a", "F32", np.zeros(4, np.float32))])
        with self.assertRaisesRegex(CheckpointError, "tensor nope is missing"):
            Checkpoint(self.tmp).get("nope")
        with open(path, "r+b") as f:
            f.seek(8)
            f.write(b"\xff\xfe")
        with self.assertRaisesRegex(CheckpointError, "not valid JSON"):
            SafetensorsFile(path)

    def test_index_naming_absent_shard(self):
        with open(os.path.join(self.tmp, "model.safetensors.index.json"), "w") as f:
            json.dump({"weight_map": {"a": "gone.safetensors"}}, f)
        with self.assertRaisesRegex(CheckpointError, "gone.safetensors"):
            Checkpoint(self.tmp).get("a")

    def test_config_missing_key(self):
        c = tiny_config()
        del c["hybrid_layer_pattern"]
        with open(os.path.join(self.tmp, "config.json"), "w") as f:
            json.dump(c, f)
        with self.assertRaisesRegex(CheckpointError, "hybrid_layer_pattern"):
            load_config(self.tmp)


if __name__ == "__main__":
    unittest.main(verbosity=2)
