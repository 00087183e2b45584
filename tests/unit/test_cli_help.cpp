// peng-cli's conventions (issue 49): every command, and every bench, answers --help and
// -h with a usage line naming each of its flags, each described with its default; an
// unknown flag is a usage error (exit 2) naming the nearest real one; `list` shows the
// models folder; a repository name given as MODEL resolves to its download folder,
// and a name that resolves to nothing says where it looked and how to download it.
// The commands and flags come from peng-cli itself (its --help), so a new command or
// flag is checked without editing this test.
#include <QtTest>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

const QString kTiny = QStringLiteral(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

struct Result {
    int exit_code = -1;
    QString out, err;
};

// peng-cli with HOME (where the models folder is) and the working folder set when given.
Result cli(const QStringList& args, const QString& home = {}) {
    QProcess p;
    if (!home.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home);
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(home);
    }
    p.start(PENG_CLI_PATH, args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString describe(const Result& r) {
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3").arg(r.exit_code).arg(r.out.left(3000), r.err.left(2000));
}

// The names of a listing's lines "  NAME  summary" after the line `heading`.
QStringList listed_names(const QString& text, const QString& heading) {
    QStringList names;
    const QStringList lines = text.split('\n');
    const qsizetype start = lines.indexOf(heading);
    for (qsizetype i = start + 1; start >= 0 && i < lines.size(); ++i) {
        static const QRegularExpression entry(QStringLiteral("^  (\\S+)\\s+\\S"));
        const auto m = entry.match(lines[i]);
        if (m.hasMatch()) names << m.captured(1);
    }
    return names;
}

// Every command, as `peng-cli --help` lists them, and every bench, as `bench --help` does.
QList<QStringList> all_commands() {
    QList<QStringList> commands;
    const Result top = cli({"--help"});
    for (const QString& name : listed_names(top.out, "commands:")) {
        if (name == "help" || name.startsWith('-')) continue;
        commands << QStringList{name};
    }
    const Result bench = cli({"bench", "--help"});
    const QStringList lines = bench.out.split('\n');
    for (const QString& line : lines) {
        static const QRegularExpression entry(QStringLiteral("^  ([a-z]+)\\s+\\S"));
        if (const auto m = entry.match(line); m.hasMatch()) commands << QStringList{"bench", m.captured(1)};
    }
    return commands;
}

QString usage_line(const QString& help) {
    for (const QString& line : help.split('\n'))
        if (line.startsWith("usage: ")) return line;
    return {};
}

QSet<QString> flags_in(const QString& text) {
    QSet<QString> flags;
    static const QRegularExpression flag(QStringLiteral("--[a-z][a-z0-9-]*"));
    for (auto it = flag.globalMatch(text); it.hasNext();) flags << it.next().captured(0);
    return flags;
}

// The options table: "  --name VALUE=default   description" (and "-h,--help ..."); a
// long name has its description on the next line.
QMap<QString, QString> option_rows(const QString& help) {
    QMap<QString, QString> rows;
    static const QRegularExpression row(QStringLiteral("^  (?:-h,)?(--[a-z][a-z0-9-]*)(?: \\S+)?(?:\\s{2,}(\\S.*))?$"));
    const QStringList lines = help.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (const auto m = row.match(lines[i]); m.hasMatch())
            rows[m.captured(1)] = m.captured(2).isEmpty() && i + 1 < lines.size() ? lines[i + 1].trimmed() : m.captured(2);
    return rows;
}

// `flag` with one letter from its middle left out: a typo only `flag` is near.
QString typo_of(const QString& flag) {
    QString typo = flag;
    typo.remove(2 + (flag.size() - 2) / 2, 1);
    return typo;
}

}  // namespace

class TestCliHelp : public QObject {
    Q_OBJECT
    QTemporaryDir home_;

    QString model_in_home(const QString& folder) {
        const fs::path to = fs::path(home_.path().toStdString()) / "models" / folder.toStdString();
        fs::create_directories(to.parent_path());
        fs::copy(kTiny.toStdString(), to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
        return QString::fromStdString(to.string());
    }

private slots:
    void top_level_help_lists_the_commands() {
        const Result r = cli({"--help"});
        QVERIFY2(r.exit_code == 0, qPrintable(describe(r)));
        const QStringList names = listed_names(r.out, "commands:");
        for (const char* name : {"chat", "run", "serve", "download", "list", "inspect", "plan", "bench", "help"})
            QVERIFY2(names.contains(name), qPrintable(QString(name) + " missing from\n" + r.out));
        QCOMPARE(cli({"help"}).out, r.out);
        QCOMPARE(cli({"-h"}).out, r.out);
    }

    void every_command_answers_help_with_every_flag_data() {
        QTest::addColumn<QStringList>("command");
        const QList<QStringList> commands = all_commands();
        QVERIFY(commands.size() >= 20);
        for (const QStringList& command : commands) QTest::newRow(qPrintable(command.join(' '))) << command;
    }
    void every_command_answers_help_with_every_flag() {
        QFETCH(QStringList, command);
        const Result help = cli(command + QStringList{"--help"});
        QVERIFY2(help.exit_code == 0 && help.err.isEmpty(), qPrintable(describe(help)));
        const Result short_help = cli(command + QStringList{"-h"});
        QVERIFY2(short_help.exit_code == 0, qPrintable(describe(short_help)));
        QCOMPARE(short_help.out, help.out);
        if (command.size() == 1 && command[0] == "bench") return;   // a list of benches, each checked on its own

        const QString usage = usage_line(help.out);
        QVERIFY2(usage.startsWith("usage: peng-cli " + command.join(' ')), qPrintable(help.out));
        // The usage line names every flag the command declares, and the table describes each.
        const QMap<QString, QString> rows = option_rows(help.out);
        QVERIFY2(rows.contains("--help"), qPrintable(help.out));
        QSet<QString> declared(rows.keyBegin(), rows.keyEnd());
        declared.remove("--help");
        QVERIFY2(!declared.isEmpty(), qPrintable(help.out));
        QCOMPARE(flags_in(usage), declared);
        for (auto it = rows.begin(); it != rows.end(); ++it)
            QVERIFY2(!it.value().isEmpty(), qPrintable(it.key() + " has no description:\n" + help.out));
        QCOMPARE(cli({"help", command[0]}).out, command.size() == 1 ? help.out : cli({"bench", "--help"}).out);
    }

    // Every model command takes the placement flags, and the help gives their defaults.
    void model_commands_show_the_shared_flags_with_defaults() {
        for (const char* command : {"run", "chat", "serve", "plan", "quality", "eval", "logits"}) {
            const Result r = cli({command, "--help"});
            QVERIFY2(r.exit_code == 0, qPrintable(describe(r)));
            const QString usage = usage_line(r.out);
            for (const char* flag : {"--ram GB=0", "--context N=4096", "--cap N", "--prefetch on|off|auto=auto",
                                     "--history FILE|none", "--io-threads N=4", "--topk K"})
                QVERIFY2(usage.contains(flag), qPrintable(QString(command) + ": no " + flag + " in\n" + usage));
            QVERIFY2(option_rows(r.out).contains("--topp") && r.out.contains("--topk K=0"), qPrintable(r.out));
        }
        const Result run = cli({"run", "--help"});
        QVERIFY2(run.out.contains("stops after 64 tokens") && usage_line(run.out).contains("--ngen N=64"),
                 qPrintable(run.out));
        const Result chat = cli({"chat", "-h"});
        QVERIFY2(usage_line(chat.out).contains("--ngen N=1024"), qPrintable(chat.out));
    }

    void unknown_flag_is_a_usage_error_with_a_suggestion_data() {
        every_command_answers_help_with_every_flag_data();
    }
    void unknown_flag_is_a_usage_error_with_a_suggestion() {
        QFETCH(QStringList, command);
        if (command.size() == 1 && command[0] == "bench") return;
        // The command's longest flag, mistyped: nothing else is as near.
        QString longest;
        for (const QString& flag : flags_in(usage_line(cli(command + QStringList{"--help"}).out)))
            if (flag.size() > longest.size()) longest = flag;
        QVERIFY(!longest.isEmpty());
        const QString typo = typo_of(longest);
        const Result r = cli(command + QStringList{typo});
        QVERIFY2(r.exit_code == 2, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("unknown option " + typo + "; did you mean " + longest + "?"), qPrintable(describe(r)));
        QVERIFY2(r.out.isEmpty(), qPrintable(describe(r)));
    }

    void the_issue_example_and_far_typos() {
        const Result r = cli({"run", kTiny, "--contxt", "5"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("unknown option --contxt; did you mean --context?"), qPrintable(describe(r)));
        const Result far = cli({"chat", kTiny, "--zzzzzzzz"});
        QCOMPARE(far.exit_code, 2);
        QVERIFY2(far.err.contains("unknown option --zzzzzzzz") && !far.err.contains("did you mean"),
                 qPrintable(describe(far)));
        const Result command = cli({"chta"});
        QCOMPARE(command.exit_code, 2);
        QVERIFY2(command.err.contains("unknown command 'chta'; did you mean chat?"), qPrintable(describe(command)));
        const Result missing_value = cli({"run", kTiny, "--tokens"});
        QCOMPARE(missing_value.exit_code, 2);
        QVERIFY2(missing_value.err.contains("option --tokens needs a value"), qPrintable(describe(missing_value)));
        // A number in range keeps its own clear message, exit 1.
        const Result range = cli({"run", kTiny, "--tokens", "1", "--ngen", "0", "--kv-store", "none", "--history", "none"});
        QCOMPARE(range.exit_code, 1);
        QVERIFY2(range.err.contains("--ngen must be an integer from 1 to 1000000, got '0'"), qPrintable(describe(range)));
    }

    void list_shows_the_models_folder() {
        const QString home = home_.path();
        fs::create_directories((home + "/nobody").toStdString());
        const Result empty = cli({"list"}, home + "/nobody");
        QVERIFY2(empty.exit_code == 0 && empty.out.contains("no models in " + home + "/nobody/models"),
                 qPrintable(describe(empty)));

        const QString local = model_in_home("MiMo-Local");
        // A finished download records its repository; one under way has only its state folder.
        const QString done = model_in_home("MiMo-Done");
        fs::create_directories((done + "/.peng-download").toStdString());
        std::ofstream((done + "/.peng-download/source.json").toStdString())
            << R"({"repo": "XiaomiMiMo/MiMo-Done", "revision": "main", "commit": "abc"})";
        fs::create_directories((home + "/models/MiMo-Partial/.peng-download/partial").toStdString());
        std::ofstream((home + "/models/MiMo-Partial/.peng-download/partial/x").toStdString()) << "12345";
        fs::create_directories((home + "/models/not-a-model").toStdString());

        const Result r = cli({"list", "--json"}, home);
        QVERIFY2(r.exit_code == 0, qPrintable(describe(r)));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(QString::fromStdString(j["root"].get<std::string>()), home + "/models");
        QCOMPARE(j["models"].size(), size_t(3));
        std::map<std::string, nlohmann::json> by_name;
        for (const auto& m : j["models"]) by_name[m["name"].get<std::string>()] = m;
        QCOMPARE(by_name.at("MiMo-Local")["state"].get<std::string>(), std::string("local"));
        QCOMPARE(QString::fromStdString(by_name.at("MiMo-Local")["dir"].get<std::string>()), local);
        QCOMPARE(by_name.at("XiaomiMiMo/MiMo-Done")["state"].get<std::string>(), std::string("verified"));
        QCOMPARE(by_name.at("MiMo-Partial")["state"].get<std::string>(), std::string("partial"));
        QCOMPARE(by_name.at("MiMo-Partial")["bytes"].get<uint64_t>(), uint64_t(5));
        uint64_t tiny_bytes = 0;
        for (const auto& f : fs::recursive_directory_iterator(kTiny.toStdString()))
            if (f.is_regular_file()) tiny_bytes += f.file_size();
        QCOMPARE(by_name.at("MiMo-Local")["bytes"].get<uint64_t>(), tiny_bytes);

        const Result text = cli({"list"}, home);
        QVERIFY2(text.exit_code == 0, qPrintable(describe(text)));
        for (const char* name : {"MiMo-Local", "XiaomiMiMo/MiMo-Done", "MiMo-Partial"})
            QVERIFY2(text.out.contains(name), qPrintable(describe(text)));
        QVERIFY2(!text.out.contains("not-a-model"), qPrintable(describe(text)));
    }

    void list_never_waits_on_a_fifo_in_a_models_folder() {
        // A FIFO where a download's source.json belongs is not read (it would block until
        // a writer came): the folder is listed as a download under way.
        const QString home = home_.path() + "/fifo-home";
        const std::string state = (home + "/models/Stuck/.peng-download").toStdString();
        fs::create_directories(state);
        QCOMPARE(::mkfifo((state + "/source.json").c_str(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        const Result r = cli({"list", "--json"}, home);
        QVERIFY2(clock.elapsed() < 30000, qPrintable(describe(r)));
        QVERIFY2(r.exit_code == 0, qPrintable(describe(r)));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["models"].size(), size_t(1));
        QCOMPARE(j["models"][0]["state"].get<std::string>(), std::string("partial"));
    }

    void repository_names_resolve_to_the_download_folder() {
        const QString home = home_.path();
        model_in_home("MiMo-Named");
        for (const char* name : {"XiaomiMiMo/MiMo-Named", "MiMo-Named"}) {
            const Result r = cli({"inspect", name, "--json"}, home);
            QVERIFY2(r.exit_code == 0, qPrintable(QString(name) + ": " + describe(r)));
            QVERIFY(nlohmann::json::parse(r.out.toStdString())["ok"].get<bool>());
        }
        // A finished download under another folder name is found by its repository.
        const QString renamed = model_in_home("renamed");
        fs::create_directories((renamed + "/.peng-download").toStdString());
        std::ofstream((renamed + "/.peng-download/source.json").toStdString()) << R"({"repo": "Someone/Other-Model"})";
        const Result by_repo = cli({"inspect", "Someone/Other-Model"}, home);
        QVERIFY2(by_repo.exit_code == 0, qPrintable(describe(by_repo)));
        // A folder path still works as it did.
        QCOMPARE(cli({"inspect", kTiny}, home).exit_code, 0);
    }

    void a_name_that_matches_nothing_says_where_it_looked() {
        const QString home = home_.path();
        const Result r = cli({"run", "XiaomiMiMo/Not-Here", "--tokens", "1"}, home);
        QVERIFY2(r.exit_code == 1, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("no model 'XiaomiMiMo/Not-Here'") && r.err.contains(home + "/models/Not-Here") &&
                     r.err.contains("peng-cli download XiaomiMiMo/Not-Here"),
                 qPrintable(describe(r)));
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "test_cli_help.moc"
