// The kernels' exactness contract (kernels/lane_order.h): every instruction-set path
// gives the scalar reference's bytes, for every weight format and odd shapes; a batch
// row equals matvec on that row; the thread count does not show; decode attention
// agrees with a plain double-precision softmax and is byte-stable the same ways.
#include <QtTest>

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/attention.h"
#include "kernels/mxfp4_tables.h"
#include "kernels/matvec.h"
#include "kernels/memory_read.h"
#include "kernels/reference_math.h"
#include "kv/kv_session.h"
#include "quant/formats.h"

using namespace peng;

namespace {

// A weight matrix with random contents in one format, owning its bytes.
struct TestMatrix {
    MatrixView view;
    std::vector<uint8_t> bytes, group_scales;
    std::vector<float> block_scales;
    std::vector<int32_t> scale_rows;

    // Element (r, c) as the reference decoders give it (FP8 block scale included).
    double element(int r, int c) const {
        const int cols = view.cols;
        switch (view.format) {
            case WeightFormat::F32: {
                float v;
                std::memcpy(&v, &bytes[(size_t(r) * cols + c) * 4], 4);
                return v;
            }
            case WeightFormat::BF16: {
                uint16_t v;
                std::memcpy(&v, &bytes[(size_t(r) * cols + c) * 2], 2);
                return bf16_to_f32(v);
            }
            case WeightFormat::FP8Block: {
                const int grid_row = view.scale_row ? view.scale_row[r] : r / 128;
                return double(fp8_e4m3_to_f32_scalar(bytes[size_t(r) * cols + c])) *
                       view.block_scales[size_t(grid_row) * view.scale_cols + c / 128];
            }
            case WeightFormat::MXFP4:
                return mxfp4_element(&bytes[size_t(r) * cols / 2], &group_scales[size_t(r) * cols / 32], c);
        }
        return 0;
    }
};

TestMatrix make_matrix(WeightFormat format, int rows, int cols, uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    TestMatrix m;
    m.view.format = format;
    m.view.rows = rows;
    m.view.cols = cols;
    const size_t n = size_t(rows) * cols;
    switch (format) {
        case WeightFormat::F32:
            m.bytes.resize(n * 4);
            for (size_t i = 0; i < n; ++i) {
                const float v = normal(rng);
                std::memcpy(&m.bytes[i * 4], &v, 4);
            }
            break;
        case WeightFormat::BF16:
            m.bytes.resize(n * 2);
            for (size_t i = 0; i < n; ++i) {
                const float v = normal(rng);
                uint32_t bits;
                std::memcpy(&bits, &v, 4);
                const uint16_t top = uint16_t(bits >> 16);
                std::memcpy(&m.bytes[i * 2], &top, 2);
            }
            break;
        case WeightFormat::FP8Block: {
            m.bytes.resize(n);
            for (auto& b : m.bytes) {
                b = uint8_t(rng());
                if ((b & 0x7F) == 0x7F) b ^= 1;  // no NaN codes here
            }
            m.view.scale_cols = (cols + 127) / 128;
            m.block_scales.resize(size_t((rows + 127) / 128) * m.view.scale_cols);
            for (auto& s : m.block_scales) s = std::ldexp(1.0f + float(rng() % 1000) / 999.0f, -int(rng() % 12));
            m.view.block_scales = m.block_scales.data();
            break;
        }
        case WeightFormat::MXFP4:
            m.bytes.resize(n / 2);
            for (auto& b : m.bytes) b = uint8_t(rng());
            m.group_scales.resize(n / 32);
            for (auto& s : m.group_scales) s = uint8_t(118 + rng() % 14);
            m.view.group_scales = m.group_scales.data();
            break;
    }
    m.view.data = m.bytes.data();
    return m;
}

std::vector<float> random_vector(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> v(n);
    for (auto& x : v) x = normal(rng);
    return v;
}

std::vector<float> product(const MatrixView& w, const std::vector<float>& x, int batch, KernelIsa isa) {
    std::vector<float> y(size_t(batch) * w.rows, -1.0f);
    matmul(w, x.data(), batch, y.data(), isa);
    return y;
}

bool same_bytes(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

std::vector<KernelIsa> supported_isas() {
    std::vector<KernelIsa> out;
    for (KernelIsa isa : {KernelIsa::Scalar, KernelIsa::Avx2, KernelIsa::Avx512})
        if (isa_supported(isa)) out.push_back(isa);
    return out;
}

// Checks y against a double-precision product: the fixed order must still compute
// W x (error within a few f32 ulps of sum |w x|).
void verify_close_to_exact(const TestMatrix& m, const std::vector<float>& x, int batch, const std::vector<float>& y) {
    for (int b = 0; b < batch; ++b)
        for (int r = 0; r < m.view.rows; ++r) {
            double exact = 0, magnitude = 0;
            for (int c = 0; c < m.view.cols; ++c) {
                const double term = m.element(r, c) * x[size_t(b) * m.view.cols + c];
                exact += term;
                magnitude += std::fabs(term);
            }
            const double got = y[size_t(b) * m.view.rows + r];
            if (std::fabs(got - exact) > 1e-5 * magnitude + 1e-30)
                QFAIL(qPrintable(QString("row %1 batch %2: %3 vs exact %4").arg(r).arg(b).arg(got).arg(exact)));
        }
}

// ---- attention ------------------------------------------------------------------

struct TestCache {
    AttentionDims dims;
    int window = 0, positions = 0;
    std::vector<float> keys, values;  // [slot][kv head][dim]

    KvCacheView view() const {
        return {keys.data(), values.data(), size_t(dims.num_kv_heads) * dims.head_dim,
                size_t(dims.num_kv_heads) * dims.v_head_dim, window};
    }
    int slot(int pos) const { return window ? pos % window : pos; }
    const float* key(int pos, int h) const {
        return &keys[(size_t(slot(pos)) * dims.num_kv_heads + h) * dims.head_dim];
    }
    const float* value(int pos, int h) const {
        return &values[(size_t(slot(pos)) * dims.num_kv_heads + h) * dims.v_head_dim];
    }
};

// Positions 0..positions-1 written in order; a ring keeps only the last `window`.
TestCache make_cache(const AttentionDims& dims, int positions, int window, uint32_t seed) {
    TestCache cache{dims, window, positions, {}, {}};
    const int slot_count = window ? window : positions;
    cache.keys.assign(size_t(slot_count) * dims.num_kv_heads * dims.head_dim, 0.0f);
    cache.values.assign(size_t(slot_count) * dims.num_kv_heads * dims.v_head_dim, 0.0f);
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (int p = 0; p < positions; ++p)
        for (int h = 0; h < dims.num_kv_heads; ++h) {
            float* k = &cache.keys[(size_t(cache.slot(p)) * dims.num_kv_heads + h) * dims.head_dim];
            float* v = &cache.values[(size_t(cache.slot(p)) * dims.num_kv_heads + h) * dims.v_head_dim];
            for (int d = 0; d < dims.head_dim; ++d) k[d] = normal(rng);
            for (int d = 0; d < dims.v_head_dim; ++d) v[d] = normal(rng);
        }
    return cache;
}

// Plain softmax attention in double precision (spec 3.2e-f).
std::vector<double> reference_attention(const TestCache& cache, const std::vector<float>& q, int first, int last,
                                        const float* sink, float scale) {
    const AttentionDims& d = cache.dims;
    const int group = d.num_heads / d.num_kv_heads;
    std::vector<double> out(size_t(d.num_heads) * d.v_head_dim, 0.0);
    for (int h = 0; h < d.num_heads; ++h) {
        const int g = h / group;
        std::vector<double> s;
        for (int t = first; t <= last; ++t) {
            double dot = 0;
            for (int i = 0; i < d.head_dim; ++i) dot += double(q[size_t(h) * d.head_dim + i]) * cache.key(t, g)[i];
            s.push_back(dot * scale);
        }
        double top = sink ? sink[h] : -INFINITY;
        for (double v : s) top = std::max(top, v);
        double denom = sink ? std::exp(sink[h] - top) : 0.0;
        for (double& v : s) denom += (v = std::exp(v - top));
        for (int t = first; t <= last; ++t)
            for (int i = 0; i < d.v_head_dim; ++i)
                out[size_t(h) * d.v_head_dim + i] += s[t - first] / denom * cache.value(t, g)[i];
    }
    return out;
}

std::vector<float> attend(const TestCache& cache, const std::vector<float>& q, int first, int last, const float* sink,
                          float scale, KernelIsa isa) {
    std::vector<float> out(size_t(cache.dims.num_heads) * cache.dims.v_head_dim, -7.0f);
    decode_attention(cache.dims, q.data(), cache.view(), first, last, sink, scale, out.data(), isa);
    return out;
}

// The same positions stored as the engine stores them: LayerKvCache, head-major,
// appended in order (it grows, and a ring overwrites, on the way).
LayerKvCache engine_cache(const TestCache& cache) {
    const AttentionDims& d = cache.dims;
    AttentionShape shape;
    shape.num_heads = d.num_heads;
    shape.num_kv_heads = d.num_kv_heads;
    shape.head_dim = d.head_dim;
    shape.v_head_dim = d.v_head_dim;
    shape.window = cache.window;
    LayerKvCache kv(shape, /*rollback=*/0);
    std::vector<float> k(size_t(d.num_kv_heads) * d.head_dim), v(size_t(d.num_kv_heads) * d.v_head_dim);
    for (int p = 0; p < cache.positions; ++p) {
        for (int h = 0; h < d.num_kv_heads; ++h) {
            std::copy_n(cache.key(p, h), d.head_dim, &k[size_t(h) * d.head_dim]);
            std::copy_n(cache.value(p, h), d.v_head_dim, &v[size_t(h) * d.v_head_dim]);
        }
        kv.append(p, k.data(), v.data());
    }
    return kv;
}

std::vector<float> attend_engine_cache(const TestCache& cache, const LayerKvCache& kv, const std::vector<float>& q,
                                       int first, int last, const float* sink, float scale, KernelIsa isa) {
    const AttentionDims& d = cache.dims;
    const KvCacheView view{kv.key(0, 0), kv.value(0, 0), size_t(d.head_dim), size_t(d.v_head_dim), cache.window,
                           kv.key_head_stride(), kv.value_head_stride()};
    std::vector<float> out(size_t(d.num_heads) * d.v_head_dim, -7.0f);
    decode_attention(d, q.data(), view, first, last, sink, scale, out.data(), isa);
    return out;
}

}  // namespace

class TestKernels : public QObject {
    Q_OBJECT

private slots:
    // The bandwidth yardstick's prefetches change nothing it reads, on any path,
    // alignment or length, and its reads are not skipped: a changed byte shows.
    void memory_read_prefetch_reads_the_same_bytes() {
        std::vector<uint8_t> bytes(20000);
        std::mt19937 rng(5);
        for (uint8_t& b : bytes) b = uint8_t(rng());
        for (KernelIsa isa : supported_isas())
            for (size_t offset : {0, 1, 8, 63, 64, 100})
                for (size_t length : {0, 7, 255, 256, 300, 4096, 9999, 19000}) {
                    if (offset + length > bytes.size()) continue;
                    const uint8_t* p = bytes.data() + offset;
                    QVERIFY2(read_checksum(p, length, isa, true) == read_checksum(p, length, isa, false),
                             qPrintable(QString("%1 offset %2 length %3").arg(isa_name(isa)).arg(offset).arg(length)));
                }
        for (KernelIsa isa : supported_isas()) {
            const uint64_t before = read_checksum(bytes.data(), 19000, isa, true);
            bytes[12345] ^= 0x10;
            QVERIFY(read_checksum(bytes.data(), 19000, isa, true) != before);
            bytes[12345] ^= 0x10;
        }
    }

