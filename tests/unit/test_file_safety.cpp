// The one way Peng saves a file (io/atomic_write.h), under the faults of issue 19:
// a full disk or a file size limit keeps the old file byte for byte and leaves no
// temporary; a directory, symbolic link, device, FIFO or socket is never replaced;
// a missing folder is not created; writers, threads or processes, never share a
// temporary or tear a file. The CLI's --history PATH follows the same rules.
#include <QtTest>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_process.h"
#include "experts/usage_history.h"
#include "file_size_limit.h"
#include "io/atomic_write.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every name in `dir`, sorted.
QStringList names_in(const std::string& dir) {
    QStringList names;
    for (const auto& entry : fs::directory_iterator(dir)) names << QString::fromStdString(entry.path().filename().string());
    names.sort();
    return names;
}

// The message of the peng::Error `save` throws, or "" when it throws none.
template <typename F>
QString error_of(F&& save) {
    try {
        save();
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// A child process running `body`, which returns its exit code and may leave a report.
struct Child {
    pid_t pid = -1;
    int report_fd = -1;
};

template <typename F>
Child start_child(F&& body) {
    int fds[2];
    if (::pipe(fds) != 0) return {};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string report;
        const int code = body(report);
        (void)!::write(fds[1], report.data(), report.size());
        ::_exit(code);
    }
    ::close(fds[1]);
    return {pid, fds[0]};
}

// The child's exit code (-1 when it died of a signal or never started) and report.
std::pair<int, QString> finish(const Child& child) {
    if (child.pid < 0) return {-1, "could not start a child process"};
    QByteArray text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(child.report_fd, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
    ::close(child.report_fd);
    int status = 0;
    ::waitpid(child.pid, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, QString::fromUtf8(text)};
}

// A private mount namespace (as root, or through a user namespace) where a tiny
// tmpfs can be mounted to fill up. False where the system allows neither.
bool enter_private_mounts() {
    if (::unshare(CLONE_NEWNS) != 0) {
        const uid_t uid = ::getuid();
        const gid_t gid = ::getgid();
        if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return false;
        auto put = [](const char* file, const std::string& text) {
            std::ofstream out(file);
            out << text;
            return bool(out.flush());
        };
        if (!put("/proc/self/setgroups", "deny") || !put("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1") ||
            !put("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1"))
            return false;
    }
    return ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
}

const std::string kOld = "the previous version, which must survive\n";

}  // namespace

class TestFileSafety : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    // A fresh folder holding `name` with kOld in it; returns the file's path.
    std::string old_file(const std::string& folder, const std::string& name = "saved.json") {
        const std::string dir = tmp_.path().toStdString() + "/" + folder;
        fs::create_directories(dir);
        write_file_atomically(dir + "/" + name, kOld);
        return dir + "/" + name;
    }

private slots:
    void a_save_replaces_the_file_and_leaves_nothing_else() {
        const std::string path = old_file("plain");
        write_file_atomically(path, {std::string_view("new "), std::string_view("content")});
        QCOMPARE(read_bytes(path), std::string("new content"));
        QCOMPARE(names_in(fs::path(path).parent_path()), QStringList{"saved.json"});
    }

    void a_file_size_limit_keeps_the_old_file() {
        const std::string path = old_file("too-large");
        const std::string big(256 * 1024, 'x');
        QString error;
        {
            FileSizeLimit limit(64 * 1024);
            QVERIFY(limit.ok());
            error = error_of([&] { write_file_atomically(path, big); });
        }
        QVERIFY2(error.startsWith(QString::fromStdString(path) + ": not saved"), qPrintable(error));
        QVERIFY2(error.contains(std::strerror(EFBIG)), qPrintable(error));
        QCOMPARE(read_bytes(path), kOld);
        QCOMPARE(names_in(fs::path(path).parent_path()), QStringList{"saved.json"});  // no temporary left
    }

    void a_full_disk_keeps_the_old_file() {
        // A real ENOSPC: a 64 KiB tmpfs, mounted in a child's private mount namespace.
        const std::string mount_point = tmp_.path().toStdString() + "/full-disk";
        fs::create_directories(mount_point);
        const auto [code, report] = finish(start_child([&](std::string& out) {
            if (!enter_private_mounts() || ::mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=64k") != 0) {
                out = std::string("no private tmpfs here: ") + std::strerror(errno);
                return 77;
            }
            const std::string path = mount_point + "/conversation.json";
            try {
                write_file_atomically(path, kOld);
                write_file_atomically(path, std::string(1 << 20, 'x'));
                out = "a 1 MiB save into 64 KiB succeeded";
                return 1;
            } catch (const Error& e) {
                out = e.what();
            }
            const bool untouched = read_bytes(path) == kOld && names_in(mount_point) == QStringList{"conversation.json"};
            return untouched ? 0 : 2;
        }));
        if (code == 77) QSKIP(qPrintable(report));
        QVERIFY2(code == 0, qPrintable(QString("exit %1: %2").arg(code).arg(report)));
        QVERIFY2(report.contains("conversation.json: not saved") && report.contains(std::strerror(ENOSPC)),
                 qPrintable(report));
    }

    void special_files_are_never_replaced() {
        const std::string dir = tmp_.path().toStdString() + "/special";
        fs::create_directories(dir + "/a-directory");
        std::ofstream(dir + "/target.txt") << "the link's target";
        fs::create_symlink(dir + "/target.txt", dir + "/a-link");
        QCOMPARE(::mkfifo((dir + "/a-fifo").c_str(), 0600), 0);
        const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const std::string socket_path = dir + "/a-socket";
        QVERIFY(socket_path.size() < sizeof address.sun_path);
        std::strcpy(address.sun_path, socket_path.c_str());
        QCOMPARE(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        std::vector<std::pair<std::string, QString>> cases = {{"a-directory", "is a directory"},
                                                               {"a-link", "is a symbolic link"},
                                                               {"a-fifo", "is a FIFO"},
                                                               {"a-socket", "is a socket"}};
        // A device node of our own (what /dev/null is), where the system lets us make one.
        if (::mknod((dir + "/a-device").c_str(), S_IFCHR | 0600, makedev(1, 3)) == 0)
            cases.emplace_back("a-device", "is a character device");
        else
            qInfo("no character device case: mknod: %s", std::strerror(errno));

        const QStringList before = names_in(dir);
        for (const auto& [name, what] : cases) {
            const std::string path = dir + "/" + name;
            const auto type = fs::symlink_status(path).type();
            const QString error = error_of([&] { write_file_atomically(path, "replaced"); });
            QVERIFY2(error.startsWith(QString::fromStdString(path) + ": " + what), qPrintable(error));
            QCOMPARE(fs::symlink_status(path).type(), type);
        }
        ::close(sock);
        QCOMPARE(read_bytes(dir + "/target.txt"), std::string("the link's target"));
        QCOMPARE(names_in(dir), before);  // nothing replaced, no temporary left
    }

    void a_missing_folder_is_not_created() {
        const std::string missing = tmp_.path().toStdString() + "/no-such-folder/deeper";
        const QString error = error_of([&] { write_file_atomically(missing + "/file.bin", "content"); });
        QVERIFY2(error.contains("the folder " + QString::fromStdString(missing) + " does not exist"), qPrintable(error));
        QVERIFY(!fs::exists(tmp_.path().toStdString() + "/no-such-folder"));

        // The routing history likewise: a path the user names gets no folders made.
        UsageHistory history(2, 4, 77);
        QVERIFY(!error_of([&] { history.save(missing + "/history.bin"); }).isEmpty());
        QVERIFY(!fs::exists(tmp_.path().toStdString() + "/no-such-folder"));
    }

    void the_default_history_folder_is_made() {
        const QByteArray before = qgetenv("XDG_DATA_HOME");
        const std::string data = tmp_.path().toStdString() + "/xdg";
        qputenv("XDG_DATA_HOME", QByteArray::fromStdString(data));
        UsageHistory history(2, 4, 78);
        history.record(1, 2, 3);
        const std::string path = default_history_path(78);
        history.save(path);
        before.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", before);
        QVERIFY(path.rfind(data, 0) == 0);
        std::string warning;
        UsageHistory read(2, 4, 78);
        QVERIFY2(read.load(path, warning), warning.c_str());
        QCOMPARE(read.count(1, 2), uint64_t(3));
    }

    void threads_writing_one_file_never_tear_it() {
        const std::string path = old_file("threads");
        std::vector<std::string> contents;
        for (int w = 0; w < 4; ++w) contents.push_back(std::string(100000 + 7919 * w, char('a' + w)));
        std::atomic<int> failures{0};
        std::vector<std::thread> writers;
        for (int w = 0; w < 4; ++w)
            writers.emplace_back([&, w] {
                for (int i = 0; i < 20; ++i)
                    if (!error_of([&] { write_file_atomically(path, contents[w]); }).isEmpty()) ++failures;
            });
        for (auto& t : writers) t.join();
        QCOMPARE(failures.load(), 0);
        const std::string last = read_bytes(path);
        QVERIFY(std::find(contents.begin(), contents.end(), last) != contents.end());
        QCOMPARE(names_in(fs::path(path).parent_path()), QStringList{"saved.json"});
    }

    void two_processes_saving_one_history_share_no_temporary() {
        // Two windows or CLI runs on one model save the same routing history file.
        const std::string dir = tmp_.path().toStdString() + "/two-processes";
        fs::create_directories(dir);
        const std::string path = dir + "/history.bin";
        auto save_many = [&](uint64_t seed) {
            return [&, seed](std::string& out) {
                UsageHistory history(8, 64, 99);
                for (int e = 0; e < 64; ++e) history.record(int(seed), e, seed * 1000 + e);
                try {
                    for (int i = 0; i < 40; ++i) history.save(path);
                } catch (const Error& e) {
                    out = e.what();
                    return 1;
                }
                return 0;
            };
        };
        const Child one = start_child(save_many(1));
        const Child two = start_child(save_many(2));
        const auto first = finish(one);
        const auto second = finish(two);
        QVERIFY2(first.first == 0, qPrintable(first.second));
        QVERIFY2(second.first == 0, qPrintable(second.second));
        std::string warning;
        UsageHistory read(8, 64, 99);
        QVERIFY2(read.load(path, warning), warning.c_str());
        QVERIFY(read.count(1, 5) == 1005 || read.count(2, 5) == 2005);
        QCOMPARE(names_in(dir), QStringList{"history.bin"});
    }

    void temporaries_are_recognised_for_cleaning() {
        QCOMPARE(temporary_target("chat.pengkv.k3x9q0ab.tmp"), std::string("chat.pengkv"));
        QCOMPARE(temporary_target("chat.pengkv.tmp"), std::string());
        QCOMPARE(temporary_target("chat.pengkv.K3X9Q0AB.tmp"), std::string());
        QCOMPARE(temporary_target(".k3x9q0ab.tmp"), std::string());
    }

    void cli_history_refuses_special_files_and_missing_folders() {
        // `--history PATH` after a run: a link, a FIFO or a missing folder is reported
        // and left alone; the run itself still succeeds.
        const std::string dir = tmp_.path().toStdString() + "/cli";
        fs::create_directories(dir);
        std::ofstream(dir + "/kept.txt") << "not a history";
        fs::create_symlink(dir + "/kept.txt", dir + "/link.bin");
        QCOMPARE(::mkfifo((dir + "/fifo.bin").c_str(), 0600), 0);
        const std::vector<std::pair<std::string, QString>> cases = {
            {dir + "/link.bin", "is a symbolic link"},
            {dir + "/fifo.bin", "is a FIFO"},
            {dir + "/missing/history.bin", "does not exist"}};
        for (const auto& [path, what] : cases) {
            const Result r = cli({"run", QStringLiteral(PENG_FIXTURE_DIR) + "/tiny-mxfp4", "--tokens", "1,2,3",
                                     "--ngen", "2", "--temp", "0", "--kv-store", "none", "--history",
                                     QString::fromStdString(path)});
            QVERIFY2(r.exit_code == 0, qPrintable(r.err));
            QVERIFY2(r.err.contains("routing history not saved") && r.err.contains(what), qPrintable(r.err));
        }
        QCOMPARE(read_bytes(dir + "/kept.txt"), std::string("not a history"));
        QVERIFY(fs::is_symlink(dir + "/link.bin") && fs::is_fifo(dir + "/fifo.bin"));
        QVERIFY(!fs::exists(dir + "/missing"));
        QCOMPARE(names_in(dir), (QStringList{"fifo.bin", "kept.txt", "link.bin"}));
    }
};

QTEST_APPLESS_MAIN(TestFileSafety)
#include "test_file_safety.moc"
