// peng: the desktop app. Creates the controllers, loads the QML module Peng from
// qrc:/Peng/Main.qml (Qt 6.4 has no loadFromModule) and opens a model: the one
// given with --model, the last one used, or the built-in demo model.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QQmlApplicationEngine>
#include <QQmlContext>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>

#include "api/number_option.h"
#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "file_check.h"
#include "measurements.h"
#include "screenshot_runner.h"
#include "app_language.h"

Q_IMPORT_QML_PLUGIN(PengPlugin)

int main(int argc, char* argv[]) {
    // QtCharts' ChartView draws with Graphics View, so this must be a QApplication.
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Peng"));
    QApplication::setApplicationName(QStringLiteral("peng"));
    // Wayland desktops match the window to its launcher and icon by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.peng.Peng"));
    QApplication::setApplicationDisplayName(QStringLiteral("Peng"));
    QApplication::setApplicationVersion(QStringLiteral(PENG_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/Peng/resources/peng.svg")));
    QQuickStyle::setStyle(QStringLiteral("Basic"));

    QCommandLineParser cli;
    cli.setApplicationDescription(QStringLiteral("Run Xiaomi MiMo-V2 Mixture-of-Experts models on one machine."));
    cli.addHelpOption();
    cli.addVersionOption();
    const QCommandLineOption model_opt(QStringLiteral("model"), QStringLiteral("Open the checkpoint folder DIR."), QStringLiteral("DIR"));
    const QCommandLineOption demo_opt(QStringLiteral("demo"), QStringLiteral("Open the built-in demo model (random weights)."));
    const QCommandLineOption shot_opt(QStringLiteral("screenshot"), QStringLiteral("Save the window to FILE.png once ready (and what it shows to FILE.json), then exit."), QStringLiteral("FILE"));
    // --demo-prompt is the older name, kept so existing scripts keep working.
    const QCommandLineOption prompt_opt({QStringLiteral("prompt"), QStringLiteral("demo-prompt")},
                                        QStringLiteral("With --screenshot: send TEXT, wait for the whole answer, then save the window."),
                                        QStringLiteral("TEXT"));
    const QCommandLineOption tokens_opt(QStringLiteral("max-tokens"), QStringLiteral("With --prompt: answer length (default 48)."), QStringLiteral("N"), QStringLiteral("48"));
    const QCommandLineOption data_opt(QStringLiteral("data-dir"), QStringLiteral("Keep conversations and the demo model under DIR instead of the user's data folder."), QStringLiteral("DIR"));
    cli.addOptions({model_opt, demo_opt, shot_opt, prompt_opt, tokens_opt, data_opt});
    cli.process(app);

    if (cli.isSet(data_opt)) {
        // Redirect every standard location (data, config) so a scripted run leaves the user's files alone.
        const QString root = QDir(cli.value(data_opt)).absolutePath();
        qputenv("XDG_DATA_HOME", QFile::encodeName(root + QStringLiteral("/data")));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(root + QStringLiteral("/config")));
    }

    AppSettings settings(nullptr);
    AppSettings::setInstance(&settings);
    AppLanguage language(&settings);
    ConversationStore conversations(QString(), nullptr);
    ConversationStore::setInstance(&conversations);
    EngineController engine(&conversations, &settings);
    EngineController::setInstance(&engine);
    Measurements measurements(&engine);
    Measurements::setInstance(&measurements);
    FileCheck fileCheck;
    FileCheck::setInstance(&fileCheck);

    std::unique_ptr<ScreenshotRunner> screenshot;
    if (cli.isSet(shot_opt)) {
        screenshot = std::make_unique<ScreenshotRunner>(&engine, conversations.messages(), cli.value(shot_opt),
                                                        cli.value(prompt_opt));
        try {
            engine.setAnswerLimit(peng::parse_int("--max-tokens", cli.value(tokens_opt).toStdString(), peng::kAnswerTokensRange));
        } catch (const std::exception& e) {
            std::fprintf(stderr, "peng: %s\n", e.what());
            return 2;
        }
    }

    QQmlApplicationEngine qml;
    QObject::connect(&qml, &QQmlApplicationEngine::objectCreationFailed, &app, [] { QCoreApplication::exit(1); },
                     Qt::QueuedConnection);
    language.setEngine(&qml);
    qml.load(QUrl(QStringLiteral("qrc:/Peng/Main.qml")));
    if (qml.rootObjects().isEmpty()) return 1;
    if (screenshot) screenshot->setWindow(qobject_cast<QQuickWindow*>(qml.rootObjects().first()));

    if (cli.isSet(model_opt)) engine.openModel(cli.value(model_opt));
    else if (!cli.isSet(demo_opt) && !settings.lastModel().isEmpty() &&
             QFileInfo::exists(settings.lastModel() + QStringLiteral("/config.json")))
        engine.openModel(settings.lastModel());
    else engine.openDemo();

    return app.exec();
}