    void mxfp4_tables_are_the_reference_products() {
        const auto& tables = kernels::mxfp4_scaled_tables();
        for (int s = 0; s < 256; ++s)
            for (int n = 0; n < 16; ++n) {
                const float expected = e2m1_to_f32(uint8_t(n)) * e8m0_to_f32(uint8_t(s));
                QVERIFY(std::memcmp(&tables.value[s][n], &expected, 4) == 0);
            }
    }

    void exp_fixed_is_within_two_ulp() {
        for (float x = -87.0f; x <= 0.0f; x += 0.0137f) {
            const double exact = std::exp(double(x)), got = kernels::exp_fixed(x);
            QVERIFY2(std::fabs(got - exact) <= 2.5 * std::ldexp(1.0, std::ilogb(exact) - 23),
                     qPrintable(QString("exp(%1) = %2, expected %3").arg(x).arg(got).arg(exact)));
        }
        QCOMPARE(kernels::exp_fixed(0.0f), 1.0f);
        QCOMPARE(kernels::exp_fixed(-100.0f), 0.0f);
        QCOMPARE(kernels::exp_fixed(-INFINITY), 0.0f);
    }

    void every_path_matches_scalar_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        const int dense_cols[] = {1, 7, 16, 31, 32, 33, 100, 128, 129, 200, 300, 1000, 4097, 9000};
        const int rows[] = {1, 3, 5, 17, 35};
        for (WeightFormat f : {WeightFormat::F32, WeightFormat::BF16, WeightFormat::FP8Block})
            for (int c : dense_cols)
                for (int r : rows)
                    QTest::addRow("%s %dx%d", weight_format_name(f), r, c) << int(f) << r << c;
        for (int c : {32, 64, 96, 160, 2048})
            for (int r : rows) QTest::addRow("mxfp4 %dx%d", r, c) << int(WeightFormat::MXFP4) << r << c;
    }
    void every_path_matches_scalar() {
        QFETCH(int, format);
        QFETCH(int, rows);
        QFETCH(int, cols);
        const TestMatrix m = make_matrix(WeightFormat(format), rows, cols, uint32_t(rows * 7919 + cols));
        for (int batch : {1, 2, 3, 5, 9}) {
            const std::vector<float> x = random_vector(size_t(batch) * cols, uint32_t(batch + cols));
            const std::vector<float> reference = product(m.view, x, batch, KernelIsa::Scalar);
            verify_close_to_exact(m, x, batch, reference);
            for (KernelIsa isa : supported_isas())
                QVERIFY2(same_bytes(product(m.view, x, batch, isa), reference),
                         qPrintable(QString("%1 batch %2 differs from scalar").arg(isa_name(isa)).arg(batch)));
        }
    }

