// peng-cli bench kernels [--isa scalar|avx2|avx512] [--seconds S] [--json]
// The kernels against the machine's memory read bandwidth, in one run. First a
// STREAM-like read over a buffer far larger than the last-level cache (all cores),
// then each kernel at the real Flash shapes with random weights, cycling over enough
// distinct copies of the weights that they stream from RAM, with the read again
// after each kernel. read_GBps is the best read; ratio = kernel GB/s / read_GBps;
// local_ratio compares with the reads on either side of the kernel. compute_GBps is
// the kernel over cache-resident data (what the cores can decode and multiply), and
// roofline_ratio = GB/s / min(local read, compute_GBps). Every figure is
// the best timed pass (the STREAM convention); cpu_share tells how much of the cores
// the process got, so a busy machine shows.
#include <omp.h>
#ifndef _WIN32
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "args.h"
#include "benches.h"
#include "best_pass.h"
#include "kernels/attention.h"
#include "kernels/matvec.h"
#include "kernels/memory_read.h"
#include "platform/native_file.h"
#include "quant/formats.h"
#include "util/error.h"

namespace peng::cli {
namespace {

// Memory as the engine holds weights (allocate_large: 2 MiB aligned, huge pages where
// allowed), freed on scope exit.
class Buffer {
public:
    explicit Buffer(size_t bytes) : size_((bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes) {
        data_ = static_cast<uint8_t*>(allocate_large(size_));
        if (!data_) throw Error("bench kernels: cannot allocate " + std::to_string(size_ >> 20) + " MiB");
    }
    ~Buffer() { free_aligned(data_); }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    uint8_t* data() const { return data_; }
    size_t size() const { return size_; }

private:
    size_t size_;
    uint8_t* data_;
};

uint64_t mix(uint64_t x) {  // splitmix64: random words by index, so any thread count fills the same bytes
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Fills n bytes: `word(i)` gives the 8 bytes at offset 8i.
void fill(uint8_t* p, size_t n, const std::function<uint64_t(uint64_t)>& word) {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n / 8; ++i) {
        const uint64_t w = word(i);
        std::memcpy(p + 8 * i, &w, 8);
    }
    for (size_t i = n / 8 * 8; i < n; ++i) p[i] = uint8_t(mix(i));
}

// Weights as a trained model has them: bf16 of moderate magnitude, fp8 and e2m1 codes
// of every value but NaN, scales near 1.
uint64_t bf16_word(uint64_t i) {
    uint64_t r = mix(i), out = 0;
    for (int k = 0; k < 4; ++k, r >>= 16) {
        const uint64_t sign = (r >> 15) & 1, exponent = 118 + (r >> 7) % 12, mantissa = r & 0x7F;
        out |= ((sign << 15) | (exponent << 7) | mantissa) << (16 * k);
    }
    return out;
}
// e4m3 codes as a block-quantized checkpoint has them: normal-distributed weights
// scaled so the block maximum is near 448 (sigma ~ 100 codes). Subnormal codes are
// then rare (~1e-4), as in the release; uniform random bytes would make 1 in 16
// subnormal, which costs a denormal-operand slowdown real weights do not see.
const std::vector<uint8_t>& fp8_code_of_quantile() {
    static const std::vector<uint8_t> table = [] {
        std::vector<std::pair<float, uint8_t>> codes;
        for (int c = 0; c < 256; ++c) {
            const float v = fp8_e4m3_to_f32_scalar(uint8_t(c));
            if (!std::isnan(v)) codes.push_back({v, uint8_t(c)});
        }
        std::sort(codes.begin(), codes.end());
        std::mt19937 rng(3);
        std::normal_distribution<float> normal(0.0f, 100.0f);
        std::vector<float> samples(65536);
        for (float& v : samples) v = std::clamp(normal(rng), -448.0f, 448.0f);
        std::sort(samples.begin(), samples.end());
        std::vector<uint8_t> out(samples.size());
        for (size_t i = 0; i < samples.size(); ++i) {
            auto above = std::lower_bound(codes.begin(), codes.end(), std::make_pair(samples[i], uint8_t(0)));
            if (above == codes.end()) --above;
            if (above != codes.begin() && samples[i] - std::prev(above)->first < above->first - samples[i]) --above;
            out[i] = above->second;
        }
        return out;
    }();
    return table;
}
uint64_t fp8_word(uint64_t i) {
    const std::vector<uint8_t>& code = fp8_code_of_quantile();
    uint64_t r = mix(i), out = 0;
    for (int k = 0; k < 4; ++k, r >>= 16) out |= uint64_t(code[r & 0xFFFF]) << (8 * k);
    r = mix(~i);
    for (int k = 4; k < 8; ++k, r >>= 16) out |= uint64_t(code[r & 0xFFFF]) << (8 * k);
    return out;
}
uint64_t e8m0_word(uint64_t i) {
    uint64_t r = mix(i), out = 0;
    for (int k = 0; k < 8; ++k) out |= (120 + (r >> (8 * k)) % 12) << (8 * k);
    return out;
}

size_t last_level_cache_bytes() {
    // Virtual machines may report the host's whole L3 through sysconf and one slice
    // through sysfs: take the larger, so the copies surely exceed it.
    size_t best = 0;
#ifdef _SC_LEVEL3_CACHE_SIZE
    const long from_sysconf = ::sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (from_sysconf > 0) best = size_t(from_sysconf);
#endif
    std::ifstream sysfs("/sys/devices/system/cpu/cpu0/cache/index3/size");
    size_t kib = 0;
    if (sysfs >> kib) best = std::max(best, kib << 10);
    return best ? best : size_t(64) << 20;
}

KernelIsa widest_isa() {
    for (KernelIsa isa : {KernelIsa::Avx512, KernelIsa::Avx2})
        if (isa_supported(isa)) return isa;
    return KernelIsa::Scalar;
}

// The best read of the whole buffer, each thread streaming its own contiguous share
// with the widest loads this CPU has, in GB/s: plain and prefetched reads get half
// the time each, and the faster counts (memory_read.h).
Timing read_bandwidth(const Buffer& buffer, double seconds) {
    const KernelIsa isa = widest_isa();
    const int threads = omp_get_max_threads();
    const size_t share = buffer.size() / threads / 4096 * 4096;
    uint64_t total = 0;
    Timing best;
    for (bool prefetch : {false, true}) {
        const Timing t = best_GBps(share * threads, seconds / 2, [&] {
#pragma omp parallel num_threads(threads) reduction(^ : total)
            total ^= read_checksum(buffer.data() + share * omp_get_thread_num(), share, isa, prefetch);
        });
        if (t.GBps > best.GBps) best = t;
    }
    if (total == 0x5EED) std::printf(" ");  // keeps the reads alive
    return best;
}

struct MatrixCase {
    const char* name;
    WeightFormat format;
    int rows, cols, batch;
};

// One copy's storage: codes, then (FP8) block scales or (MXFP4) group scales.
uint64_t copy_bytes(const MatrixCase& c) {
    const uint64_t n = uint64_t(c.rows) * c.cols;
    switch (c.format) {
        case WeightFormat::F32: return n * 4;
        case WeightFormat::BF16: return n * 2;
        case WeightFormat::FP8Block: return n + uint64_t((c.rows + 127) / 128) * ((c.cols + 127) / 128) * 4;
        case WeightFormat::MXFP4: return n / 2 + n / 32;
    }
    return 0;
}

struct Result {
    std::string name;
    Timing timing;
    uint64_t bytes = 0;  // weight (or K/V) bytes one call reads
    int copies = 1, batch = 1;
    double local_read_GBps = 0;  // the memory read measured next to this kernel
    double compute_GBps = 0;     // the same kernel on cache-resident data: its compute ceiling
};

// Data small enough to stay in the last-level cache between calls (a quarter of it,
// at most 8 MiB), so a kernel run over it is limited by the cores alone.
size_t cache_resident_bytes(size_t llc) { return std::min(llc / 4, size_t(8) << 20); }

Result bench_matrix(const MatrixCase& c, size_t target_bytes, size_t llc, double seconds, KernelIsa isa) {
    const uint64_t one = copy_bytes(c);
    const int copies = int(std::max<uint64_t>(1, (target_bytes + one - 1) / one));
    Buffer weights(one * copies);
    const uint64_t n = uint64_t(c.rows) * c.cols;
    std::vector<MatrixView> views(copies);
    for (int k = 0; k < copies; ++k) {
        uint8_t* base = weights.data() + one * k;
        MatrixView& v = views[k];
        v.format = c.format;
        v.rows = c.rows;
        v.cols = c.cols;
        v.data = base;
        if (c.format == WeightFormat::BF16) fill(base, n * 2, bf16_word);
        if (c.format == WeightFormat::FP8Block) {
            fill(base, n, fp8_word);
            v.scale_cols = (c.cols + 127) / 128;
            float* scales = reinterpret_cast<float*>(base + n);
            const size_t count = size_t((c.rows + 127) / 128) * v.scale_cols;
            for (size_t i = 0; i < count; ++i) scales[i] = 1.0f / 448.0f * float(1 + mix(i) % 8);
            v.block_scales = scales;
        }
        if (c.format == WeightFormat::MXFP4) {
            fill(base, n / 2, mix);
            fill(base + n / 2, n / 32, e8m0_word);
            v.group_scales = base + n / 2;
        }
    }
    std::vector<float> x(size_t(c.batch) * c.cols), y(size_t(c.batch) * c.rows);
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(int(mix(i) % 2001) - 1000) / 1000.0f;
    Result r{c.name, {}, views[0].weight_bytes(), copies, c.batch};
    r.timing = best_GBps(r.bytes * copies, seconds, [&] {
        for (const MatrixView& v : views) matmul(v, x.data(), c.batch, y.data(), isa);
    });
    // The compute ceiling: the first rows of one copy (whole 128-row FP8 blocks), few
    // enough to stay cached.
    const MatrixView slice = cached_rows(views[0], cache_resident_bytes(llc));
    r.compute_GBps = in_cache_GBps(slice.weight_bytes(), seconds / 2,
                                   [&] { matmul(slice, x.data(), c.batch, y.data(), isa); });
    return r;
}

// One full-attention layer's decode step at `keys` cached positions: K/V stream from
// RAM once for all 64 query heads. The cache is head-major, as the engine keeps it
// (kv/kv_session.h).
Result bench_attention(const char* name, const AttentionDims& d, int keys, int window, size_t llc, double seconds,
                       KernelIsa isa) {
    // Floats of all KV heads at one position.
    const size_t slot_keys = size_t(d.num_kv_heads) * d.head_dim, slot_values = size_t(d.num_kv_heads) * d.v_head_dim;
    Buffer kv(size_t(keys) * (slot_keys + slot_values) * 4);
    float* keys_at = reinterpret_cast<float*>(kv.data());
    float* values_at = keys_at + size_t(keys) * slot_keys;
    const size_t floats = size_t(keys) * (slot_keys + slot_values);
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < floats; ++i) keys_at[i] = float(int(mix(i) % 2001) - 1000) / 1000.0f;
    std::vector<float> q(size_t(d.num_heads) * d.head_dim), sink(d.num_heads, 0.5f),
        out(size_t(d.num_heads) * d.v_head_dim);
    for (size_t i = 0; i < q.size(); ++i) q[i] = float(int(mix(i + 7) % 2001) - 1000) / 1000.0f;
    const KvCacheView view{keys_at, values_at, size_t(d.head_dim), size_t(d.v_head_dim), window,
                           size_t(keys) * d.head_dim, size_t(keys) * d.v_head_dim};
    const int last = keys - 1;
    Result r{name, {}, uint64_t(floats) * 4, 1, 1};
    const float scale = 1.0f / std::sqrt(float(d.head_dim));
    r.timing = best_GBps(r.bytes, seconds, [&] {
        decode_attention(d, q.data(), view, 0, last, window ? sink.data() : nullptr, scale, out.data(), isa);
    });
    // The compute ceiling: the first keys only, few enough to stay cached.
    const int cached_keys = std::clamp(int(cache_resident_bytes(llc) / ((slot_keys + slot_values) * 4)), 1, keys);
    r.compute_GBps = in_cache_GBps(uint64_t(cached_keys) * (slot_keys + slot_values) * 4, seconds / 2, [&] {
        decode_attention(d, q.data(), view, 0, cached_keys - 1, window ? sink.data() : nullptr, scale, out.data(), isa);
    });
    return r;
}

KernelIsa parse_isa(const std::string& name) {
    for (KernelIsa isa : {KernelIsa::Scalar, KernelIsa::Avx2, KernelIsa::Avx512})
        if (name == isa_name(isa)) {
            if (!isa_supported(isa)) throw Error("--isa " + name + " is not supported on this CPU");
            return isa;
        }
    throw Error("--isa must be scalar, avx2 or avx512");
}

}  // namespace

int bench_kernels(int argc, char** argv) {
    Args args("bench kernels", kBenchKernelsSummary);
    args.option("isa", "scalar|avx2|avx512", "the kernels' instruction set (default: the best this CPU has)")
        .option("seconds", "S", "time per kernel", "1")
        .flag("json", "print the result as JSON")
        .parse(argc, argv);
    if (!args.positional().empty()) args.usage_error();
    const KernelIsa isa = args.has("isa") ? parse_isa(*args.get("isa")) : active_isa();
    const double seconds = args.get_real("seconds", 1.0, {0.001, 3600});
    const size_t llc = last_level_cache_bytes();
    const size_t target = std::max<size_t>(2 * llc, size_t(512) << 20);  // weights per kernel, cycled

    // Decode (one activation row) at the real Flash shapes: these carry the 80% target.
    const MatrixCase decode_cases[] = {
        {"expert_gate_up_mxfp4_2048x4096", WeightFormat::MXFP4, 2048, 4096, 1},
        {"expert_down_mxfp4_4096x2048", WeightFormat::MXFP4, 4096, 2048, 1},
        {"qkv_fp8_14848x4096", WeightFormat::FP8Block, 14848, 4096, 1},
        {"o_proj_bf16_4096x8192", WeightFormat::BF16, 4096, 8192, 1},
        {"lm_head_bf16_152576x4096", WeightFormat::BF16, 152576, 4096, 1},
    };
    // Prefill and batch-union shapes: the same weights read once for several rows,
    // so these show the compute side (GB/s of weights still, per call).
    const MatrixCase batched_cases[] = {
        {"expert_gate_up_mxfp4_2048x4096_x8", WeightFormat::MXFP4, 2048, 4096, 8},
        {"qkv_fp8_14848x4096_x16", WeightFormat::FP8Block, 14848, 4096, 16},
        {"o_proj_bf16_4096x8192_x16", WeightFormat::BF16, 4096, 8192, 16},
    };

    // The memory read is measured before the first kernel, between kernels and after
    // the last, so each kernel also has a yardstick taken next to it in time (the
    // bandwidth a shared machine gives moves by tens of percent within a minute).
    Buffer stream(std::max<size_t>(4 * llc, size_t(1) << 30));
    fill(stream.data(), stream.size(), mix);
    const double read_seconds = std::min(seconds, 0.5);
    std::vector<Timing> reads{read_bandwidth(stream, read_seconds)};
    std::vector<Result> decode, batched;
    auto measured = [&](Result r) {
        reads.push_back(read_bandwidth(stream, read_seconds));
        r.local_read_GBps = std::max(reads[reads.size() - 2].GBps, reads.back().GBps);
        return r;
    };
    for (const MatrixCase& c : decode_cases) decode.push_back(measured(bench_matrix(c, target, llc, seconds, isa)));
    decode.push_back(
        measured(bench_attention("attention_full_decode_32k", {64, 4, 192, 128}, 32768, 0, llc, seconds, isa)));
    for (const MatrixCase& c : batched_cases) batched.push_back(measured(bench_matrix(c, target, llc, seconds, isa)));
    double read = 0, read_cpu_share = 1;
    for (const Timing& t : reads) {
        read = std::max(read, t.GBps);
        read_cpu_share = std::min(read_cpu_share, t.cpu_share);
    }
    const int threads = omp_get_max_threads();

    auto rows = [&](const std::vector<Result>& results) {
        nlohmann::json list = nlohmann::json::array();
        for (const Result& r : results)
            list.push_back({{"name", r.name},
                            {"GBps", r.timing.GBps},
                            {"ratio", r.timing.GBps / read},
                            {"local_read_GBps", r.local_read_GBps},
                            {"local_ratio", r.timing.GBps / r.local_read_GBps},
                            {"compute_GBps", r.compute_GBps},
                            {"roofline_ratio", r.timing.GBps / std::min(r.local_read_GBps, r.compute_GBps)},
                            {"cpu_share", r.timing.cpu_share},
                            {"bytes", r.bytes},
                            {"copies", r.copies},
                            {"batch", r.batch}});
        return list;
    };
    if (args.has("json")) {
        nlohmann::json read_list = nlohmann::json::array();
        for (const Timing& t : reads) read_list.push_back(t.GBps);
        nlohmann::json out = {{"read_GBps", read},           {"read_GBps_each", read_list},
                              {"read_cpu_share", read_cpu_share}, {"isa", isa_name(isa)},
                              {"threads", threads},          {"llc_bytes", llc},
                              {"kernels", rows(decode)},     {"batched", rows(batched)}};
        std::printf("%s\n", out.dump().c_str());
        return 0;
    }
    std::printf("memory read: %.1f GB/s (best of %zu reads between the kernels; lowest cpu share %.2f), %d threads, "
                "LLC %zu MiB, path %s\n",
                read, reads.size(), read_cpu_share, threads, llc >> 20, isa_name(isa));
    auto print = [&](const char* title, const std::vector<Result>& results) {
        std::printf("%s\n", title);
        for (const Result& r : results)
            std::printf("  %-36s %6.1f GB/s  %3.0f%% of read (%3.0f%% of the %.1f next to it)  in cache %.1f GB/s, "
                        "%3.0f%% of the roofline  cpu share %.2f  (%.1f MiB per call, %d copies)\n",
                        r.name.c_str(), r.timing.GBps, 100 * r.timing.GBps / read,
                        100 * r.timing.GBps / r.local_read_GBps, r.local_read_GBps, r.compute_GBps,
                        100 * r.timing.GBps / std::min(r.local_read_GBps, r.compute_GBps), r.timing.cpu_share,
                        r.bytes / 1048576.0, r.copies);
    };
    print("decode (one row):", decode);
    print("batched (weights read once per call):", batched);
    return 0;
}

}  // namespace peng::cli
