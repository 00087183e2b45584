// Weight encodings against hand-computed values (spec 4.3, 4.4).
#include <QtTest>

#include <cmath>
#include <cstring>

#include "checkpoint/config.h"
#include "kernels/matvec.h"
#include "quant/formats.h"
#include "quant/qkv_layout.h"

using namespace peng;

class TestFormats : public QObject {
    Q_OBJECT
private slots:
    void bf16() {
        QCOMPARE(bf16_to_f32(0x3F80), 1.0f);
        QCOMPARE(bf16_to_f32(0xC000), -2.0f);
        QCOMPARE(bf16_to_f32(0x3EA0), 0.3125f);
        QCOMPARE(bf16_to_f32(0x0000), 0.0f);
        QVERIFY(std::isinf(bf16_to_f32(0x7F80)));
    }
    void fp8_e4m3() {
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x38), 1.0f);           // exp 7, mantissa 0
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x7E), 448.0f);         // largest finite
        QCOMPARE(fp8_e4m3_to_f32_scalar(0xFE), -448.0f);
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x01), 0.001953125f);   // subnormal 1/8 * 2^-6 = 2^-9
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x07), 0.013671875f);   // 7/8 * 2^-6
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x08), 0.015625f);      // smallest normal 2^-6
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x3C), 1.5f);
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x80), -0.0f);
        QVERIFY(std::isnan(fp8_e4m3_to_f32_scalar(0x7F)));
        QVERIFY(std::isnan(fp8_e4m3_to_f32_scalar(0xFF)));
        QVERIFY(!std::isnan(fp8_e4m3_to_f32_scalar(0x77)));     // exp 14 is finite: 1.875 * 2^7 = 240
        QCOMPARE(fp8_e4m3_to_f32_scalar(0x77), 240.0f);
        const auto& table = fp8_e4m3_table();
        for (int i = 0; i < 256; ++i) {
            const float scalar = fp8_e4m3_to_f32_scalar(uint8_t(i));
            QVERIFY(std::memcmp(&table[i], &scalar, 4) == 0);
        }
    }
    void mxfp4() {
        const float expected[16] = {0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0f, -0.5, -1, -1.5, -2, -3, -4, -6};
        for (int i = 0; i < 16; ++i) QCOMPARE(e2m1_to_f32(uint8_t(i)), expected[i]);
        QCOMPARE(e8m0_to_f32(127), 1.0f);
        QCOMPARE(e8m0_to_f32(128), 2.0f);
        QCOMPARE(e8m0_to_f32(120), 1.0f / 128);
        // Byte 0x2F: low nibble 0xF (-6) is column 0, high nibble 0x2 (1.0) is column 1.
        uint8_t codes[16] = {0x2F};
        uint8_t scales[1] = {128};
        QCOMPARE(mxfp4_element(codes, scales, 0), -12.0f);
        QCOMPARE(mxfp4_element(codes, scales, 1), 2.0f);
        QCOMPARE(mxfp4_element(codes, scales, 2), 0.0f);
    }
    void mxfp4_matvec_matches_elementwise() {
        // 2 rows x 64 columns: every code once per row, two scale groups per row.
        uint8_t codes[2 * 32], scales[2 * 2] = {127, 129, 125, 130};
        for (int i = 0; i < 64; ++i) codes[i] = uint8_t((i * 37 + 11) & 0xFF);
        float x[64];
        for (int i = 0; i < 64; ++i) x[i] = float(i % 7) - 3.0f;
        MatrixView v;
        v.format = WeightFormat::MXFP4;
        v.rows = 2;
        v.cols = 64;
        v.data = codes;
        v.group_scales = scales;
        float y[2];
        matvec(v, x, y);
        for (int r = 0; r < 2; ++r) {
            double ref = 0;
            for (int c = 0; c < 64; ++c) ref += double(mxfp4_element(codes + r * 32, scales + r * 2, c)) * x[c];
            QCOMPARE(double(y[r]), ref);  // small integers and powers of two: exact
        }
    }
    void fp8_block_is_a_multiply() {
        // 1 row x 256 columns, two column blocks with scales 0.5 and 4: dequant multiplies.
        uint8_t codes[256];
        for (int i = 0; i < 256; ++i) codes[i] = 0x38;  // 1.0
        float scales[2] = {0.5f, 4.0f};
        float x[256];
        for (int i = 0; i < 256; ++i) x[i] = 1.0f;
        MatrixView v;
        v.format = WeightFormat::FP8Block;
        v.rows = 1;
        v.cols = 256;
        v.data = codes;
        v.block_scales = scales;
        v.scale_cols = 2;
        float y = 0;
        matvec(v, x, &y);
        QCOMPARE(y, 128 * 0.5f + 128 * 4.0f);
    }
    void qkv_flash_full_layer_grid_has_108_rows() {
        AttentionShape full;
        full.num_heads = 64;
        full.num_kv_heads = 4;
        full.head_dim = 192;
        full.v_head_dim = 128;
        QkvLayout layout = make_qkv_layout(full, 4, 108, "qkv");
        QCOMPARE(layout.rows_per_chunk(), 3392);
        QCOMPARE(layout.scale_rows_per_chunk(), 27);
        QCOMPARE(layout.grid, QkvScaleGrid::PerChunk);
        QCOMPARE(layout.total_rows, 13568);
        // Stored row 3392 opens chunk 1, whose first scale row is 27 (not 3392/128 = 26).
        QCOMPARE(layout.scale_row(3392), 27);
        QCOMPARE(layout.scale_row(3391), 26);
        QCOMPARE(layout.scale_row(13567), 3 * 27 + (3391 / 128));
        // Logical row 3072 is query head 16: the first Q row of chunk 1.
        QCOMPARE(layout.stored_row(3072), 3392);
        // Logical K row 0 sits after chunk 0's 3072 Q rows; K row 192 (kv head 1) in chunk 1.
        QCOMPARE(layout.stored_row(12288), 3072);
        QCOMPARE(layout.stored_row(12288 + 192), 3392 + 3072);
        // Logical V row 0 follows chunk 0's Q and K rows.
        QCOMPARE(layout.stored_row(12288 + 768), 3072 + 192);
        QCOMPARE(layout.stored_row(13567), 3 * 3392 + 3391);
        // A contiguous grid of 106 rows is recognised as such; any other count is refused.
        QCOMPARE(make_qkv_layout(full, 4, 106, "qkv").grid, QkvScaleGrid::Contiguous);
        QVERIFY_THROWS_EXCEPTION(std::exception, make_qkv_layout(full, 4, 107, "qkv"));
    }
    void qkv_flash_swa_and_pro() {
        AttentionShape swa{AttentionKind::SlidingWindow, 64, 8, 192, 128, 64, 1e4, true, 128};
        QkvLayout s = make_qkv_layout(swa, 4, 116, "qkv");
        QCOMPARE(s.rows_per_chunk(), 3712);
        QCOMPARE(s.total_rows, 14848);
        AttentionShape pro{AttentionKind::Full, 128, 8, 192, 128, 64, 1e7, false, 0};
        QkvLayout p = make_qkv_layout(pro, 8, 216, "qkv");
        QCOMPARE(p.rows_per_chunk(), 3392);
        QCOMPARE(p.grid, QkvScaleGrid::PerChunk);
    }
    void stored_rows_are_a_permutation() {
        AttentionShape tiny{AttentionKind::Full, 8, 4, 48, 32, 16, 1e7, false, 0};
        QkvLayout layout = make_qkv_layout(tiny, 4, 8, "qkv");
        std::vector<int> seen(layout.total_rows, 0);
        for (int r = 0; r < layout.total_rows; ++r) seen[layout.stored_row(r)]++;
        for (int count : seen) QCOMPARE(count, 1);
    }
};

QTEST_APPLESS_MAIN(TestFormats)
#include "test_formats.moc"