    void batch_rows_equal_matvec() {
        for (WeightFormat f : {WeightFormat::F32, WeightFormat::BF16, WeightFormat::FP8Block, WeightFormat::MXFP4}) {
            const int rows = 37, cols = f == WeightFormat::MXFP4 ? 256 : 259, batch = 11;
            const TestMatrix m = make_matrix(f, rows, cols, 99);
            const std::vector<float> x = random_vector(size_t(batch) * cols, 5);
            for (KernelIsa isa : supported_isas()) {
                const std::vector<float> y = product(m.view, x, batch, isa);
                for (int b = 0; b < batch; ++b) {
                    const std::vector<float> row(x.begin() + size_t(b) * cols, x.begin() + size_t(b + 1) * cols);
                    const std::vector<float> alone = product(m.view, row, 1, isa);
                    QVERIFY2(std::memcmp(alone.data(), &y[size_t(b) * rows], rows * 4) == 0,
                             qPrintable(QString("%1 %2 batch row %3").arg(isa_name(isa), weight_format_name(f)).arg(b)));
                }
            }
        }
    }

    void thread_count_does_not_change_bytes() {
        const int saved = omp_get_max_threads();
        for (WeightFormat f : {WeightFormat::F32, WeightFormat::BF16, WeightFormat::FP8Block, WeightFormat::MXFP4}) {
            const TestMatrix m = make_matrix(f, 301, 512, 3);  // large enough to run in parallel
            for (int batch : {1, 4}) {
                const std::vector<float> x = random_vector(size_t(batch) * 512, 11);
                for (KernelIsa isa : supported_isas()) {
                    omp_set_num_threads(1);
                    const std::vector<float> one = product(m.view, x, batch, isa);
                    omp_set_num_threads(2);
                    const std::vector<float> two = product(m.view, x, batch, isa);
                    omp_set_num_threads(3);
                    const std::vector<float> three = product(m.view, x, batch, isa);
                    QVERIFY(same_bytes(one, two));
                    QVERIFY(same_bytes(one, three));
                }
            }
        }
        omp_set_num_threads(saved);
    }

