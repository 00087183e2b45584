// peng: the desktop app. Creates the controllers, loads the QML module Peng from
// qrc:/Peng/Main.qml (Qt 6.4 has no loadFromModule) and opens a model: the one
// given with --model, the last one used, or the built-in demo model.
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QQmlApplicationEngine>
#include <QQmlContext>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QTimer>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>
#include <cstdlib>

#include "api/number_option.h"
#include "api/secret_file.h"
#include "app_folders.h"
#include "app_log.h"
#include "app_settings.h"
#include "crash_handler.h"
#include "crash_reports.h"
#include "diagnostics.h"
#include "log_categories.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "file_check.h"
#include "local_server.h"
#include "remote_key_store.h"
#include "measurements.h"
#include "screenshot_runner.h"
#ifdef _WIN32
#include "end_process.h"
#endif
#include "app_language.h"

Q_IMPORT_QML_PLUGIN(PengPlugin)

namespace {

struct CommandLine {
    QCommandLineParser parser;
    const QCommandLineOption model{QStringLiteral("model"), QStringLiteral("Open the checkpoint folder DIR."), QStringLiteral("DIR")};
    const QCommandLineOption demo{QStringLiteral("demo"), QStringLiteral("Open the built-in demo model (a small MiMo-V2 trained on word meanings and sayings).")};
    const QCommandLineOption stress_demo{QStringLiteral("stress-demo"), QStringLiteral("Open the Flash-shape stress demo (48 layers x 256 experts, random weights), generating it first if needed.")};
    const QCommandLineOption shot{QStringLiteral("screenshot"), QStringLiteral("Save the window to FILE.png once ready (and what it shows to FILE.json), then exit."), QStringLiteral("FILE")};
    // --demo-prompt is the older name, kept so existing scripts keep working.
    const QCommandLineOption prompt{{QStringLiteral("prompt"), QStringLiteral("demo-prompt")},
                                    QStringLiteral("With --screenshot: send TEXT, wait for the whole answer, then save the window."),
                                    QStringLiteral("TEXT")};
    const QCommandLineOption tokens{QStringLiteral("max-tokens"), QStringLiteral("With --prompt: answer length (default 48)."), QStringLiteral("N"), QStringLiteral("48")};
    const QCommandLineOption server{QStringLiteral("server"), QStringLiteral("Chat through the OpenAI-compatible server at URL (vLLM, SGLang, peng-cli serve) instead of this computer."), QStringLiteral("URL")};
    const QCommandLineOption key_file{QStringLiteral("api-key-file"), QStringLiteral("With --server: the API key, the first line of FILE."), QStringLiteral("FILE")};
    const QCommandLineOption server_model{QStringLiteral("server-model"), QStringLiteral("With --server: the model to use (default: the server's first)."), QStringLiteral("NAME")};
    const QCommandLineOption data{QStringLiteral("data-dir"), QStringLiteral("Keep conversations and the stress demo under DIR instead of the user's data folder."), QStringLiteral("DIR")};
    const QCommandLineOption crash_report{QStringLiteral("print-crash-report"), QStringLiteral("Print the crash report the window would tell about at start (the newest not dismissed), then exit; exit status 1 when there is none.")};

