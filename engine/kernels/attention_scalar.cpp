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
        const int head = kv_head * job.group + j;
        const float* q = job.q + size_t(head) * d.head_dim;
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
        float* o = job.chunk_out + (size_t(head) * job.chunks + chunk) * d.v_head_dim;
        for (int i = 0; i < d.v_head_dim; ++i) o[i] = 0;
        for (int t = 0; t < count; ++t) {
            const float* v = job.value(begin + t, kv_head);
            for (int i = 0; i < d.v_head_dim; ++i) o[i] = std::fma(e[t], v[i], o[i]);
        }
        const size_t at = (size_t(kv_head) * job.chunks + chunk) * job.lanes + j;
        job.chunk_max[at] = m;
        job.chunk_sum[at] = l;
    }
}

void attention_merge_scalar(const AttentionJob& job, int head, float* out) {
    const int kv_head = head / job.group, lane = head % job.group, vd = job.dims.v_head_dim;
    auto partial = [&](const float* base, int chunk) { return base[(size_t(kv_head) * job.chunks + chunk) * job.lanes + lane]; };
    float top = partial(job.chunk_max, 0);
    for (int c = 1; c < job.chunks; ++c) top = max_ps(top, partial(job.chunk_max, c));
    if (job.sink) top = max_ps(top, job.sink[head]);
    float denom = 0;
    for (int i = 0; i < vd; ++i) out[i] = 0;
    for (int c = 0; c < job.chunks; ++c) {
        const float f = exp_fixed(partial(job.chunk_max, c) - top);
        denom = std::fma(f, partial(job.chunk_sum, c), denom);
        const float* o = job.chunk_out + (size_t(head) * job.chunks + c) * vd;
        for (int i = 0; i < vd; ++i) out[i] = std::fma(f, o[i], out[i]);
    }
    if (job.sink) denom = denom + exp_fixed(job.sink[head] - top);
    for (int i = 0; i < vd; ++i) out[i] = out[i] / denom;
}

}  // namespace peng::kernels