    void fp8_scale_row_indirection() {
        // Rows pick their scale-grid row through scale_row (the de-sharded qkv), in an
        // order unrelated to r / 128.
        TestMatrix m = make_matrix(WeightFormat::FP8Block, 300, 260, 21);
        m.block_scales.resize(size_t(7) * m.view.scale_cols);
        std::mt19937 rng(4);
        for (auto& s : m.block_scales) s = 0.25f + float(rng() % 1000) / 250.0f;
        m.view.block_scales = m.block_scales.data();
        m.scale_rows.resize(300);
        for (int r = 0; r < 300; ++r) m.scale_rows[r] = (r * 5 + r / 50) % 7;
        m.view.scale_row = m.scale_rows.data();
        const std::vector<float> x = random_vector(3 * 260, 8);
        const std::vector<float> reference = product(m.view, x, 3, KernelIsa::Scalar);
        verify_close_to_exact(m, x, 3, reference);
        for (KernelIsa isa : supported_isas()) QVERIFY(same_bytes(product(m.view, x, 3, isa), reference));
        // Without the indirection the answer changes: the test sees the scales.
        m.view.scale_row = nullptr;
        m.block_scales.resize(size_t(3) * m.view.scale_cols);
        m.view.block_scales = m.block_scales.data();
        QVERIFY(!same_bytes(product(m.view, x, 3, KernelIsa::Scalar), reference));
    }

