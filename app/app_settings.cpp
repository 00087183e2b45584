#include "app_settings.h"

#include <QHash>
#include <QPointer>
#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "api/number_option.h"
#include "hub_endpoint.h"
#include "log_categories.h"

namespace {
QPointer<AppSettings> g_instance;

const QHash<QString, QVariant>& defaults_table() {
    static const QHash<QString, QVariant> d{
        {QStringLiteral("temperature"), 0.8}, {QStringLiteral("topP"), 0.95},
        {QStringLiteral("topK"), 0},          {QStringLiteral("seed"), -1},
        {QStringLiteral("maxTokens"), 0},   {QStringLiteral("threads"), 0},
        {QStringLiteral("expertCap"), 0},     {QStringLiteral("ramBudgetGb"), 0.0},
        {QStringLiteral("vramBudgetGb"), 0.0}, {QStringLiteral("vramAuto"), false},
        {QStringLiteral("lastModel"), QString()},
        {QStringLiteral("shaderEffects"), true}, {QStringLiteral("language"), QString()},
        {QStringLiteral("trimTopK"), 0},      {QStringLiteral("trimTopP"), 0.0},
        {QStringLiteral("theme"), QStringLiteral("dark")}, {QStringLiteral("prefetch"), true},
        {QStringLiteral("serverEnabled"), false}, {QStringLiteral("serverPort"), 8080},
        {QStringLiteral("backend"), QStringLiteral("local")}, {QStringLiteral("serverUrl"), QString()},
        {QStringLiteral("serverModel"), QString()},
        {QStringLiteral("downloadEndpoint"), kDefaultHubEndpoint},
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
        {QStringLiteral("maxTokens"), ints({0, peng::kAnswerTokensRange.max})},  // 0 = up to the context
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
        {QStringLiteral("downloadEndpoint"), [](const std::string& name, const std::string& text) {
             const QString problem = hubEndpointProblem(QString::fromStdString(text));
             if (!problem.isEmpty()) throw std::invalid_argument(name + ": " + problem.toStdString());
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

QVariant AppSettings::defaultValue(const QString& key) const {
    return model_defaults_.contains(key) ? model_defaults_.value(key) : defaults_table().value(key);
}

void AppSettings::setModelDefaults(const QVariantMap& defaults) {
    // A checkpoint's value out of range is refused as a stored one would be: the table's stays.
    QVariantMap accepted;
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        const auto check = checks().find(it.key());
        try {
            if (check != checks().end()) check.value()("the model's default " + it.key().toStdString(), it.value().toString().toStdString());
            accepted.insert(it.key(), it.value());
        } catch (const std::exception& e) {
            qCWarning(lcApp, "%s; using %s", e.what(), qPrintable(defaults_table().value(it.key()).toString()));
        }
    }
    if (accepted == model_defaults_) return;
    model_defaults_ = accepted;
    emit changed();
}

bool AppSettings::followsModel(const QString& key) const {
    return model_defaults_.contains(key) && !settings_.contains(key);
}

void AppSettings::resetToDefault(const QString& key) {
    if (!settings_.contains(key)) return;
    settings_.remove(key);
    emit changed();
}

int AppSettings::answerTokens(int max_tokens_setting, int context_tokens) {
    return std::max(1, max_tokens_setting > 0 ? max_tokens_setting : context_tokens);
}

QVariant AppSettings::value(const char* key) const {
    const QString k = QString::fromLatin1(key);
    const QVariant stored = settings_.value(k, defaultValue(k));
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
            qCWarning(lcApp, "%s; using the default %s", e.what(), qPrintable(defaultValue(k).toString()));
        }
        return defaultValue(k);
    }
}

void AppSettings::setValue(const char* key, const QVariant& v) {
    const QString k = QString::fromLatin1(key);
    // The value in effect: a refused stored one is replaced; the default (the model's
    // where it states one) stays unstored, so it keeps following the model.
    if (settings_.value(k, defaultValue(k)) == v) return;
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

