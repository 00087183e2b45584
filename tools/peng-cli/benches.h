#pragma once
// Benchmarks reachable as `peng-cli bench NAME ...`; cmd_bench.cpp dispatches.
// Each takes the arguments after NAME and returns the exit code; its summary is what
// `bench --help` and its own --help say.

namespace peng::cli {

inline constexpr const char* kBenchTokenizerSummary = "tokenizer encode speed, cold and warm";
inline constexpr const char* kBenchIoSummary = "expert reads as the engine does them against raw O_DIRECT reads";
inline constexpr const char* kBenchKernelsSummary = "the matrix and attention kernels against memory bandwidth";
inline constexpr const char* kBenchPackSummary = "a packed model against the plain one: speed, decompression, output";
inline constexpr const char* kBenchSlotsSummary = "loading experts into slots: disk, memory and kernel rates";
inline constexpr const char* kBenchCapsSummary = "decode speed at each expert cap against its bound (more memory, more speed)";
inline constexpr const char* kBenchPrefillSummary = "prefill speed of a long prompt and where its time goes";

int bench_tokenizer(int argc, char** argv);
int bench_io(int argc, char** argv);
int bench_kernels(int argc, char** argv);
int bench_pack(int argc, char** argv);
int bench_slots(int argc, char** argv);
int bench_caps(int argc, char** argv);
int bench_prefill(int argc, char** argv);

}  // namespace peng::cli
