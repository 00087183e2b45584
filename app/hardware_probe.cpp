#include "hardware_probe.h"

#include <QCoreApplication>
#include <QFile>
#include <QThread>

#include "gigabytes.h"

namespace {

QString cpu_model_name() {
    QFile file(QStringLiteral("/proc/cpuinfo"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (!line.startsWith("model name")) continue;
        const int colon = line.indexOf(':');
        if (colon >= 0) return QString::fromUtf8(line.mid(colon + 1)).trimmed();
    }
    return {};
}

QString path_name(peng::KernelIsa isa) {
    switch (isa) {
        case peng::KernelIsa::Avx512: return QStringLiteral("AVX-512");
        case peng::KernelIsa::Avx2: return QStringLiteral("AVX2");
        case peng::KernelIsa::Scalar: break;
    }
    return QCoreApplication::translate("HardwareProbe", "scalar");
}

QString joined(const std::vector<std::string>& names) {
    QStringList list;
    for (const std::string& n : names) list << QString::fromStdString(n);
    return list.join(QStringLiteral(", "));
}

QString kernel_note(const peng::ComputeReport& c) {
    if (c.kernels_lowered)
        return QCoreApplication::translate("HardwareProbe", "PENG_KERNELS limits the kernels to %1; this CPU runs %2").arg(path_name(c.kernels), path_name(c.cpu_best));
    if (c.kernels == peng::KernelIsa::Avx512) return {};
    if (!peng::isa_built(peng::KernelIsa::Avx2)) return QCoreApplication::translate("HardwareProbe", "this build has only the scalar kernels");
    if (c.kernels == peng::KernelIsa::Avx2) return QCoreApplication::translate("HardwareProbe", "AVX-512 kernels need %1, which this CPU lacks").arg(joined(c.avx512_missing));
    return QCoreApplication::translate("HardwareProbe", "AVX2 kernels need %1, which this CPU lacks").arg(joined(c.avx2_missing));
}

QString gpu_sentence(const HardwareInfo& h, const peng::GpuDevice& gpu) {
    if (!h.gpu_built) return QCoreApplication::translate("HardwareProbe", "none: this build has no GPU tier (built without CUDA)");
    if (!h.gpu_found) return QCoreApplication::translate("HardwareProbe", "none found: %1").arg(QString::fromStdString(gpu.why_not));
    return QCoreApplication::translate("HardwareProbe", "%1, %2 GB VRAM (%3 GB free)").arg(h.gpu_name).arg(h.vram_total_gb, 0, 'f', 1).arg(h.vram_free_gb, 0, 'f', 1);
}

}  // namespace

HardwareInfo describe_hardware(const peng::ComputeReport& compute, const peng::MemoryStatus& memory,
                               const QString& cpu_model, int cores) {
    HardwareInfo info;
    info.cpu_model = cpu_model;
    info.cores = cores;
    const peng::CpuFeatures& f = compute.cpu;
    const std::pair<bool, const char*> features[] = {{f.avx2, "AVX2"},         {f.fma, "FMA"},
                                                     {f.avx512f, "AVX-512F"},  {f.avx512bw, "AVX-512BW"},
                                                     {f.avx512vl, "AVX-512VL"}, {f.avx512dq, "AVX-512DQ"}};
    for (const auto& [present, name] : features)
        if (present) info.cpu_features << QLatin1String(name);
    info.kernel_path = path_name(compute.kernels);
    info.kernel_note = kernel_note(compute);
    info.ram_total_gb = gbOfBytes(memory.total_bytes);
    info.ram_available_gb = gbOfBytes(memory.available_bytes);
    info.gpu_built = compute.gpu.cuda_built;
    info.gpu_found = compute.gpu.usable;
    info.gpu_name = QString::fromStdString(compute.gpu.name);
    info.vram_total_gb = gbOfBytes(compute.gpu.total_bytes);
    info.vram_free_gb = gbOfBytes(compute.gpu.free_bytes);
    info.gpu = gpu_sentence(info, compute.gpu);
    return info;
}

HardwareInfo probe_hardware() {
    return describe_hardware(peng::probe_compute(), peng::probe_memory(), cpu_model_name(), QThread::idealThreadCount());
}

QVariantMap HardwareInfo::toMap() const {
    return {{QStringLiteral("cpuModel"), cpu_model},
            {QStringLiteral("cores"), cores},
            {QStringLiteral("cpuFeatures"), cpu_features},
            {QStringLiteral("kernelPath"), kernel_path},
            {QStringLiteral("kernelNote"), kernel_note},
            {QStringLiteral("ramTotalGb"), ram_total_gb},
            {QStringLiteral("ramAvailableGb"), ram_available_gb},
            {QStringLiteral("gpuBuilt"), gpu_built},
            {QStringLiteral("gpuFound"), gpu_found},
            {QStringLiteral("gpuName"), gpu_name},
            {QStringLiteral("vramTotalGb"), vram_total_gb},
            {QStringLiteral("vramFreeGb"), vram_free_gb},
            {QStringLiteral("gpu"), gpu}};
}
