#include "hardware_probe.h"

#include "api/tools.h"

#include <QCoreApplication>
#include <QFile>
#include <QThread>

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

QStringList instruction_sets() {
    QStringList sets;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) sets << QStringLiteral("AVX2");
    if (__builtin_cpu_supports("avx512f")) sets << QStringLiteral("AVX-512");
    if (__builtin_cpu_supports("avx512bf16")) sets << QStringLiteral("AVX-512 BF16");
#endif
    return sets;
}

}  // namespace

HardwareInfo probe_hardware() {
    HardwareInfo info;
    info.cpu_model = cpu_model_name();
    info.cores = QThread::idealThreadCount();
    info.instruction_sets = instruction_sets();
    const peng::MemoryStatus memory = peng::probe_memory();
    info.ram_total_gb = double(memory.total_bytes) / 1e9;
    info.ram_available_gb = double(memory.available_bytes) / 1e9;
    info.gpu = QCoreApplication::translate("HardwareProbe", "none: this build has no GPU tier");
    return info;
}

QVariantMap HardwareInfo::toMap() const {
    return {{QStringLiteral("cpuModel"), cpu_model},
            {QStringLiteral("cores"), cores},
            {QStringLiteral("instructionSets"), instruction_sets},
            {QStringLiteral("ramTotalGb"), ram_total_gb},
            {QStringLiteral("ramAvailableGb"), ram_available_gb},
            {QStringLiteral("gpu"), gpu}};
}