    void row_ranges_give_the_same_bytes() {
        // lm_head scores a head of the vocabulary first, then the rest (model.cpp).
        for (WeightFormat f : {WeightFormat::F32, WeightFormat::BF16, WeightFormat::FP8Block, WeightFormat::MXFP4}) {
            const int rows = 300, cols = f == WeightFormat::MXFP4 ? 320 : 300;
            const TestMatrix m = make_matrix(f, rows, cols, 17);
            const std::vector<float> x = random_vector(cols, 23);
            const std::vector<float> whole = product(m.view, x, 1, active_isa());
            for (int split : {0, 128, 256, 300}) {
                if (f != WeightFormat::FP8Block && split == 256) continue;
                std::vector<float> parts = product(m.view.row_range(0, split), x, 1, active_isa());
                const std::vector<float> rest = product(m.view.row_range(split, rows), x, 1, active_isa());
                parts.insert(parts.end(), rest.begin(), rest.end());
                QVERIFY2(same_bytes(parts, whole), qPrintable(QString("%1 split at %2").arg(weight_format_name(f)).arg(split)));
            }
            if (f != WeightFormat::FP8Block) {
                const std::vector<float> middle = product(m.view.row_range(7, 9), x, 1, active_isa());
                QVERIFY(std::memcmp(middle.data(), &whole[7], 2 * 4) == 0);
            }
        }
        TestMatrix fp8 = make_matrix(WeightFormat::FP8Block, 300, 300, 5);
        QVERIFY_THROWS_EXCEPTION(std::exception, fp8.view.row_range(100, 300));  // inside a scale block
        QVERIFY_THROWS_EXCEPTION(std::exception, fp8.view.row_range(0, 301));
        fp8.scale_rows.resize(300);
        for (int r = 0; r < 300; ++r) fp8.scale_rows[r] = r / 128;
        fp8.view.scale_row = fp8.scale_rows.data();
        const std::vector<float> x = random_vector(300, 2);
        const std::vector<float> whole = product(fp8.view, x, 1, active_isa());
        const std::vector<float> tail = product(fp8.view.row_range(100, 300), x, 1, active_isa());
        QVERIFY(std::memcmp(tail.data(), &whole[100], 200 * 4) == 0);
    }

    void fp8_nan_code_poisons_only_its_row() {
        TestMatrix m = make_matrix(WeightFormat::FP8Block, 20, 300, 31);
        m.bytes[size_t(6) * 300 + 150] = 0x7F;
        m.bytes[size_t(9) * 300 + 299] = 0xFF;
        const std::vector<float> x = random_vector(2 * 300, 9);
        const std::vector<float> reference = product(m.view, x, 2, KernelIsa::Scalar);
        for (int b = 0; b < 2; ++b)
            for (int r = 0; r < 20; ++r) QCOMPARE(std::isnan(reference[size_t(b) * 20 + r]), r == 6 || r == 9);
        for (KernelIsa isa : supported_isas()) {
            const std::vector<float> y = product(m.view, x, 2, isa);
            for (size_t i = 0; i < y.size(); ++i)
                if (!std::isnan(reference[i])) QVERIFY(std::memcmp(&y[i], &reference[i], 4) == 0);
                else QVERIFY(std::isnan(y[i]));
        }
    }

