#include "app_settings.h"

#include <QHash>
#include <QPointer>
#include <cmath>

namespace {
QPointer<AppSettings> g_instance;

const QHash<QString, QVariant>& defaults() {
    static const QHash<QString, QVariant> d{
        {QStringLiteral("temperature"), 0.8}, {QStringLiteral("topP"), 0.95},
        {QStringLiteral("topK"), 0},          {QStringLiteral("seed"), -1},
        {QStringLiteral("maxTokens"), 512},   {QStringLiteral("threads"), 0},
        {QStringLiteral("expertCap"), 0},     {QStringLiteral("ramBudgetGb"), 0.0},
        {QStringLiteral("vramBudgetGb"), 0.0}, {QStringLiteral("vramAuto"), false},
        {QStringLiteral("lastModel"), QString()},
        {QStringLiteral("shaderEffects"), true}, {QStringLiteral("language"), QString()},
        {QStringLiteral("trimTopK"), 0},      {QStringLiteral("trimTopP"), 0.0},
        {QStringLiteral("theme"), QStringLiteral("dark")}, {QStringLiteral("prefetch"), true},
    };
    return d;
}
}  // namespace

AppSettings::AppSettings(QObject* parent) : QObject(parent) {}

AppSettings* AppSettings::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new AppSettings(nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void AppSettings::setInstance(AppSettings* settings) { g_instance = settings; }

QVariant AppSettings::defaultValue(const QString& key) const { return defaults().value(key); }

QVariant AppSettings::value(const char* key) const {
    const QString k = QString::fromLatin1(key);
    return settings_.value(k, defaults().value(k));
}

void AppSettings::setValue(const char* key, const QVariant& v) {
    if (value(key) == v) return;
    settings_.setValue(QString::fromLatin1(key), v);
    emit changed();
}

void AppSettings::restoreDefaults() {
    const QString model = lastModel();  // a default, not a preference: keep it
    settings_.clear();
    settings_.setValue(QStringLiteral("lastModel"), model);
    emit changed();
}

