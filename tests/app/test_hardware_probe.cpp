// The hardware panel's facts (hardware_probe.h) from the engine's compute report: the
// GPU tier's three states (not built, built without a device, a device with its VRAM)
// and the kernel path from the CPU's features, with why not a wider one.
#include <QtTest>

#include "hardware_probe.h"

namespace {

peng::ComputeReport machine(const peng::CpuFeatures& cpu, peng::KernelIsa ceiling = peng::KernelIsa::Avx512) {
    peng::ComputeReport r;
    r.cpu = cpu;
    r.cpu_best = peng::best_isa(cpu);
    r.kernels = peng::best_isa(cpu, ceiling);
    r.kernels_lowered = r.kernels != r.cpu_best;
    r.avx512_missing = peng::missing_features(cpu, peng::KernelIsa::Avx512);
    r.avx2_missing = peng::missing_features(cpu, peng::KernelIsa::Avx2);
    return r;
}

peng::CpuFeatures haswell() {
    peng::CpuFeatures f;
    f.avx2 = f.fma = true;
    return f;
}

HardwareInfo describe(const peng::ComputeReport& r) {
    peng::MemoryStatus memory;
    memory.total_bytes = 64'000'000'000;
    memory.available_bytes = 40'000'000'000;
    return describe_hardware(r, memory, QStringLiteral("Test CPU"), 8);
}

}  // namespace

class TestHardwareProbe : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (!peng::isa_built(peng::KernelIsa::Avx2)) QSKIP("this build has only the scalar kernels (not x86-64)");
    }

    void avx512fAloneRunsTheAvx2Path() {
        peng::CpuFeatures cpu = haswell();
        cpu.avx512f = true;
        const HardwareInfo h = describe(machine(cpu));
        QCOMPARE(h.cpu_features, (QStringList{"AVX2", "FMA", "AVX-512F"}));
        QCOMPARE(h.kernel_path, QStringLiteral("AVX2"));
        QCOMPARE(h.kernel_note, QStringLiteral("AVX-512 kernels need avx512bw, avx512vl, avx512dq, which this CPU lacks"));
    }

    void fullAvx512RunsAvx512() {
        peng::CpuFeatures cpu = haswell();
        cpu.avx512f = cpu.avx512bw = cpu.avx512vl = cpu.avx512dq = true;
        const HardwareInfo h = describe(machine(cpu));
        QCOMPARE(h.kernel_path, QStringLiteral("AVX-512"));
        QCOMPARE(h.kernel_note, QString());
        const HardwareInfo lowered = describe(machine(cpu, peng::KernelIsa::Avx2));
        QCOMPARE(lowered.kernel_path, QStringLiteral("AVX2"));
        QCOMPARE(lowered.kernel_note, QStringLiteral("PENG_KERNELS limits the kernels to AVX2; this CPU runs AVX-512"));
    }

    void noVectorFeaturesRunsScalar() {
        const HardwareInfo h = describe(machine(peng::CpuFeatures{}));
        QCOMPARE(h.kernel_path, QStringLiteral("scalar"));
        QCOMPARE(h.kernel_note, QStringLiteral("AVX2 kernels need avx2, fma, which this CPU lacks"));
        QVERIFY(h.cpu_features.isEmpty());
    }

    void gpuTierStates() {
        peng::ComputeReport r = machine(haswell());
        r.gpu.why_not = "this build of Peng has no GPU tier (built without the CUDA Toolkit)";
        HardwareInfo h = describe(r);
        QVERIFY(!h.gpu_built && !h.gpu_found);
        QCOMPARE(h.gpu, QStringLiteral("none: this build has no GPU tier (built without CUDA)"));

        r.gpu.cuda_built = true;
        r.gpu.why_not = "no CUDA device found";
        h = describe(r);
        QVERIFY(h.gpu_built && !h.gpu_found);
        QCOMPARE(h.gpu, QStringLiteral("none found: no CUDA device found"));

        r.gpu.usable = true;
        r.gpu.why_not.clear();
        r.gpu.name = "NVIDIA H200";
        r.gpu.total_bytes = 150'000'000'000;
        r.gpu.free_bytes = 149'500'000'000;
        h = describe(r);
        QVERIFY(h.gpu_built && h.gpu_found);
        QCOMPARE(h.gpu, QStringLiteral("NVIDIA H200, 150.0 GB VRAM (149.5 GB free)"));
        const QVariantMap map = h.toMap();
        QCOMPARE(map.value("gpuName").toString(), QStringLiteral("NVIDIA H200"));
        QCOMPARE(map.value("vramTotalGb").toDouble(), 150.0);
        QCOMPARE(map.value("ramTotalGb").toDouble(), 64.0);
    }

    // This machine: what the panel shows is the engine's own dispatch and GPU probe.
    void thisMachineIsTheEnginesView() {
        const HardwareInfo h = probe_hardware();
        const peng::ComputeReport r = peng::probe_compute();
        QCOMPARE(h.kernel_path, describe(r).kernel_path);
        QCOMPARE(h.gpu_built, r.gpu.cuda_built);
        QCOMPARE(h.gpu_found, r.gpu.usable);
        QVERIFY(h.ram_total_gb > 0);
    }
};

QTEST_GUILESS_MAIN(TestHardwareProbe)
#include "test_hardware_probe.moc"
