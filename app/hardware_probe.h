#pragma once
// What this machine offers the engine, for the settings' hardware panel and the
// diagnostics: the CPU (model name from /proc/cpuinfo, cores, its vector features),
// the kernel path the engine's runtime dispatch chose and why not a wider one, RAM
// from the engine's memory probe, and the GPU tier as the engine sees it (built with
// CUDA or not, a device found or not, its name and VRAM): api/compute_report.h.
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include "api/compute_report.h"
#include "api/tools.h"

struct HardwareInfo {
    QString cpu_model;
    int cores = 0;                 // logical CPUs online
    QStringList cpu_features;      // of AVX2, FMA, AVX-512F/BW/VL/DQ: what the CPU and OS support
    QString kernel_path;           // "AVX-512", "AVX2" or "scalar": what the kernels run
    QString kernel_note;           // why not a wider path; "" when it is the widest there is
    double ram_total_gb = 0;
    double ram_available_gb = 0;
    bool gpu_built = false;        // this build has the CUDA tier
    bool gpu_found = false;        // ... and a usable device
    QString gpu_name;
    double vram_total_gb = 0, vram_free_gb = 0;
    QString gpu;                   // one sentence of the above

    QVariantMap toMap() const;
};

// The panel's facts from the engine's reports (no probing: tests give made-up machines).
HardwareInfo describe_hardware(const peng::ComputeReport& compute, const peng::MemoryStatus& memory,
                               const QString& cpu_model, int cores);
// This machine, probed now.
HardwareInfo probe_hardware();
