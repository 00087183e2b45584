// One rule for every API key and token file Peng reads (api/secret_file.h): the
// file's one line, trimmed; nothing, two lines, characters an Authorization header
// cannot carry, and anything that is not a small regular file are refused with the
// file named, without reading more than the limit or waiting on a FIFO.
#include <QtTest>

#include <sys/stat.h>

#include <chrono>
#include <fstream>

#include "api/secret_file.h"
#include "util/error.h"

using namespace peng;

class TestSecretFile : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::string write(const char* name, const std::string& bytes) {
        const std::string path = (dir_.path() + "/" + name).toStdString();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }
    // The message read_secret_file throws for `path`, or "" when it read a key.
    static std::string refusal(const std::string& path) {
        try {
            read_secret_file(path, "API key");
        } catch (const Error& e) {
            return e.what();
        }
        return {};
    }
    static bool says(const std::string& message, const std::string& part) {
        return message.find(part) != std::string::npos;
    }

private slots:
    void the_line_is_the_key() {
        QCOMPARE(read_secret_file(write("plain", "sk-abc123"), "API key"), std::string("sk-abc123"));
        QCOMPARE(read_secret_file(write("newline", "sk-abc123\n"), "API key"), std::string("sk-abc123"));
        QCOMPARE(read_secret_file(write("crlf", "  sk-abc123\r\n\n"), "token"), std::string("sk-abc123"));
    }

    void what_is_not_one_key_is_refused_with_the_file_named() {
        const std::pair<std::string, std::string> cases[] = {
            {"", "is empty"},
            {" \n\t\r\n", "is empty"},
            {"sk-one\nsk-two\n", "more than one line"},
            {"sk one", "space"},
            {std::string("sk-\x01zz"), "control character"},
            {"sk-\xc3\xa9t\xc3\xa9", "non-ASCII"},
        };
        int n = 0;
        for (const auto& [bytes, expected] : cases) {
            const std::string path = write(("case" + std::to_string(n++)).c_str(), bytes);
            const std::string message = refusal(path);
            QVERIFY2(says(message, expected) && says(message, path), message.c_str());
            QVERIFY2(says(message, "API key file"), message.c_str());
        }
    }

    void only_small_regular_files_are_read() {
        const std::string missing = (dir_.path() + "/none").toStdString();
        QVERIFY(says(refusal(missing), "cannot read the API key file " + missing));
        QVERIFY(says(refusal(write("big", std::string(65 * 1024, 'k'))), "more than"));
        QVERIFY(says(refusal(dir_.path().toStdString()), "directory"));
        const std::string fifo = (dir_.path() + "/fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const auto start = std::chrono::steady_clock::now();
        QVERIFY(says(refusal(fifo), "FIFO"));   // refused, not waited on for a writer
        QVERIFY(says(refusal("/dev/zero"), "not a regular file"));
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    }

    void usable_means_visible_ascii() {
        QVERIFY(usable_secret("peng-0123456789abcdef"));
        QVERIFY(usable_secret("a!~"));
        QVERIFY(!usable_secret("a b"));
        QVERIFY(!usable_secret("a\tb"));
        QVERIFY(!usable_secret("a\x7f"));
        QVERIFY(!usable_secret("caf\xc3\xa9"));
    }
};

QTEST_APPLESS_MAIN(TestSecretFile)
#include "test_secret_file.moc"
