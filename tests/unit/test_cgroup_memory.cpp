// The RAM budget honours a cgroup memory limit (issue 19, case 13): a container or
// systemd slice may allow far less than MemAvailable. read_cgroup_memory is given a
// fake /proc and /sys tree laid out as the kernel lays them out.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>

#include <filesystem>
#include <fstream>

#include "plan/cgroup_memory.h"
#include "plan/memory_probe.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

// A pure v2 system: cgroup2 on /sys/fs/cgroup, this process in /user.slice/app.scope.
void make_v2_tree(const fs::path& root, const std::string& scope_max, const std::string& slice_max) {
    write(root / "proc/self/mountinfo",
          "22 1 0:21 / / rw - ext4 /dev/vda rw\n"
          "30 22 0:27 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 rw,nsdelegate\n");
    write(root / "proc/self/cgroup", "0::/user.slice/app.scope\n");
    const fs::path slice = root / "sys/fs/cgroup/user.slice";
    write(slice / "memory.max", slice_max + "\n");
    write(slice / "memory.current", "900000000\n");
    write(slice / "memory.stat", "anon 500000000\nfile 400000000\ninactive_file 300000000\n");
    write(slice / "app.scope/memory.max", scope_max + "\n");
    write(slice / "app.scope/memory.current", "600000000\n");
    write(slice / "app.scope/memory.stat", "anon 400000000\nactive_file 100000000\ninactive_file 100000000\n");
}

}  // namespace

class TestCgroupMemory : public QObject {
    Q_OBJECT
private slots:
    void v2_limit_of_the_process_cgroup() {
        QTemporaryDir dir;
        make_v2_tree(dir.path().toStdString(), "2000000000", "max");
        const auto memory = read_cgroup_memory(dir.path().toStdString());
        QVERIFY(memory);
        QCOMPARE(memory->limit_bytes, uint64_t(2000000000));
        QCOMPARE(memory->used_bytes, uint64_t(500000000));  // charged less the inactive file cache
        QVERIFY(QString::fromStdString(memory->limit_file).endsWith("user.slice/app.scope/memory.max"));
    }

    void v2_an_ancestor_can_be_tighter() {
        QTemporaryDir dir;
        make_v2_tree(dir.path().toStdString(), "max", "1500000000");
        const auto memory = read_cgroup_memory(dir.path().toStdString());
        QVERIFY(memory);
        QCOMPARE(memory->limit_bytes, uint64_t(1500000000));
        QCOMPARE(memory->used_bytes, uint64_t(600000000));
        QVERIFY(QString::fromStdString(memory->limit_file).endsWith("user.slice/memory.max"));
    }

    void no_limit_anywhere_is_no_limit() {
        QTemporaryDir dir;
        make_v2_tree(dir.path().toStdString(), "max", "max");
        QVERIFY(!read_cgroup_memory(dir.path().toStdString()));
        QTemporaryDir empty;  // no /proc at all: not a Linux tree we can read
        QVERIFY(!read_cgroup_memory(empty.path().toStdString()));
    }

    void v1_memory_controller_inside_a_namespace() {
        // cgroup v1 as Docker on an older host shows it: the memory hierarchy mounted
        // with its root at the container's cgroup, "no limit" as a huge number.
        // A hybrid host also mounts an (unlimited) cgroup2 tree beside it.
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        write(root / "proc/self/mountinfo",
              "30 22 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
              "31 30 0:28 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
              "32 30 0:29 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
              "34 30 0:31 /docker/abc /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n");
        write(root / "proc/self/cgroup", "4:memory:/docker/abc\n1:cpu:/docker/abc\n0::/docker/abc\n");
        write(root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "3000000000\n");
        write(root / "sys/fs/cgroup/memory/memory.usage_in_bytes", "1000000000\n");
        write(root / "sys/fs/cgroup/memory/memory.stat", "cache 10\ntotal_inactive_file 250000000\n");
        const auto memory = read_cgroup_memory(root.string());
        QVERIFY(memory);
        QCOMPARE(memory->limit_bytes, uint64_t(3000000000));
        QCOMPARE(memory->used_bytes, uint64_t(750000000));

        write(root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
        QVERIFY(!read_cgroup_memory(root.string()));
    }

    void garbage_files_are_no_limit() {
        QTemporaryDir dir;
        make_v2_tree(dir.path().toStdString(), "12abc", "-5");
        QVERIFY(!read_cgroup_memory(dir.path().toStdString()));
    }

    void peng_cli_budgets_inside_a_real_cgroup() {
        // A real limit on a real process, where the machine lets us make a cgroup
        // (root on a cgroup v1 memory hierarchy, as on this project's machines).
        QFile self("/proc/self/cgroup");
        QVERIFY(self.open(QIODevice::ReadOnly));
        QString memory_path;
        for (const QByteArray& line : self.readAll().split('\n'))
            if (line.contains(":memory:")) memory_path = QString::fromUtf8(line.mid(line.indexOf(":memory:") + 8));
        const QString parent = "/sys/fs/cgroup/memory" + memory_path;
        const QString child = parent + "/peng-test-" + QString::number(QCoreApplication::applicationPid());
        if (memory_path.isEmpty() || !QDir().mkdir(child)) QSKIP("cannot make a cgroup v1 memory cgroup here");
        auto cleanup = qScopeGuard([&] { QDir().rmdir(child); });
        QFile limit(child + "/memory.limit_in_bytes");
        QVERIFY(limit.open(QIODevice::WriteOnly));
        QVERIFY(limit.write("3000000000") > 0);
        limit.close();
        QProcess plan;
        plan.start("sh", {"-c", "echo $$ > \"$1/cgroup.procs\" && exec \"$2\" run \"$3\" --tokens 1,2 --ngen 1 --history none --json", "sh", child,
                          PENG_CLI_PATH, QString(PENG_FIXTURE_DIR) + "/tiny-mxfp4"});
        QVERIFY(plan.waitForFinished(60000));
        QCOMPARE(plan.exitCode(), 0);
        const QJsonObject out = QJsonDocument::fromJson(plan.readAllStandardOutput()).object();
        QCOMPARE(out["ram_budget_limited_by"].toString(), child + "/memory.limit_in_bytes");
        QVERIFY(out["ram_budget_bytes"].toDouble() < 3e9);
    }

    void the_probe_never_reports_more_than_the_machine() {
        const MemoryStatus memory = probe_memory();
        QVERIFY(memory.total_bytes > 0);
        QVERIFY(memory.available_bytes <= memory.total_bytes);
        if (const auto cgroup = read_cgroup_memory()) QVERIFY(memory.total_bytes <= cgroup->limit_bytes);
    }
};

QTEST_GUILESS_MAIN(TestCgroupMemory)
#include "test_cgroup_memory.moc"
