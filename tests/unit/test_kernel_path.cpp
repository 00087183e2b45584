// The kernels' instruction-set path from a CPU's features (kernels/kernel_isa.h): the
// runtime dispatch's rule, which the app's hardware panel reports through
// api/compute_report.h. A CPU with avx512f alone is not an AVX-512 CPU for the kernels.
#include <QtTest>

#include "api/compute_report.h"

using namespace peng;

Q_DECLARE_METATYPE(peng::KernelIsa)

namespace {

CpuFeatures features(const QStringList& flags) {
    CpuFeatures f;
    f.avx2 = flags.contains("avx2");
    f.fma = flags.contains("fma");
    f.avx512f = flags.contains("avx512f");
    f.avx512bw = flags.contains("avx512bw");
    f.avx512vl = flags.contains("avx512vl");
    f.avx512dq = flags.contains("avx512dq");
    return f;
}

QStringList names(const std::vector<std::string>& list) {
    QStringList out;
    for (const std::string& s : list) out << QString::fromStdString(s);
    return out;
}

const QStringList kSkylakeX{"avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512dq"};

}  // namespace

class TestKernelPath : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (!isa_built(KernelIsa::Avx2)) QSKIP("this build has only the scalar kernels (not x86-64)");
    }

    void pathFromFeatures_data() {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<KernelIsa>("ceiling");
        QTest::addColumn<KernelIsa>("path");
        QTest::addColumn<QStringList>("avx512Missing");
        QTest::newRow("no vector features") << QStringList{} << KernelIsa::Avx512 << KernelIsa::Scalar
                                            << QStringList{"avx512f", "avx512bw", "avx512vl", "avx512dq", "fma"};
        QTest::newRow("avx2 without fma") << QStringList{"avx2"} << KernelIsa::Avx512 << KernelIsa::Scalar
                                          << QStringList{"avx512f", "avx512bw", "avx512vl", "avx512dq", "fma"};
        QTest::newRow("haswell: avx2 + fma") << QStringList{"avx2", "fma"} << KernelIsa::Avx512 << KernelIsa::Avx2
                                             << QStringList{"avx512f", "avx512bw", "avx512vl", "avx512dq"};
        QTest::newRow("avx512f alone (Xeon Phi)") << QStringList{"avx2", "fma", "avx512f"} << KernelIsa::Avx512
                                                  << KernelIsa::Avx2 << QStringList{"avx512bw", "avx512vl", "avx512dq"};
        QTest::newRow("avx512 without dq") << QStringList{"avx2", "fma", "avx512f", "avx512bw", "avx512vl"}
                                           << KernelIsa::Avx512 << KernelIsa::Avx2 << QStringList{"avx512dq"};
        QTest::newRow("skylake-x") << kSkylakeX << KernelIsa::Avx512 << KernelIsa::Avx512 << QStringList{};
        QTest::newRow("skylake-x, PENG_KERNELS=avx2") << kSkylakeX << KernelIsa::Avx2 << KernelIsa::Avx2 << QStringList{};
        QTest::newRow("skylake-x, PENG_KERNELS=scalar") << kSkylakeX << KernelIsa::Scalar << KernelIsa::Scalar << QStringList{};
    }
    void pathFromFeatures() {
        QFETCH(QStringList, flags);
        QFETCH(KernelIsa, ceiling);
        QFETCH(KernelIsa, path);
        QFETCH(QStringList, avx512Missing);
        const CpuFeatures cpu = features(flags);
        QCOMPARE(best_isa(cpu, ceiling), path);
        QCOMPARE(names(missing_features(cpu, KernelIsa::Avx512)), avx512Missing);
        QCOMPARE(missing_features(cpu, KernelIsa::Scalar).size(), size_t(0));
    }

    // The report front ends show is the dispatch the kernels use in this process.
    void reportMatchesTheDispatch() {
        const ComputeReport r = probe_compute();
        QCOMPARE(r.kernels, active_isa());
        QCOMPARE(r.cpu_best, best_isa(cpu_features()));
        QCOMPARE(r.kernels_lowered, r.kernels != r.cpu_best);
        QCOMPARE(r.avx512_missing.empty(), r.cpu_best == KernelIsa::Avx512);
        QVERIFY(isa_supported(r.kernels));
        QCOMPARE(r.gpu.cuda_built || !r.gpu.usable, true);   // no usable device without the CUDA tier
        if (!r.gpu.usable) QVERIFY(!r.gpu.why_not.empty());
    }

    // PENG_KERNELS lowers the path, never raises it; read by kernel_ceiling().
    void ceilingFromEnvironment() {
        const QByteArray saved = qgetenv("PENG_KERNELS");
        qputenv("PENG_KERNELS", "avx2");
        QCOMPARE(kernel_ceiling(), KernelIsa::Avx2);
        qputenv("PENG_KERNELS", "scalar");
        QCOMPARE(kernel_ceiling(), KernelIsa::Scalar);
        qputenv("PENG_KERNELS", "avx1024");
        QCOMPARE(kernel_ceiling(), KernelIsa::Avx512);
        if (saved.isNull()) qunsetenv("PENG_KERNELS");
        else qputenv("PENG_KERNELS", saved);
    }
};

QTEST_GUILESS_MAIN(TestKernelPath)
#include "test_kernel_path.moc"
