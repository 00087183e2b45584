// Entry point of decode attention: lay q out per KV head, run the (KV head x chunk)
// items and the per-head-block merges on the chosen path, spread over OpenMP threads.
// Every item and merge is computed whole by one thread in the fixed order, so the
// split does not show in the bytes.
#include "kernels/attention.h"

#include <omp.h>

#include <string>
#include <vector>

#include "kernels/attention_paths.h"
#include "kernels/lane_order.h"
#include "util/error.h"

namespace peng {

namespace {

using kernels::AttentionJob;

struct Path {
    void (*chunk)(const AttentionJob&, int, int);
    void (*merge)(const AttentionJob&, int, int, float*);
};

Path path_for(KernelIsa isa) {
#if defined(__x86_64__)
    if (isa == KernelIsa::Avx512) return {kernels::attention_chunk_avx512, kernels::attention_merge_avx512};
    if (isa == KernelIsa::Avx2) return {kernels::attention_chunk_avx2, kernels::attention_merge_avx2};
#endif
    (void)isa;
    return {kernels::attention_chunk_scalar, kernels::attention_merge_scalar};
}

void check(const AttentionDims& d, int first, int last) {
    if (d.num_heads <= 0 || d.num_kv_heads <= 0 || d.num_heads % d.num_kv_heads || d.head_dim <= 0 || d.v_head_dim <= 0)
        throw Error("decode_attention: bad head geometry " + std::to_string(d.num_heads) + "/" +
                    std::to_string(d.num_kv_heads) + " heads");
    if (first < 0 || last < first) throw Error("decode_attention: empty key range");
}

// Scratch reused across calls (per calling thread): attention runs per row and layer.
struct Scratch {
    std::vector<float> q_lanes, chunk_max, chunk_sum, chunk_out, merge_scratch;
};

}  // namespace

void decode_attention(const AttentionDims& dims, const float* q, const KvCacheView& kv, int first, int last,
                      const float* sink, float scale, float* out, KernelIsa isa) {
    check(dims, first, last);
    if (!isa_supported(isa)) throw Error(std::string("kernel path ") + isa_name(isa) + " is not supported here");
    thread_local Scratch scratch;
    AttentionJob job;
    job.dims = dims;
    job.q = q;
    job.kv = kv;
    job.key_head_stride = kv.key_head_stride ? kv.key_head_stride : size_t(dims.head_dim);
    job.value_head_stride = kv.value_head_stride ? kv.value_head_stride : size_t(dims.v_head_dim);
    job.first = first;
    job.last = last;
    job.sink = sink;
    job.scale = scale;
    job.group = dims.num_heads / dims.num_kv_heads;
    job.lanes = (job.group + 15) / 16 * 16;
    job.chunks = (last - first) / kernels::kAttentionChunk + 1;

    const int hd = dims.head_dim;
    scratch.q_lanes.assign(size_t(dims.num_kv_heads) * hd * job.lanes, 0.0f);
    for (int h = 0; h < dims.num_heads; ++h) {
        const int g = h / job.group, j = h % job.group;
        for (int d = 0; d < hd; ++d) scratch.q_lanes[(size_t(g) * hd + d) * job.lanes + j] = q[size_t(h) * hd + d];
    }
    const size_t partials = size_t(dims.num_kv_heads) * job.chunks * job.lanes;
    scratch.chunk_max.resize(partials);
    scratch.chunk_sum.resize(partials);
    scratch.chunk_out.resize(partials * dims.v_head_dim);
    scratch.merge_scratch.resize(size_t(dims.num_kv_heads) * job.lanes * dims.v_head_dim);
    job.q_lanes = scratch.q_lanes.data();
    job.chunk_max = scratch.chunk_max.data();
    job.chunk_sum = scratch.chunk_sum.data();
    job.chunk_out = scratch.chunk_out.data();
    job.merge_scratch = scratch.merge_scratch.data();

    const Path path = path_for(isa);
    const int blocks = job.lanes / 16;
    // Below ~64K multiply-adds a parallel region costs more than it saves.
    const bool parallel = uint64_t(last - first + 1) * dims.num_heads * (hd + dims.v_head_dim) > (1u << 16);
#pragma omp parallel if (parallel)
    {
        // In memory order: with heads side by side in a slot, the KV heads of one chunk
        // share cache lines and pages, so one thread takes them together; in a
        // head-major cache each head's chunks follow one another.
        if (job.key_head_stride == size_t(dims.head_dim)) {
#pragma omp for schedule(dynamic)
            for (int c = 0; c < job.chunks; ++c)
                for (int h = 0; h < dims.num_kv_heads; ++h) path.chunk(job, h, c);
        } else {
#pragma omp for schedule(dynamic)
            for (int item = 0; item < dims.num_kv_heads * job.chunks; ++item)
                path.chunk(job, item / job.chunks, item % job.chunks);
        }
#pragma omp for schedule(dynamic)
        for (int merge = 0; merge < dims.num_kv_heads * blocks; ++merge)
            path.merge(job, merge / blocks, merge % blocks, out);
    }
}

void decode_attention(const AttentionDims& dims, const float* q, const KvCacheView& kv, int first, int last,
                      const float* sink, float scale, float* out) {
    decode_attention(dims, q, kv, first, last, sink, scale, out, active_isa());
}

}  // namespace peng