    void fp8_activation_range_keeps_the_bytes() {
        // FP8 moves its weights' 2^120 rebias onto the activations only while every
        // |x| < 256; each side of that line, and subnormal activations times subnormal
        // weight codes, must give the scalar bytes.
        const TestMatrix m = make_matrix(WeightFormat::FP8Block, 37, 300, 51);
        std::vector<float> x = random_vector(2 * 300, 13);
        for (size_t i = 0; i < x.size(); i += 7) x[i] *= 1e-39f;  // subnormal activations
        for (size_t i = 3; i < x.size(); i += 11) x[i] = std::copysign(255.99f, x[i]);
        auto check = [&](const char* what) {
            const std::vector<float> reference = product(m.view, x, 2, KernelIsa::Scalar);
            verify_close_to_exact(m, x, 2, reference);
            for (KernelIsa isa : supported_isas())
                QVERIFY2(same_bytes(product(m.view, x, 2, isa), reference),
                         qPrintable(QString("%1, %2 differs from scalar").arg(what, isa_name(isa))));
        };
        check("every |x| below 256");
        std::vector<float> normal_x = x;
        for (float& v : x) v *= 1e-39f;
        check("every x subnormal");
        x = normal_x;
        x[450] = 256.0f;
        check("one |x| of 256");
        x[450] = -1e30f;
        check("one |x| of 1e30");
    }

    void mxfp4_extreme_scales() {
        TestMatrix m = make_matrix(WeightFormat::MXFP4, 9, 128, 41);
        const uint8_t scales[] = {0, 1, 2, 64, 127, 200, 254, 255};  // 255 is NaN
        for (size_t i = 0; i < m.group_scales.size(); ++i) m.group_scales[i] = scales[i % 8];
        const std::vector<float> x = random_vector(2 * 128, 12);
        const std::vector<float> reference = product(m.view, x, 2, KernelIsa::Scalar);
        for (KernelIsa isa : supported_isas()) QVERIFY(same_bytes(product(m.view, x, 2, isa), reference));
    }

    void active_path_is_used_by_default() {
        const TestMatrix m = make_matrix(WeightFormat::BF16, 33, 200, 1);
        const std::vector<float> x = random_vector(200, 2);
        std::vector<float> y(33);
        matvec(m.view, x.data(), y.data());
        QVERIFY(same_bytes(y, product(m.view, x, 1, KernelIsa::Scalar)));
        for (int r = 0; r < 33; ++r) QCOMPARE(y[r], dot_row(m.view, r, x.data()));
    }

    void bad_views_are_refused() {
        TestMatrix m = make_matrix(WeightFormat::MXFP4, 2, 64, 1);
        m.view.cols = 48;
        QVERIFY_THROWS_EXCEPTION(std::exception, check_matrix_view(m.view));
        TestMatrix f = make_matrix(WeightFormat::FP8Block, 2, 300, 1);
        f.view.scale_cols = 2;
        QVERIFY_THROWS_EXCEPTION(std::exception, check_matrix_view(f.view));
    }

