"""Decoders for the on-disk number formats, written from spec 4.3 and 4.4.

Everything decodes to float64: every stored value (BF16, FP8 x F32 scale,
e2m1 x 2^k) is exactly representable there, so the reference's weights are the
exact values the checkpoint denotes, with no rounding of its own.
"""
import math

import numpy as np

from st_reader import CheckpointError

FP8_BLOCK = 128    # weight_block_size [128, 128] (spec 2, quantization_config)
MXFP4_BLOCK = 32   # one E8M0 scale per 32 columns (spec 4.4)


def bf16_to_f64(bits):
    """BF16 is the top half of an IEEE float32."""
    bits = np.asarray(bits, dtype=np.uint16)
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def _fp8_e4m3fn_value(byte):
    """e4m3fn: bit 7 sign, 4 exponent bits (bias 7), 3 mantissa bits; no inf;
    exponent 0 is subnormal m/8 * 2^-6; 0x7F and 0xFF are NaN (spec 4.3)."""
    sign = -1.0 if byte & 0x80 else 1.0
    exponent = (byte >> 3) & 0xF
    mantissa = byte & 0x7
    if exponent == 0xF and mantissa == 0x7:
        return math.nan
    if exponent == 0:
        return sign * (mantissa / 8.0) * 2.0 ** -6
    return sign * (1.0 + mantissa / 8.0) * 2.0 ** (exponent - 7)


FP8_E4M3FN_TABLE = np.array([_fp8_e4m3fn_value(b) for b in range(256)], dtype=np.float64)

# e2m1: codes 0-7 are these magnitudes, bit 3 is the sign (spec 4.4).
E2M1_TABLE = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0,
                       -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0], dtype=np.float64)


def fp8_e4m3fn_to_f64(codes):
    return FP8_E4M3FN_TABLE[np.asarray(codes, dtype=np.uint8)]


def e8m0_to_f64(codes):
    """E8M0 scale: 2^(s - 127), so 127 is 1.0."""
    return np.ldexp(1.0, np.asarray(codes, dtype=np.int64) - 127)


def raw_to_f64(tensor):
    """A plain (unscaled) tensor to float64."""
    if tensor.dtype == "BF16":
        return bf16_to_f64(tensor.data)
    if tensor.dtype in ("F32", "F16", "F64"):
        return np.asarray(tensor.data, dtype=np.float64)
    raise CheckpointError(f"{tensor.path}: tensor {tensor.name}: dtype {tensor.dtype} is not a plain float type")


def contiguous_rowblocks(rows):
    """Ordinary 128x128 grid: rowblock(r) = r // 128 (spec 4.3)."""
    return np.arange(rows) // FP8_BLOCK


def per_chunk_rowblocks(rows, rows_per_chunk):
    """Pre-sharded qkv grid, tiled per chunk (spec 4.3):
    rowblock(r) = (r // R) * ceil(R/128) + (r % R) // 128."""
    r = np.arange(rows)
    blocks_per_chunk = -(-rows_per_chunk // FP8_BLOCK)
    return (r // rows_per_chunk) * blocks_per_chunk + (r % rows_per_chunk) // FP8_BLOCK


def dequant_fp8_block(weight, scale_inv, rowblocks=None):
    """W[r][c] = fp8(Wq[r][c]) * scale_inv[rowblock(r)][c // 128]; a multiply (spec 4.3).

    rowblocks maps each weight row to its scale row; by default the contiguous grid.
    Scales are expanded per row before any rows move, because a 128-row block
    may straddle the Q/K/V boundaries of a pre-sharded qkv.
    """
    if weight.dtype != "F8_E4M3":
        raise CheckpointError(f"{weight.path}: tensor {weight.name}: expected F8_E4M3, found {weight.dtype}")
    if len(weight.shape) != 2 or len(scale_inv.shape) != 2:
        raise CheckpointError(f"{weight.path}: tensor {weight.name}: FP8 weight and scale must be 2-D")
    rows, cols = weight.shape
    if rowblocks is None:
        rowblocks = contiguous_rowblocks(rows)
    scales = raw_to_f64(scale_inv)
    col_blocks = -(-cols // FP8_BLOCK)
    if scales.shape[1] != col_blocks or scales.shape[0] <= int(rowblocks.max()):
        raise CheckpointError(
            f"{scale_inv.path}: tensor {scale_inv.name}: scale grid {list(scales.shape)} does not cover "
            f"weight {list(weight.shape)} (needs {int(rowblocks.max()) + 1} x {col_blocks})")
    colblocks = np.arange(cols) // FP8_BLOCK
    per_element_scale = scales[rowblocks][:, colblocks]
    return fp8_e4m3fn_to_f64(weight.data) * per_element_scale


def dequant_mxfp4(weight, scale):
    """MXFP4 (spec 4.4): weight U8 [O, I/2], byte j of a row holds column 2j in its
    low nibble and 2j+1 in its high nibble; scale U8 [O, I/32] in E8M0."""
    if weight.dtype != "U8" or scale.dtype != "U8":
        raise CheckpointError(f"{weight.path}: tensor {weight.name}: MXFP4 needs U8 weight and U8 scale, "
                              f"found {weight.dtype} / {scale.dtype}")
    rows, packed_cols = weight.shape
    cols = 2 * packed_cols
    if scale.shape[0] != rows or scale.shape[1] != -(-cols // MXFP4_BLOCK):
        raise CheckpointError(f"{scale.path}: tensor {scale.name}: scale shape {list(scale.shape)} does not "
                              f"match weight {list(weight.shape)} ({cols} columns, one scale per 32)")
    packed = np.asarray(weight.data)
    codes = np.empty((rows, cols), dtype=np.uint8)
    codes[:, 0::2] = packed & 0x0F
    codes[:, 1::2] = packed >> 4
    factors = e8m0_to_f64(scale.data)[:, np.arange(cols) // MXFP4_BLOCK]
    return E2M1_TABLE[codes] * factors
