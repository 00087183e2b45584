#pragma once
// Benchmarks reachable as `peng-cli bench NAME ...`; cmd_bench.cpp dispatches.
// Each takes the arguments after NAME and returns the exit code.

namespace peng::cli {

int bench_tokenizer(int argc, char** argv);
int bench_io(int argc, char** argv);
int bench_kernels(int argc, char** argv);
int bench_pack(int argc, char** argv);
int bench_slots(int argc, char** argv);
int bench_caps(int argc, char** argv);
int bench_prefill(int argc, char** argv);

}  // namespace peng::cli