    void attention_matches_reference_data() {
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("kv_heads");
        QTest::addColumn<int>("head_dim");
        QTest::addColumn<int>("v_head_dim");
        QTest::addColumn<int>("positions");
        QTest::addColumn<int>("window");
        QTest::addColumn<bool>("sink");
        QTest::newRow("flash full, short") << 64 << 4 << 192 << 128 << 5 << 0 << false;
        QTest::newRow("flash full, 3 chunks") << 64 << 4 << 192 << 128 << 600 << 0 << false;
        QTest::newRow("flash swa ring + sink") << 64 << 8 << 192 << 128 << 300 << 128 << true;
        QTest::newRow("flash swa, filling") << 64 << 8 << 192 << 128 << 40 << 128 << true;
        QTest::newRow("tiny full") << 8 << 4 << 48 << 32 << 260 << 0 << false;
        QTest::newRow("tiny swa, one head per kv") << 8 << 8 << 48 << 32 << 200 << 128 << true;
        QTest::newRow("odd dims, 20 heads per kv") << 40 << 2 << 37 << 21 << 513 << 0 << true;
    }
    void attention_matches_reference() {
        QFETCH(int, heads);
        QFETCH(int, kv_heads);
        QFETCH(int, head_dim);
        QFETCH(int, v_head_dim);
        QFETCH(int, positions);
        QFETCH(int, window);
        QFETCH(bool, sink);
        const AttentionDims dims{heads, kv_heads, head_dim, v_head_dim};
        const TestCache cache = make_cache(dims, positions, window, uint32_t(positions * 3 + heads));
        std::vector<float> q = random_vector(size_t(heads) * head_dim, 77);
        std::vector<float> sinks = random_vector(heads, 78);
        for (float& s : sinks) s *= 3.0f;
        const float scale = 1.0f / std::sqrt(float(head_dim));
        const int last = positions - 1, first = window ? std::max(0, last - window + 1) : 0;
        const float* sink_ptr = sink ? sinks.data() : nullptr;

        const std::vector<double> exact = reference_attention(cache, q, first, last, sink_ptr, scale);
        const std::vector<float> reference = attend(cache, q, first, last, sink_ptr, scale, KernelIsa::Scalar);
        for (size_t i = 0; i < exact.size(); ++i)
            QVERIFY2(std::fabs(reference[i] - exact[i]) <= 2e-6 * (1 + std::fabs(exact[i])),
                     qPrintable(QString("out[%1] = %2, exact %3").arg(i).arg(reference[i]).arg(exact[i])));
        for (KernelIsa isa : supported_isas())
            QVERIFY2(same_bytes(attend(cache, q, first, last, sink_ptr, scale, isa), reference),
                     qPrintable(QString("%1 differs from scalar").arg(isa_name(isa))));

        // The engine's head-major cache holds the same keys and gives the same bytes.
        const LayerKvCache kv = engine_cache(cache);
        for (int p = first; p <= last; ++p)
            for (int h = 0; h < kv_heads; ++h) {
                QVERIFY(std::equal(cache.key(p, h), cache.key(p, h) + head_dim, kv.key(p, h)));
                QVERIFY(std::equal(cache.value(p, h), cache.value(p, h) + v_head_dim, kv.value(p, h)));
            }
        for (KernelIsa isa : supported_isas())
            QVERIFY2(same_bytes(attend_engine_cache(cache, kv, q, first, last, sink_ptr, scale, isa), reference),
                     qPrintable(QString("%1 on the head-major cache differs from scalar").arg(isa_name(isa))));

        const int saved = omp_get_max_threads();
        for (KernelIsa isa : supported_isas()) {
            omp_set_num_threads(1);
            const std::vector<float> one = attend(cache, q, first, last, sink_ptr, scale, isa);
            omp_set_num_threads(3);
            QVERIFY(same_bytes(attend(cache, q, first, last, sink_ptr, scale, isa), one));
        }
        omp_set_num_threads(saved);
    }

    void attention_extreme_scores_agree_across_paths() {
        // Scores spread over hundreds: most exp weights underflow to 0 (exp_fixed's
        // clamp), some chunks contribute nothing; every path must still agree.
        const AttentionDims dims{32, 2, 64, 48};
        const TestCache cache = make_cache(dims, 700, 0, 9);
        std::vector<float> q = random_vector(32 * 64, 10);
        for (float& v : q) v *= 40.0f;
        std::vector<float> sinks(32, 150.0f);
        const std::vector<float> reference = attend(cache, q, 0, 699, sinks.data(), 1.0f, KernelIsa::Scalar);
        for (float v : reference) QVERIFY(std::isfinite(v));
        for (KernelIsa isa : supported_isas())
            QVERIFY(same_bytes(attend(cache, q, 0, 699, sinks.data(), 1.0f, isa), reference));
        const std::vector<double> exact = reference_attention(cache, q, 0, 699, sinks.data(), 1.0f);
        for (size_t i = 0; i < exact.size(); ++i)
            QVERIFY(std::fabs(reference[i] - exact[i]) <= 1e-4 * (1 + std::fabs(exact[i])));
    }

    void attention_sink_lowers_the_weights() {
        // A huge sink logit takes almost all the probability: outputs shrink toward 0.
        const AttentionDims dims{16, 8, 48, 32};
        const TestCache cache = make_cache(dims, 10, 128, 5);
        const std::vector<float> q = random_vector(16 * 48, 6);
        std::vector<float> sinks(16, 40.0f);
        const std::vector<float> with = attend(cache, q, 0, 9, sinks.data(), 0.1f, active_isa());
        const std::vector<float> without = attend(cache, q, 0, 9, nullptr, 0.1f, active_isa());
        double big = 0, small = 0;
        for (size_t i = 0; i < with.size(); ++i) {
            big += std::fabs(without[i]);
            small += std::fabs(with[i]);
        }
        QVERIFY(small < big * 1e-6);
    }
};

QTEST_APPLESS_MAIN(TestKernels)
#include "test_kernels.moc"
