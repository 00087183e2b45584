"""Puts tests/reference (the independent float64 reference and its format code) on
sys.path: the demo reuses its config parsing, RoPE tables, decoders and encoders
instead of keeping second copies."""
import os
import sys

REFERENCE_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                              "tests", "reference"))
if REFERENCE_DIR not in sys.path:
    sys.path.insert(0, REFERENCE_DIR)
