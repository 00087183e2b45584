// The scalar decode-attention path: the fixed order of kernels/lane_order.h written
// out plainly, one query head at a time. The SIMD paths are tested against it.
#include <cmath>
#include <vector>

#include "kernels/attention_paths.h"
#include "kernels/reference_math.h"

namespace peng::kernels {

void attention_chunk_scalar(const AttentionJob& job, int kv_head, int chunk) {
    const AttentionDims& d = job.dims;
    const int begin = job.first + chunk * kAttentionChunk;
    const int count = job.last - begin + 1 < kAttentionChunk ? job.last - begin + 1 : kAttentionChunk;
    std::vector<float> e(count);
    for (int j = 0; j < job.group; ++j) {
        const float* q = job.q + size_t(kv_head * job.group + j) * d.head_dim;
        for (int t = 0; t < count; ++t) {
            const float* k = job.key(begin + t, kv_head);
            float s = 0;
            for (int i = 0; i < d.head_dim; ++i) s = std::fma(q[i], k[i], s);
            e[t] = s * job.scale;
        }
        float m = e[0];
        for (int t = 1; t < count; ++t) m = max_ps(m, e[t]);
        float l = 0;
        for (int t = 0; t < count; ++t) {
            e[t] = exp_fixed(e[t] - m);
            l = l + e[t];
        }
        float* o = job.out_at(kv_head, chunk) + j;  // dim i at o[i * lanes]
        for (int i = 0; i < d.v_head_dim; ++i) {
            float acc = 0;
            for (int t = 0; t < count; ++t) acc = std::fma(e[t], job.value(begin + t, kv_head)[i], acc);
            o[size_t(i) * job.lanes] = acc;
        }
        job.chunk_max[job.partial_at(kv_head, chunk) + j] = m;
        job.chunk_sum[job.partial_at(kv_head, chunk) + j] = l;
    }
}

void attention_merge_scalar(const AttentionJob& job, int kv_head, int block, float* out) {
    const int vd = job.dims.v_head_dim;
    for (int j = block * 16; j < job.group && j < block * 16 + 16; ++j) {
        const int head = kv_head * job.group + j;
        float top = job.chunk_max[job.partial_at(kv_head, 0) + j];
        for (int c = 1; c < job.chunks; ++c) top = max_ps(top, job.chunk_max[job.partial_at(kv_head, c) + j]);
        if (job.sink) top = max_ps(top, job.sink[head]);
        float denom = 0;
        float* o = out + size_t(head) * vd;
        for (int i = 0; i < vd; ++i) o[i] = 0;
        for (int c = 0; c < job.chunks; ++c) {
            const float f = exp_fixed(job.chunk_max[job.partial_at(kv_head, c) + j] - top);
            denom = std::fma(f, job.chunk_sum[job.partial_at(kv_head, c) + j], denom);
            const float* part = job.out_at(kv_head, c) + j;
            for (int i = 0; i < vd; ++i) o[i] = std::fma(f, part[size_t(i) * job.lanes], o[i]);
        }
        if (job.sink) denom = denom + exp_fixed(job.sink[head] - top);
        for (int i = 0; i < vd; ++i) o[i] = o[i] / denom;
    }
}

}  // namespace peng::kernels
