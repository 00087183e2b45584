#include "diagnostics.h"

#include <QClipboard>
#include <QDateTime>
#include <QDesktopServices>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPointer>
#include <QSysInfo>
#include <QUrl>
#include <QtGlobal>

#include "app_log.h"
#include "app_settings.h"
#include "engine_controller.h"
#include "gigabytes.h"
#include "hardware_probe.h"

namespace {

QPointer<Diagnostics> g_instance;

QString yes_no(bool b) { return b ? QStringLiteral("yes") : QStringLiteral("no"); }
QString gb(uint64_t bytes) { return QString::number(gbOfBytes(bytes), 'f', 2) + QStringLiteral(" GB"); }

// The report is for the developers: plain English, never translated.
QString hardware_section() {
    const HardwareInfo h = probe_hardware();
    QString out = QStringLiteral("== Hardware\n");
    out += QStringLiteral("CPU: %1, %2 logical cores\n").arg(h.cpu_model.isEmpty() ? QStringLiteral("unknown") : h.cpu_model).arg(h.cores);
    out += QStringLiteral("CPU features: %1\n").arg(h.cpu_features.isEmpty() ? QStringLiteral("none of AVX2, FMA, AVX-512") : h.cpu_features.join(QStringLiteral(", ")));
    out += QStringLiteral("kernel path: %1%2\n").arg(h.kernel_path, h.kernel_note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(h.kernel_note));
    out += QStringLiteral("RAM: %1 GB total, %2 GB available\n").arg(h.ram_total_gb, 0, 'f', 1).arg(h.ram_available_gb, 0, 'f', 1);
    out += QStringLiteral("GPU: %1\n").arg(h.gpu);
    return out;
}

}  // namespace

Diagnostics::Diagnostics(EngineController* engine, AppSettings* settings, QObject* parent)
    : QObject(parent), engine_(engine), settings_(settings) {}

Diagnostics* Diagnostics::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance)
        g_instance = new Diagnostics(EngineController::create(nullptr, js), AppSettings::create(nullptr, js), nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}

void Diagnostics::setInstance(Diagnostics* diagnostics) { g_instance = diagnostics; }

QString Diagnostics::aboutBuild() {
    QString out;
    out += QStringLiteral("Peng %1\n").arg(QStringLiteral(PENG_VERSION));
    out += QStringLiteral("Qt %1 (built against %2)\n").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
#if defined(__clang__)
    out += QStringLiteral("compiler: clang %1\n").arg(QStringLiteral(__clang_version__));
#elif defined(__GNUC__)
    out += QStringLiteral("compiler: GCC %1\n").arg(QStringLiteral(__VERSION__));
#endif
    bool server = false, download = false;
#ifdef PENG_HAS_SERVER
    server = true;
#endif
#ifdef PENG_HAS_DOWNLOAD
    download = true;
#endif
    out += QStringLiteral("build: %1; CUDA tier: %2; local server: %3; downloads: %4\n")
               .arg(QStringLiteral(PENG_BUILD_TYPE), yes_no(PENG_WITH_CUDA), yes_no(server), yes_no(download));
    out += QStringLiteral("system: %1, kernel %2 %3 (%4)\n")
               .arg(QSysInfo::prettyProductName(), QSysInfo::kernelType(), QSysInfo::kernelVersion(),
                    QSysInfo::currentCpuArchitecture());
    return out;
}

QString Diagnostics::logFile() const { return AppLog::path(); }

