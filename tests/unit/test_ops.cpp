// The forwards' named ops (engine/ops): each against its definition in the spec, on
// values whose result is known, with the edge cases a forward meets (a row length
// that is not a multiple of the lanes, partial RoPE, NaN in one row of a block).
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "ops/activation.h"
#include "ops/norm.h"
#include "ops/residual.h"
#include "ops/rope.h"

using namespace peng;

class TestOps : public QObject {
    Q_OBJECT
private slots:
    void rms_norm_matches_its_formula() {
        // 19 values: two full groups of eight lanes and a tail of three.
        const int n = 19;
        std::vector<float> x(n), w(n), y(n);
        for (int i = 0; i < n; ++i) {
            x[i] = 0.25f * float(i - 9);
            w[i] = 1.0f + 0.125f * float(i);
        }
        const float eps = 1e-6f;
        ops::rms_norm(x.data(), w.data(), eps, n, y.data());
        double sum = 0;
        for (float v : x) sum += double(v) * v;
        const double inv = 1.0 / std::sqrt(sum / n + eps);
        for (int i = 0; i < n; ++i) QVERIFY(std::fabs(y[i] - w[i] * x[i] * inv) <= 1e-6 * std::fabs(w[i] * x[i] * inv) + 1e-7);
        // A constant row normalises to the weights (up to eps).
        std::vector<float> ones(8, 3.0f), unit(8, 1.0f), out(8);
        ops::rms_norm(ones.data(), unit.data(), 0.0f, 8, out.data());
        for (float v : out) QCOMPARE(v, 1.0f);
    }
    void rms_norm_rows_are_independent() {
        // Each row of a block gives the bytes it gives alone.
        const int n = 13, rows = 3;
        std::vector<float> x(rows * n), w(n, 0.5f), block(rows * n), alone(n);
        for (int i = 0; i < rows * n; ++i) x[i] = std::sin(float(i));
        ops::rms_norm_rows(x.data(), w.data(), 1e-5f, rows, n, block.data());
        for (int r = 0; r < rows; ++r) {
            ops::rms_norm(&x[r * n], w.data(), 1e-5f, n, alone.data());
            QVERIFY(std::equal(alone.begin(), alone.end(), block.begin() + r * n));
        }
    }
    void rope_rotates_pairs_and_leaves_the_rest() {
        // Pair 0 turns by pos radians (its frequency is 1); position 0 changes nothing;
        // dims past rope_dim are not touched.
        std::vector<float> head = {1, 0, 0, 0, 0, 0, 0, 0, 7, 9};  // rope_dim 8 of 10 dims
        std::vector<float> same = head;
        ops::apply_rope(same.data(), 8, 10000.0, 0);
        QVERIFY(same == head);
        ops::apply_rope(head.data(), 8, 10000.0, 3);
        QCOMPARE(head[0], std::cos(3.0f));
        QCOMPARE(head[4], std::sin(3.0f));
        QCOMPARE(head[8], 7.0f);
        QCOMPARE(head[9], 9.0f);
        // Each pair keeps its length.
        std::vector<float> h2 = {0.3f, -1.2f, 0.5f, 2.0f, 0.7f, 0.1f, -0.4f, 1.1f};
        const std::vector<float> before = h2;
        ops::apply_rope(h2.data(), 8, 1e7, 1234);
        for (int i = 0; i < 4; ++i) {
            const double a = std::hypot(before[i], before[i + 4]), b = std::hypot(h2[i], h2[i + 4]);
            QVERIFY(std::fabs(a - b) < 1e-5);
        }
    }
    void activations() {
        QCOMPARE(ops::silu(0.0f), 0.0f);
        QCOMPARE(ops::sigmoid(0.0f), 0.5f);
        QVERIFY(std::fabs(ops::silu(20.0f) - 20.0f) < 1e-5f);
        QVERIFY(std::fabs(ops::silu(-20.0f)) < 1e-6f);
        std::vector<float> gate = {0.0f, 1.0f, -2.0f}, up = {5.0f, 2.0f, 3.0f};
        ops::swiglu(gate.data(), up.data(), gate.size());
        QCOMPARE(gate[0], 0.0f);
        QCOMPARE(gate[1], ops::silu(1.0f) * 2.0f);
        QCOMPARE(gate[2], ops::silu(-2.0f) * 3.0f);
    }
    void add_branch_names_the_first_bad_row() {
        const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
        std::vector<float> x = {1, 2, 3, 4, 5, 6}, branch = {1, 1, 1, inf, 1, nan};
        // Rows of two: row 0 stays finite, rows 1 and 2 break; every value is still added.
        QCOMPARE(ops::add_branch(x.data(), branch.data(), 3, 2), 1);
        QCOMPARE(x[0], 2.0f);
        QCOMPARE(x[4], 6.0f);
        std::vector<float> fine = {1, 2}, more = {0.5f, 0.5f};
        QCOMPARE(ops::add_branch(fine.data(), more.data(), 1, 2), -1);
        QCOMPARE(fine[1], 2.5f);
        // A sum that overflows is caught too.
        std::vector<float> big = {std::numeric_limits<float>::max()}, again = big;
        QCOMPARE(ops::add_branch(big.data(), again.data(), 1, 1), 0);
        QVERIFY(ops::all_finite(fine.data(), fine.size()));
        QVERIFY(!ops::all_finite(big.data(), big.size()));
    }
    void weighted_sum_and_scale() {
        std::vector<float> sum = {1, 1, 1}, term = {2, 4, 8};
        ops::add_scaled(sum.data(), 0.5f, term.data(), sum.size());
        QVERIFY((sum == std::vector<float>{2, 3, 5}));
        ops::scale(sum.data(), 2.0f, sum.size());
        QVERIFY((sum == std::vector<float>{4, 6, 10}));
    }
};

QTEST_APPLESS_MAIN(TestOps)
#include "test_ops.moc"
