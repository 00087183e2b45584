#include "app_settings.h"

#include <QHash>
#include <QPointer>
#include <climits>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "api/number_option.h"

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
        {QStringLiteral("serverEnabled"), false}, {QStringLiteral("serverPort"), 8080},
        {QStringLiteral("backend"), QStringLiteral("local")}, {QStringLiteral("serverUrl"), QString()},
        {QStringLiteral("serverModel"), QString()},
    };
    return d;
}

// The engine's number parser checks each numeric setting, as it checks peng-cli's
// options, so a hand-edited or stale settings file cannot reach the engine out of range.
using Check = std::function<void(const std::string& name, const std::string& text)>;

Check ints(peng::NumberRange<int> range) {
    return [range](const std::string& name, const std::string& text) { peng::parse_int(name, text, range); };
}
Check reals(peng::NumberRange<double> range) {
    return [range](const std::string& name, const std::string& text) { peng::parse_real(name, text, range); };
}

const QHash<QString, Check>& checks() {
    static const QHash<QString, Check> c{
        {QStringLiteral("temperature"), reals(peng::kTemperatureRange)},
        {QStringLiteral("topP"), reals(peng::kSamplingTopPRange)},
        {QStringLiteral("topK"), ints(peng::kSamplingTopKRange)},
        {QStringLiteral("seed"), ints({-1, INT_MAX})},  // -1 = a new seed each answer
        {QStringLiteral("maxTokens"), ints(peng::kAnswerTokensRange)},
        {QStringLiteral("threads"), ints({0, peng::kThreadsRange.max})},  // 0 = one per core
        {QStringLiteral("expertCap"), ints(peng::kExpertSlotsRange)},
        {QStringLiteral("trimTopK"), ints(peng::kTrimTopKRange)},
        {QStringLiteral("trimTopP"), reals(peng::kTrimTopPRange)},
        {QStringLiteral("serverPort"), ints({0, 65535})},
        {QStringLiteral("ramBudgetGb"), [](const std::string& name, const std::string& text) { peng::parse_ram_gigabytes(name, text); }},
        {QStringLiteral("vramBudgetGb"), [](const std::string& name, const std::string& text) { peng::parse_vram_gigabytes(name, text); }},
        {QStringLiteral("theme"), [](const std::string& name, const std::string& text) {
             if (text != "dark" && text != "light" && text != "system")
                 throw std::invalid_argument(name + " must be dark, light or system, got '" + text + "'");
         }},
        {QStringLiteral("backend"), [](const std::string& name, const std::string& text) {
             if (text != "local" && text != "server")
                 throw std::invalid_argument(name + " must be local or server, got '" + text + "'");
         }},
    };
    return c;
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
    const QVariant stored = settings_.value(k, defaults().value(k));
    const auto check = checks().find(k);
    if (check == checks().end()) return stored;
    try {
        check.value()("setting " + k.toStdString(), stored.toString().toStdString());
        return stored;
    } catch (const std::exception& e) {
        // Refused, said once per value, and the default used until the user sets another.
        const QString refused = k + QLatin1Char('=') + stored.toString();
        if (!warned_.contains(refused)) {
            warned_.insert(refused);
            qWarning("%s; using the default %s", e.what(), qPrintable(defaults().value(k).toString()));
        }
        return defaults().value(k);
    }
}

void AppSettings::setValue(const char* key, const QVariant& v) {
    const QString k = QString::fromLatin1(key);
    if (settings_.value(k, defaults().value(k)) == v) return;  // the stored value: a refused one is replaced
    settings_.setValue(k, v);
    emit changed();
}

void AppSettings::restoreDefaults() {
    // Not preferences but state: the model last open, whether the server runs now, and
    // who answers the chats (the engine would otherwise disagree with the settings).
    const QString model = lastModel();
    const bool serving = serverEnabled();
    const QStringList connection{QStringLiteral("backend"), QStringLiteral("serverUrl"), QStringLiteral("serverModel")};
    QVariantList kept;
    for (const QString& key : connection) kept.append(settings_.value(key));
    settings_.clear();
    settings_.setValue(QStringLiteral("lastModel"), model);
    if (serving) settings_.setValue(QStringLiteral("serverEnabled"), serving);
    for (qsizetype i = 0; i < connection.size(); ++i)
        if (kept[i].isValid()) settings_.setValue(connection[i], kept[i]);
    emit changed();
}