    CommandLine() {
        parser.setApplicationDescription(QStringLiteral("Run Xiaomi MiMo-V2 Mixture-of-Experts models on one machine."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({model, demo, stress_demo, shot, prompt, tokens, server, key_file, server_model, data, crash_report});
    }
    bool asks_for_help_or_version() const {
        for (const QString& name : parser.optionNames())
            if (QStringList{"h", "?", "help", "help-all", "v", "version"}.contains(name)) return true;
        return false;
    }
};

void name_the_application() {
    QCoreApplication::setOrganizationName(QStringLiteral("Peng"));
    QCoreApplication::setApplicationName(QStringLiteral("peng"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PENG_VERSION));
}

// --print-crash-report: the report CrashReports finds, as the window would show it.
[[noreturn]] void print_crash_report() {
    const CrashReports reports(CrashReports::defaultFolder(), nullptr);
    if (reports.pending().isEmpty()) {
        std::fprintf(stderr, "peng: no crash report in %s\n", qPrintable(reports.folder()));
        std::exit(1);
    }
    std::printf("%s\n%s", qPrintable(reports.pending()), reports.pendingText().toUtf8().constData());
    std::exit(0);
}

// --help, --version and --print-crash-report answer from a QCoreApplication, which
// needs no display: QApplication aborts in the platform plugin when there is none.
// Qt's own options (-platform, -style) are unknown here; then QApplication reads them
// and the full check runs there. The QCoreApplication exists only when it answers:
// destroying one clears the accessibility factories Qt Quick installs at load, which
// would leave the window empty for screen readers.
void answer_without_window(int argc, char* argv[]) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
    CommandLine cli;
    if (!cli.parser.parse(arguments)) return;
    const bool help_or_version = cli.asks_for_help_or_version();
    if (!help_or_version && !cli.parser.isSet(cli.crash_report)) return;
    QCoreApplication console(argc, argv);
    name_the_application();
    if (help_or_version) cli.parser.process(console);  // exits
    if (cli.parser.isSet(cli.data)) AppFolders::moveUnder(cli.parser.value(cli.data));
    print_crash_report();
}

// The log file and the crash handler, in the data folder (after --data-dir moved it).
void start_supportability() {
    AppLog::install(AppLog::defaultDirectory());
    QString error;
    if (!CrashHandler::install(CrashReports::defaultFolder(), Diagnostics::aboutBuild(), &error))
        qCWarning(lcApp, "no crash reports this run: %s", qPrintable(error));
    qCInfo(lcApp, "Peng %s started (Qt %s)", PENG_VERSION, qVersion());
}

// Out of line, so a crash report's stack trace names both it and main.
Q_NEVER_INLINE int run_app(int argc, char* argv[]) {
    answer_without_window(argc, argv);
    // QtCharts' ChartView draws with Graphics View, so this must be a QApplication.
    QApplication app(argc, argv);
    name_the_application();
    // Wayland desktops match the window to its launcher and icon by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.peng.Peng"));
    QApplication::setApplicationDisplayName(QStringLiteral("Peng"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/Peng/resources/peng.svg")));
    QQuickStyle::setStyle(QStringLiteral("Basic"));

    CommandLine opt;
    QCommandLineParser& cli = opt.parser;
    cli.process(app);

    if (cli.isSet(opt.data)) AppFolders::moveUnder(cli.value(opt.data));
    start_supportability();

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
    // After the engine controller, so it is destroyed first: quitting stops the server
    // (its answers end at their next token) before the engine goes away.
    LocalServer localServer(&engine, &settings, nullptr);
    LocalServer::setInstance(&localServer);
    RemoteKeyStore keyStore(nullptr);
    RemoteKeyStore::setInstance(&keyStore);
    CrashReports crashReports(CrashReports::defaultFolder(), nullptr);
    CrashReports::setInstance(&crashReports);
    Diagnostics diagnostics(&engine, &settings, nullptr);
    Diagnostics::setInstance(&diagnostics);

    std::unique_ptr<ScreenshotRunner> screenshot;
    if (cli.isSet(opt.shot)) {
        // A prompt given on the command line is a question of its own: it starts a new
        // conversation rather than continuing whichever one was open last.
        if (!cli.value(opt.prompt).isEmpty()) conversations.newConversation();
        screenshot = std::make_unique<ScreenshotRunner>(&engine, conversations.messages(), cli.value(opt.shot),
                                                        cli.value(opt.prompt));
        try {
            engine.setAnswerLimit(
                peng::parse_int("--max-tokens", cli.value(opt.tokens).toStdString(), peng::kAnswerTokensRange));
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
    // The crash test (tests/app/crash/): the real binary dies once its window is up.
    if (qEnvironmentVariableIntValue("PENG_TEST_CRASH") == 1) QTimer::singleShot(0, &CrashHandler::crashForTest);

    if (cli.isSet(opt.server)) {
        QString key;
        if (cli.isSet(opt.key_file)) {
            // Read as given: the file is the user's (ServerKeyFile would tighten its mode).
            try {
                key = QString::fromStdString(peng::read_secret_file(cli.value(opt.key_file).toStdString(), "API key"));
            } catch (const std::exception& e) {
                std::fprintf(stderr, "peng: --api-key-file: %s\n", e.what());
                return 2;
            }
        }
        engine.useServer(cli.value(opt.server), key, cli.value(opt.server_model));
    } else if (cli.isSet(opt.model)) engine.openModel(cli.value(opt.model));
    else if (cli.isSet(opt.stress_demo)) engine.openStressDemo();
    else if (!cli.isSet(opt.demo) && settings.backend() == QLatin1String("server") && !settings.serverUrl().isEmpty()) {
        // The window chatted through a server last time: it does again, with the key the
        // keychain keeps for that server (useServer says why if the server is gone).
        QObject::connect(&keyStore, &RemoteKeyStore::keyLoaded, &engine,
                         [&engine, &settings](const QString& url, const QString& key) {
                             if (url == settings.serverUrl()) engine.useServer(url, key, settings.serverModel());
                         },
                         Qt::SingleShotConnection);
        keyStore.load(settings.serverUrl());
    } else if (!cli.isSet(opt.demo) && !settings.lastModel().isEmpty() &&
             QFileInfo::exists(settings.lastModel() + QStringLiteral("/config.json")))
        engine.openModel(settings.lastModel());
    else engine.openDemo();

    return app.exec();
}

}  // namespace

int main(int argc, char* argv[]) {
    const int status = run_app(argc, argv);
#ifdef _WIN32
    end_process_after_teardown(status);
#else
    std::exit(status);   // rather than return: no tail call, so a crash's stack trace still ends in main
#endif
}
