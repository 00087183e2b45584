// Hostile input to peng-cli (issue 19, cases 8-10): numbers that wrapped or passed as
// nonsense, output lost on a full disk with exit 0, and special files (FIFOs,
// directories, symlink loops, devices, closed standard descriptors) that hung the
// process or were called missing. Every process is bounded in time: a hang fails.
#include <QtTest>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <pthread.h>
#endif

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "api/number_option.h"
#include "io/io_pool.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace {

const QString kFixtures = PENG_FIXTURE_DIR;
const QString kTiny = kFixtures + "/tiny-mxfp4";
constexpr int kTimeoutMs = 90000;  // generous for ASan; a hang is minutes past it

struct Result {
    int exit_code = -1;
    bool finished = false;
    QString out, err;
};

struct Launch {
    QByteArray input;                // written to standard input, then closed
    QString stdout_file;             // standard output goes here instead of a pipe
    bool close_stdin = false;        // the child starts with descriptor 0 closed
};

Result cli(const QStringList& args, const Launch& how = {}) {
    QProcess p;
    if (!how.stdout_file.isEmpty()) p.setStandardOutputFile(how.stdout_file);
    if (how.close_stdin) p.setChildProcessModifier([] { ::close(0); });
    p.start(PENG_CLI_PATH, args);
    Result r;
    if (!p.waitForStarted(kTimeoutMs)) return r;
    if (!how.close_stdin) {
        p.write(how.input);
        p.closeWriteChannel();
    }
    r.finished = p.waitForFinished(kTimeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString describe(const Result& r) {
    return QStringLiteral("finished %1, exit %2\nstderr: %3\nstdout: %4")
        .arg(r.finished)
        .arg(r.exit_code)
        .arg(r.err.left(2000), r.out.left(500));
}

// A refusal: the process ended by itself, exit 1, the message on stderr.
void expect_refused(const Result& r, const QString& message) {
    QVERIFY2(r.finished, qPrintable("hung: " + describe(r)));
    QVERIFY2(r.exit_code == 1, qPrintable(describe(r)));
    QVERIFY2(r.err.contains(message), qPrintable("expected '" + message + "' in\n" + describe(r)));
}

std::string refusal(const std::function<void()>& parse) {
    try {
        parse();
    } catch (const peng::Error& e) {
        return e.what();
    }
    return "(accepted)";
}

const QStringList kQuietRun = {"--kv-store", "none", "--history", "none"};

}  // namespace

class TestCliInput : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    // A private copy of the tiny model, so its files can be replaced.
    QString model_copy(const QString& name) {
        const QString to = tmp_.path() + "/" + name;
        fs::copy(kTiny.toStdString(), to.toStdString(), fs::copy_options::recursive);
        return to;
    }
    static void make_fifo(const QString& path) {
        fs::remove(path.toStdString());
        QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
    }
    QString messages_file() {
        const QString path = tmp_.path() + "/messages.json";
        std::ofstream(path.toStdString()) << R"([{"role":"user","content":"Hello"}])";
        return path;
    }
    // The shard the tiny model keeps its tensors in.
    static QString shard_of(const QString& dir) {
        for (const auto& entry : fs::directory_iterator(dir.toStdString()))
            if (entry.path().extension() == ".safetensors") return QString::fromStdString(entry.path().string());
        return {};
    }

private slots:
    // ---- case 8: one numeric parser, with the range in the message ----

    void parser_takes_the_whole_text_in_range() {
        QCOMPARE(peng::parse_int("--ngen", "7", peng::kAnswerTokensRange), 7);
        QCOMPARE(peng::parse_int("--seed", "-1", {-1, 10}), -1);
        QCOMPARE(peng::parse_uint64("--seed", "18446744073709551615", {0, UINT64_MAX}), UINT64_MAX);
        QCOMPARE(peng::parse_int64("--n", "-9000000000", {INT64_MIN, 0}), int64_t(-9000000000));
        QCOMPARE(peng::parse_real("--temp", "0.7", peng::kTemperatureRange), 0.7);
        QCOMPARE(peng::parse_real("--temp", "1e-3", peng::kTemperatureRange), 0.001);
        QCOMPARE(peng::parse_ram_gigabytes("--ram", "0"), uint64_t(0));
        QCOMPARE(peng::parse_ram_gigabytes("--ram", "0.5"), uint64_t(500'000'000));
        QCOMPARE(peng::parse_vram_gigabytes("--vram", "2"), uint64_t(2'000'000'000));
    }

    void parser_refuses_with_the_range_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString ngen = "--ngen must be an integer from 1 to 1000000, got '%1'";
        for (const char* bad : {"4294967297", "-1", "0", "", " 5", "5 ", "+5", "5x", "1e3", "0x10", "99999999999999999999"})
            QTest::newRow(qPrintable("ngen '" + QString(bad) + "'")) << "ngen" << bad << ngen.arg(bad);
        const QString temp = "--temp must be a number from 0 to 100, got '%1'";
        for (const char* bad : {"nan", "NaN", "inf", "-inf", "-1", "1e400", "101", "0.5.1", ""})
            QTest::newRow(qPrintable("temp '" + QString(bad) + "'")) << "temp" << bad << temp.arg(bad);
        const QString seed = "--seed must be an integer from 0 to 18446744073709551615, got '%1'";
        for (const char* bad : {"-1", "18446744073709551616"})
            QTest::newRow(qPrintable("seed '" + QString(bad) + "'")) << "seed" << bad << seed.arg(bad);
        QTest::newRow("vram nan") << "vram" << "nan" << "--vram must be a number from 0 to 4096 GB, got 'nan'";
    }
    void parser_refuses_with_the_range() {
        QFETCH(QString, kind);
        QFETCH(QString, text);
        QFETCH(QString, message);
        const std::string t = text.toStdString();
        std::string got;
        if (kind == "ngen") got = refusal([&] { peng::parse_int("--ngen", t, peng::kAnswerTokensRange); });
        if (kind == "temp") got = refusal([&] { peng::parse_real("--temp", t, peng::kTemperatureRange); });
        if (kind == "seed") got = refusal([&] { peng::parse_uint64("--seed", t, {0, UINT64_MAX}); });
        if (kind == "vram") got = refusal([&] { peng::parse_vram_gigabytes("--vram", t); });
        QCOMPARE(QString::fromStdString(got), message);
    }

    void ram_budget_is_checked_against_physical_memory() {
        const double physical = peng::physical_memory_gigabytes();
        QVERIFY(physical > 0);
        for (const char* bad : {"1e9", "nan", "-1", "inf"}) {
            const std::string got = refusal([&] { peng::parse_ram_gigabytes("--ram", bad); });
            QVERIFY2(got.find("--ram must be a number from 0 to ") == 0 && got.find("(this machine's memory, in GB)") != std::string::npos &&
                         got.find(std::string("got '") + bad + "'") != std::string::npos,
                     got.c_str());
        }
        // The limit shown is accepted; just past the machine is not.
        const std::string limit = QString::number(std::floor(physical * 100) / 100, 'f', 2).toStdString();
        QVERIFY(peng::parse_ram_gigabytes("--ram", limit) > 0);
        QVERIFY(refusal([&] { peng::parse_ram_gigabytes("--ram", std::to_string(physical + 1)); }) != "(accepted)");
    }

    void cli_refuses_bad_numbers_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList run = {"run", kTiny, "--tokens", "1,2", "--kv-store", "none", "--history", "none"};
        const auto row = [&](const char* name, QStringList extra, const QString& message) {
            QTest::newRow(name) << (run + extra) << message;
        };
        row("ngen 2^32+1", {"--ngen", "4294967297"}, "--ngen must be an integer from 1 to 1000000, got '4294967297'");
        row("ngen -1", {"--ngen", "-1"}, "--ngen must be an integer from 1 to 1000000, got '-1'");
        row("top-k 2^32+1", {"--top-k", "4294967297"}, "--top-k must be an integer from 0 to 1000000, got '4294967297'");
        row("threads 2^32+1", {"--threads", "4294967297"}, "--threads must be an integer from 1 to 1024, got '4294967297'");
        row("io-threads 2^32+1", {"--io-threads", "4294967297"}, "--io-threads must be an integer from 1 to 256, got '4294967297'");
        row("io-threads 40000", {"--io-threads", "40000"}, "--io-threads must be an integer from 1 to 256, got '40000'");
        row("context 2^32+1", {"--context", "4294967297"}, "--context must be an integer from 1 to 16777216, got '4294967297'");
        row("prefill-block 2^32+1", {"--prefill-block", "4294967297"}, "--prefill-block must be an integer from 1 to 8192, got '4294967297'");
        row("cap 2^32+1", {"--cap", "4294967297"}, "--cap must be an integer from 0 to 65536, got '4294967297'");
        row("temp -1", {"--temp", "-1"}, "--temp must be a number from 0 to 100, got '-1'");
        row("temp nan", {"--temp", "nan"}, "--temp must be a number from 0 to 100, got 'nan'");
        row("top-p 2", {"--top-p", "2"}, "--top-p must be a number from 1e-06 to 1, got '2'");
        row("seed -1", {"--seed", "-1"}, "--seed must be an integer from 0 to 18446744073709551615, got '-1'");
        row("ram nan", {"--ram", "nan"}, "--ram must be a number from 0 to ");
        row("ram 1e9", {"--ram", "1e9"}, "(this machine's memory, in GB), got '1e9'");
        row("vram nan", {"--vram", "nan"}, "--vram must be a number from 0 to 4096 GB, got 'nan'");
        row("topk trim -1", {"--topk", "-1"}, "--topk must be an integer from 0 to 65536, got '-1'");
        row("topp trim nan", {"--topp", "nan"}, "--topp must be a number from 0 to 1, got 'nan'");
        QTest::newRow("logits threads") << QStringList{"logits", kTiny, "--tokens", "1", "--out", "/dev/null", "--threads", "0"}
                                        << "--threads must be an integer from 1 to 1024, got '0'";
        QTest::newRow("pack level") << QStringList{"pack", kTiny, "--out", "/nonexistent/x", "--level", "4294967297"}
                                    << "--level must be an integer from 1 to 19, got '4294967297'";
        QTest::newRow("make-model layers") << QStringList{"make-model", "--preset", "tiny", "--out", "/nonexistent/x", "--layers", "4294967297"}
                                           << "--layers must be an integer from 1 to 1024, got '4294967297'";
        QTest::newRow("bench io threads") << QStringList{"bench", "io", kTiny, "--io-threads", "40000"}
                                          << "--io-threads must be an integer from 1 to 256, got '40000'";
    }
    void cli_refuses_bad_numbers() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        expect_refused(cli(args), message);
    }

    void cli_takes_numbers_in_range() {
        Result r = cli(QStringList{"run", kTiny, "--tokens", "1,2", "--ngen", "3", "--temp", "0.5", "--top-k", "5",
                                   "--seed", "18446744073709551615", "--threads", "2", "--io-threads", "2", "--cap", "0",
                                   "--json"} + kQuietRun);
        QVERIFY2(r.finished && r.exit_code == 0, qPrintable(describe(r)));
        const auto j = nlohmann::json::parse(r.out.trimmed().split('\n').last().toStdString());
        QVERIFY(j["generated_tokens"].get<int>() >= 1 && j["generated_tokens"].get<int>() <= 3);
    }

    // An I/O pool whose threads cannot all start joins those that did and says why,
    // instead of std::terminate on a joinable std::thread.
    void io_pool_that_cannot_start_throws() {
#ifdef __GLIBC__
        pthread_attr_t saved, huge;
        QCOMPARE(pthread_getattr_default_np(&saved), 0);
        QCOMPARE(pthread_getattr_default_np(&huge), 0);
        QCOMPARE(pthread_attr_setstacksize(&huge, size_t(32) << 40), 0);  // 32 TiB: a few at most fit
        QCOMPARE(pthread_setattr_default_np(&huge), 0);
        std::string error;
        try {
            peng::IoPool pool(16);
        } catch (const peng::Error& e) {
            error = e.what();
        }
        QCOMPARE(pthread_setattr_default_np(&saved), 0);
        pthread_attr_destroy(&huge);
        pthread_attr_destroy(&saved);
        QVERIFY2(error.find("cannot start I/O thread ") == 0 && error.find(" of 16: ") != std::string::npos,
                 error.c_str());
        peng::IoPool after(2);  // nothing left behind: a normal pool still works
        QCOMPARE(after.threads(), 2);
        after.submit([] {}).get();
#else
        QSKIP("needs glibc's pthread_setattr_default_np to make thread starts fail");
#endif
    }

    // ---- case 9: a failed write is an error naming what was lost ----

    void output_to_a_full_disk_fails_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("run") << (QStringList{"run", kTiny, "--tokens", "1,2", "--ngen", "2"} + kQuietRun);
        QTest::newRow("run --json") << (QStringList{"run", kTiny, "--tokens", "1,2", "--ngen", "2", "--json"} + kQuietRun);
        QTest::newRow("tokenize") << QStringList{"tokenize", kTiny, "--text", "hello"};
        QTest::newRow("detokenize") << QStringList{"detokenize", kTiny, "--ids", "1,2,3"};
        QTest::newRow("inspect") << QStringList{"inspect", kTiny};
        QTest::newRow("inspect --json") << QStringList{"inspect", kTiny, "--json"};
        QTest::newRow("--version") << QStringList{"--version"};
    }
    void output_to_a_full_disk_fails() {
        if (!QFileInfo::exists("/dev/full")) QSKIP("no /dev/full here");
        QFETCH(QStringList, args);
        const Result r = cli(args, Launch{{}, "/dev/full", false});
        QVERIFY2(r.finished, qPrintable(describe(r)));
        QVERIFY2(r.exit_code != 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("writing to standard output failed (No space left on device): the output is incomplete"),
                 qPrintable(describe(r)));
    }

    void logits_to_a_full_disk_fails() {
        if (!QFileInfo::exists("/dev/full")) QSKIP("no /dev/full here");
        const Result r = cli({"logits", kTiny, "--tokens", "1,2", "--out", "/dev/full"});
        expect_refused(r, "/dev/full: writing the ");
        QVERIFY2(r.err.contains("bytes of logits failed (No space left on device): the file is incomplete"), qPrintable(describe(r)));
        QVERIFY2(!r.err.contains("wrote "), qPrintable(describe(r)));
    }

    // ---- case 10: special files are named for what they are, and nothing blocks ----

    void fifo_instead_of_a_text_file_is_refused_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("command");
        QTest::newRow("config.json, inspect") << "config.json" << QStringList{"inspect"};
        QTest::newRow("config.json, run") << "config.json" << QStringList{"run", "--prompt", "hi"};
        QTest::newRow("tokenizer.json, tokenize") << "tokenizer.json" << QStringList{"tokenize", "--text", "hi"};
        QTest::newRow("tokenizer.json, run") << "tokenizer.json" << QStringList{"run", "--prompt", "hi"};
        QTest::newRow("chat_template.jinja, run") << "chat_template.jinja" << QStringList{"run", "--prompt", "hi"};
        QTest::newRow("generation_config.json, run") << "generation_config.json" << QStringList{"run", "--prompt", "hi"};
    }
    void fifo_instead_of_a_text_file_is_refused() {
        QFETCH(QString, file);
        QFETCH(QStringList, command);
        const QString dir = model_copy(QString("fifo-%1-%2").arg(file, command.first()));
        QVERIFY(QFileInfo::exists(dir + "/" + file));
        make_fifo(dir + "/" + file);
        QStringList args = command;
        args.insert(1, dir);
        if (command.first() == "run") args += kQuietRun;
        expect_refused(cli(args), dir + "/" + file + ": is a FIFO, not a regular file");
    }

    void fifo_as_a_template_file_is_refused() {
        const QString fifo = tmp_.path() + "/template.fifo";
        make_fifo(fifo);
        expect_refused(cli({"template", "--template", fifo, "--messages", messages_file()}),
                       fifo + ": is a FIFO, not a regular file");
    }

    void special_shard_is_named_for_what_it_is_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("directory") << "directory" << "is a directory";
        QTest::newRow("fifo") << "fifo" << "is a FIFO, not a regular file";
        QTest::newRow("symlink loop") << "loop" << "too many levels of symbolic links";
        QTest::newRow("/dev/zero") << "zero" << "is a character device, not a regular file";
    }
    void special_shard_is_named_for_what_it_is() {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        const QString dir = model_copy("shard-" + kind);
        const QString shard = shard_of(dir);
        QVERIFY(!shard.isEmpty());
        const std::string path = shard.toStdString();
        fs::remove(path);
        if (kind == "directory") fs::create_directory(path);
        if (kind == "fifo") make_fifo(shard);
        if (kind == "loop") fs::create_symlink(path, path);
        if (kind == "zero") fs::create_symlink("/dev/zero", path);
        for (const QStringList& command : {QStringList{"inspect", dir}, QStringList{"run", dir, "--tokens", "1"} + kQuietRun}) {
            const Result r = cli(command);
            expect_refused(r, shard + ": " + message);
            QVERIFY2(!r.err.contains("does not exist"), qPrintable(describe(r)));
        }
    }

    // With descriptor 0 closed, the next open() would get it and chat would read a
    // shard as the user's typing; peng-cli puts /dev/null there first.
    void chat_with_standard_input_closed_ends_cleanly() {
        const Result r = cli(QStringList{"chat", kTiny, "--ngen", "2"} + kQuietRun, Launch{{}, {}, true});
        QVERIFY2(r.finished && r.exit_code == 0, qPrintable(describe(r)));
        QVERIFY2(!r.out.contains("tokens/s") && !r.out.contains("tok/s"), qPrintable("a turn ran: " + describe(r)));
        QVERIFY2(!r.err.contains("error"), qPrintable(describe(r)));
    }

    void chat_survives_an_invalid_utf8_line() {
        const Result r = cli(QStringList{"chat", kTiny, "--ngen", "2", "--temp", "0"} + kQuietRun,
                             Launch{QByteArray("caf\xe9 au lait\nhello\n"), {}, false});
        QVERIFY2(r.finished && r.exit_code == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("error: this line is not valid UTF-8 (byte 4 is 0xE9); it was not sent"), qPrintable(describe(r)));
        QCOMPARE(r.out.count("tok/s"), 1);  // the next line was answered
    }
};

QTEST_GUILESS_MAIN(TestCliInput)
#include "test_cli_input.moc"
