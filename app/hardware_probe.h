#pragma once
// What this machine offers the engine, for the settings' hardware panel: the CPU
// (model name from /proc/cpuinfo, cores, the instruction sets the kernels use),
// RAM from the engine's memory probe, and the GPU tier (none in this build).
#include <QString>
#include <QStringList>
#include <QVariantMap>

struct HardwareInfo {
    QString cpu_model;
    int cores = 0;                 // logical CPUs online
    QStringList instruction_sets;  // of AVX2, AVX-512, AVX-512 BF16 that the CPU and OS support
    double ram_total_gb = 0;
    double ram_available_gb = 0;
    QString gpu;                   // a sentence: this build has no GPU tier

    QVariantMap toMap() const;
};

HardwareInfo probe_hardware();