QString Diagnostics::modelSection() const {
    QString out = QStringLiteral("== Model and plan\n");
    if (engine_->backend() == QLatin1String("server"))
        return out + QStringLiteral("answers come from the server %1, model %2\n").arg(engine_->remoteHost(), engine_->remoteModel());
    const ModelSummary& s = engine_->summary();
    if (s.dir.isEmpty()) return out + QStringLiteral("no model open (state %1)\n").arg(engine_->state());
    const peng::ModelInfo& info = s.info;
    const peng::Plan& p = info.plan;
    out += QStringLiteral("model: %1 (%2 experts, %3 layers, %4 MoE layers x %5 experts, %6 per token)%7\n")
               .arg(s.dir, s.format).arg(s.layers).arg(s.moe_layers).arg(s.experts).arg(s.experts_per_token)
               .arg(s.random_weights ? QStringLiteral(", random weights") : QString());
    out += QStringLiteral("context: %1 tokens\n").arg(info.context_tokens);
    out += QStringLiteral("RAM budget: %1 (%2)%3, reserve %4\n")
               .arg(gb(p.budget_bytes), p.budget_measured ? QStringLiteral("measured") : QStringLiteral("given"),
                    p.budget_limited_by.empty() ? QString() : QStringLiteral(", limited by ") + QString::fromStdString(p.budget_limited_by),
                    gb(p.reserve_bytes));
    out += QStringLiteral("RAM use: dense %1, KV %2, prefix cache %3, runtime %4, experts %5\n")
               .arg(gb(p.dense_bytes), gb(p.kv_bytes), gb(p.prefix_cache_bytes), gb(p.runtime_bytes), gb(p.expert_ram_bytes));
    out += QStringLiteral("experts: %1 slots per layer (%2 in use), %3 pinned, all resident: %4, expected hit rate %5%, disk %6 per token\n")
               .arg(p.slots_per_layer).arg(info.expert_slots).arg(info.pinned).arg(yes_no(p.all_resident))
               .arg(p.expected_hit_rate * 100, 0, 'f', 1).arg(gb(p.disk_bytes_per_token));
    out += QStringLiteral("VRAM: %1\n").arg(!info.gpu_note.empty() ? QString::fromStdString(info.gpu_note)
                                            : !p.vram_note.empty() ? QString::fromStdString(p.vram_note)
                                                                   : QStringLiteral("GPU tier off"));
    if (!info.gpu_label.empty()) out += QString::fromStdString(info.gpu_label) + QLatin1Char('\n');
    out += QStringLiteral("prefetch at open: %1; routing history: %2\n")
               .arg(yes_no(info.prefetch), info.history_path.empty() ? QStringLiteral("off") : QString::fromStdString(info.history_path));
    return out;
}

QString Diagnostics::settingsSection() const {
    auto origin = [this](const char* key) {
        return settings_->followsModel(QLatin1String(key)) ? QStringLiteral(" (model default)") : QString();
    };
    QString out = QStringLiteral("== Settings\n");
    out += QStringLiteral("sampling: temperature %1%2, top-p %3%4, top-k %5%6, seed %7\n")
               .arg(settings_->temperature()).arg(origin("temperature"))
               .arg(settings_->topP()).arg(origin("topP"))
               .arg(settings_->topK()).arg(origin("topK"))
               .arg(settings_->seed());
    out += QStringLiteral("answer length: %1\n")
               .arg(settings_->maxTokens() > 0 ? QString::number(settings_->maxTokens()) : QStringLiteral("up to the context"));
    out += QStringLiteral("threads: %1; RAM budget setting: %2 GB; expert cap: %3; VRAM: %4\n")
               .arg(settings_->threads()).arg(settings_->ramBudgetGb()).arg(settings_->expertCap())
               .arg(settings_->vramAuto() ? QStringLiteral("auto") : QString::number(settings_->vramBudgetGb()) + QStringLiteral(" GB"));
    out += QStringLiteral("expert trims (lossy): top-k %1, top-p %2; prefetch: %3\n")
               .arg(settings_->trimTopK()).arg(settings_->trimTopP()).arg(yes_no(settings_->prefetch()));
    return out;
}

QString Diagnostics::text() const {
    QString out = QStringLiteral("Peng diagnostics, %1\n\n").arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    out += QStringLiteral("== Versions\n") + aboutBuild() + QLatin1Char('\n');
    out += hardware_section() + QLatin1Char('\n');
    out += modelSection() + QLatin1Char('\n');
    out += settingsSection() + QLatin1Char('\n');
    const QStringList problems = AppLog::lastProblems(kLastProblems);
    out += QStringLiteral("== Last warnings and errors (%1)\n").arg(logFile().isEmpty() ? QStringLiteral("no log file") : logFile());
    out += problems.isEmpty() ? QStringLiteral("none\n") : problems.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return out;
}

void Diagnostics::copy() const { QGuiApplication::clipboard()->setText(text()); }

void Diagnostics::openLogFolder() const {
    if (!logFile().isEmpty()) QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(logFile()).absolutePath()));
}
