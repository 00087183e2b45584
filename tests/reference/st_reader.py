"""Safetensors shards and the index that maps tensor names to shards (spec 4.1).

Independent of the C++ engine: written from the spec's description of the file
layout only. Files are memory-mapped with numpy, so opening a checkpoint costs
nothing until a tensor is decoded.
"""
import json
import os

import numpy as np

# On-disk element types. BF16 and F8_E4M3 have no numpy dtype; they are exposed
# as their raw bit patterns (uint16 / uint8) and decoded by formats.py.
RAW_DTYPES = {
    "BF16": np.dtype("<u2"),
    "F16": np.dtype("<f2"),
    "F32": np.dtype("<f4"),
    "F64": np.dtype("<f8"),
    "F8_E4M3": np.dtype("u1"),
    "U8": np.dtype("u1"),
    "I8": np.dtype("i1"),
    "I32": np.dtype("<i4"),
    "I64": np.dtype("<i8"),
}

INDEX_NAME = "model.safetensors.index.json"
SINGLE_FILE_NAME = "model.safetensors"


class CheckpointError(Exception):
    """A malformed or incomplete checkpoint; the message names file and tensor."""


class RawTensor:
    """One stored tensor: its safetensors dtype string and its raw numpy view."""

    def __init__(self, name, dtype, data, path):
        self.name = name
        self.dtype = dtype
        self.data = data
        self.path = path

    @property
    def shape(self):
        return self.data.shape

    def __repr__(self):
        return f"RawTensor({self.name!r}, {self.dtype}, {list(self.shape)}, {os.path.basename(self.path)})"


class SafetensorsFile:
    """One shard: 8-byte little-endian header length N, JSON header, then data.

    data_offsets in the header are relative to byte 8 + N (spec 4.1).
    """

    def __init__(self, path):
        self.path = path
        size = os.path.getsize(path)
        if size < 8:
            raise CheckpointError(f"{path}: file is {size} bytes, shorter than the 8-byte header length")
        with open(path, "rb") as f:
            header_len = int.from_bytes(f.read(8), "little")
            if header_len > size - 8:
                raise CheckpointError(f"{path}: header length {header_len} exceeds the file size {size}")
            header_bytes = f.read(header_len)
        try:
            header = json.loads(header_bytes.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise CheckpointError(f"{path}: header is not valid JSON: {e}") from None
        if not isinstance(header, dict):
            raise CheckpointError(f"{path}: header is not a JSON object")
        self.metadata = header.pop("__metadata__", None)
        self.data_start = 8 + header_len
        self.data_size = size - self.data_start
        self.entries = {}
        for name, entry in header.items():
            self.entries[name] = self._validate_entry(name, entry)
        self._mmap = None

    def _validate_entry(self, name, entry):
        try:
            dtype = entry["dtype"]
            shape = [int(d) for d in entry["shape"]]
            begin, end = (int(o) for o in entry["data_offsets"])
        except (KeyError, TypeError, ValueError) as e:
            raise CheckpointError(f"{self.path}: tensor {name}: malformed header entry ({e})") from None
        if dtype not in RAW_DTYPES:
            raise CheckpointError(f"{self.path}: tensor {name}: unsupported dtype {dtype}")
        expected = int(np.prod(shape, dtype=np.int64)) * RAW_DTYPES[dtype].itemsize
        if end - begin != expected or begin < 0:
            raise CheckpointError(
                f"{self.path}: tensor {name}: data_offsets [{begin}, {end}) hold {end - begin} bytes, "
                f"shape {shape} x {dtype} needs {expected}")
        if end > self.data_size:
            raise CheckpointError(
                f"{self.path}: tensor {name}: ends at data byte {end} but the file holds only "
                f"{self.data_size} data bytes (truncated shard?)")
        return dtype, shape, begin, end

    def names(self):
        return self.entries.keys()

    def get(self, name):
        if name not in self.entries:
            raise CheckpointError(f"{self.path}: tensor {name} is not in this shard's header")
        dtype, shape, begin, end = self.entries[name]
        if self._mmap is None:
            self._mmap = np.memmap(self.path, dtype=np.uint8, mode="r")
        raw = self._mmap[self.data_start + begin:self.data_start + end]
        return RawTensor(name, dtype, raw.view(RAW_DTYPES[dtype]).reshape(shape), self.path)


class Checkpoint:
    """All tensors of a model directory, each found by name through the index.

    A weight and its scale may sit in different shards (spec 4.1, PENG 8f), so
    every tensor is resolved on its own; nothing is inferred from neighbours.
    Subdirectories (dflash/, audio_tokenizer/) are other models and are ignored.
    """

    def __init__(self, model_dir):
        self.model_dir = model_dir
        self._files = {}
        index_path = os.path.join(model_dir, INDEX_NAME)
        if os.path.exists(index_path):
            try:
                with open(index_path, encoding="utf-8") as f:
                    index = json.load(f)
                weight_map = index["weight_map"]
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                raise CheckpointError(f"{index_path}: not a valid index ({e})") from None
            if not isinstance(weight_map, dict):
                raise CheckpointError(f"{index_path}: weight_map is not an object")
            self.weight_map = dict(weight_map)
            self.index_metadata = index.get("metadata", {})
        else:
            single = os.path.join(model_dir, SINGLE_FILE_NAME)
            if not os.path.exists(single):
                raise CheckpointError(f"{model_dir}: neither {INDEX_NAME} nor {SINGLE_FILE_NAME} exists")
            self.weight_map = {name: SINGLE_FILE_NAME for name in self._file(SINGLE_FILE_NAME).names()}
            self.index_metadata = {}

    def _file(self, file_name):
        if file_name not in self._files:
            path = os.path.join(self.model_dir, file_name)
            if not os.path.exists(path):
                raise CheckpointError(f"{path}: shard named by the index does not exist")
            self._files[file_name] = SafetensorsFile(path)
        return self._files[file_name]

    def has(self, name):
        return name in self.weight_map

    def get(self, name):
        if name not in self.weight_map:
            raise CheckpointError(f"{self.model_dir}: tensor {name} is missing from the index")
        return self._file(self.weight_map[name]).get(name)
