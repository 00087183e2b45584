// `peng-cli bench caps` and `bench slots` end to end on the tiny fixture: the JSON
// each promises, the same tokens at every cap, and clear errors for bad options.
// Speeds are not asserted (benchmarks measure; tests check).
#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_process.h"
#include "plan/bandwidth.h"
#include "plan/overlap_bound.h"
#include "util/error.h"

namespace {

const QString kTiny = QString(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

QJsonObject last_json_line(const QString& out) {
    const QStringList lines = out.trimmed().split('\n');
    return QJsonDocument::fromJson(lines.last().toUtf8()).object();
}

}  // namespace

class TestBenchCaps : public QObject {
    Q_OBJECT

private slots:
    void caps_report_each_cap_and_identical_tokens() {
        const Result r = cli({"bench", "caps", kTiny, "--caps", "1,8", "--ngen", "4", "--threads", "1", "--json"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QJsonObject j = last_json_line(r.out);
        QVERIFY(j["tokens_identical"].toBool());
        const QJsonArray caps = j["caps"].toArray();
        QCOMPARE(caps.size(), 2);
        QCOMPARE(caps[0].toObject()["cap"].toInt(), 1);
        QCOMPARE(caps[1].toObject()["cap"].toInt(), 8);
        for (const auto& c : caps) {
            const QJsonObject row = c.toObject();
            QVERIFY(row["tokens_per_s"].toDouble() > 0);
            QVERIFY(row["decode_bound_tokens_per_s"].toDouble() > 0);
            QVERIFY(row["bound_ratio"].toDouble() > 0);
            // The roofline holds the same bytes to rates no faster than memory: never
            // above the bandwidth bound, and its parts add up to the resident bytes.
            const double roofline = row["roofline_bound_tokens_per_s"].toDouble();
            QVERIFY2(roofline > 0 && roofline <= row["decode_bound_tokens_per_s"].toDouble() * (1 + 1e-9),
                     qPrintable(QString("roofline %1, bound %2").arg(roofline).arg(row["decode_bound_tokens_per_s"].toDouble())));
            QVERIFY(row["roofline_ratio"].toDouble() >= row["bound_ratio"].toDouble() * (1 - 1e-9));
            const QJsonArray parts = row["roofline_parts"].toArray();
            QVERIFY(parts.size() >= 2);  // dense BF16 (head, router), dense FP8, the MXFP4 experts
            bool experts = false;
            double bytes = 0;
            for (const auto& p : parts) {
                const QJsonObject part = p.toObject();
                QVERIFY(part["compute_GBps"].toDouble() > 0 && part["bytes_per_token"].toDouble() > 0);
                // Streamed from memory is never counted faster than the part's roofline rate.
                QVERIFY(part["streamed_GBps"].toDouble() > 0);
                QVERIFY(part["streamed_seconds_per_token"].toDouble() >=
                        part["seconds_per_token"].toDouble() * (1 - 1e-9));
                experts |= part["part"].toString() == "experts" && part["format"].toString() == "mxfp4";
                bytes += part["bytes_per_token"].toDouble();
            }
            QVERIFY(experts);
            // The plan's count also holds norms and FP8 scale grids, which the parts leave out.
            const double resident = row["resident_bytes_per_token"].toDouble();
            QVERIFY2(bytes <= resident && bytes > 0.98 * resident,
                     qPrintable(QString("parts %1 bytes, resident %2").arg(bytes).arg(resident)));
            // The streamed roofline: at most the roofline, a share of the bound in (0, 1].
            const double streamed = row["streamed_bound_tokens_per_s"].toDouble();
            QVERIFY2(streamed > 0 && streamed <= roofline * (1 + 1e-9),
                     qPrintable(QString("streamed %1, roofline %2").arg(streamed).arg(roofline)));
            QVERIFY(row["streamed_of_bound"].toDouble() > 0 && row["streamed_of_bound"].toDouble() <= 1 + 1e-9);
            QVERIFY(row["streamed_ratio"].toDouble() >= row["roofline_ratio"].toDouble() * (1 - 1e-9));
            // The decode's own profile: one entry per token after the first, its buckets
            // adding up to its wall time.
            const QJsonObject decode = row["decode_profile_ms_per_token"].toObject();
            QCOMPARE(decode["tokens"].toInt(), 3);
            double buckets = 0;
            for (const char* b : {"disk_wait", "expert_matmul", "attention", "dense", "other"}) {
                QVERIFY2(decode[b].toDouble() >= 0, b);
                buckets += decode[b].toDouble();
            }
            QVERIFY2(decode["wall"].toDouble() > 0 && buckets >= decode["wall"].toDouble() * (1 - 1e-9),
                     qPrintable(QString("buckets %1 ms, wall %2 ms").arg(buckets).arg(decode["wall"].toDouble())));
            // The shared bound reads the same bytes at rates no faster: never above the bound.
            const double shared = row["shared_bound_tokens_per_s"].toDouble();
            QVERIFY2(shared > 0 && shared <= row["decode_bound_tokens_per_s"].toDouble() * (1 + 1e-9),
                     qPrintable(QString("shared %1, bound %2").arg(shared).arg(row["decode_bound_tokens_per_s"].toDouble())));
            QVERIFY(row["shared_of_bound"].toDouble() > 0 && row["shared_of_bound"].toDouble() <= 1 + 1e-9);
            QVERIFY(row["shared_ratio"].toDouble() >= row["bound_ratio"].toDouble() * (1 - 1e-9));
            QVERIFY(row["memory_GBps_while_disk_reads"].toDouble() > 0 && row["disk_GBps_while_memory_reads"].toDouble() > 0);
            // The machine bound takes the streamed compute no faster, beside a disk no
            // faster: never above the streamed bound, and so a ratio at least its.
            const double machine = row["machine_bound_tokens_per_s"].toDouble();
            QVERIFY2(machine > 0 && machine <= streamed * (1 + 1e-9),
                     qPrintable(QString("machine %1, streamed %2").arg(machine).arg(streamed)));
            QVERIFY(row["machine_of_bound"].toDouble() > 0 && row["machine_of_bound"].toDouble() <= 1 + 1e-9);
            QVERIFY(row["machine_ratio"].toDouble() >= row["streamed_ratio"].toDouble() * (1 - 1e-9));
            QVERIFY(row["cores_share_while_disk_reads"].toDouble() > 0);
            QVERIFY(row["hit_rate"].toDouble() >= 0 && row["hit_rate"].toDouble() <= 1);
            QVERIFY(row.contains("decode_disk_bytes") && row.contains("cache_replay"));
        }
        // One slot per layer misses more than eight.
        QVERIFY(caps[0].toObject()["hit_rate"].toDouble() < caps[1].toObject()["hit_rate"].toDouble());
        QVERIFY(j.contains("worst_fall") && j.contains("min_bound_ratio") && j.contains("min_roofline_ratio") &&
                j.contains("meets_target") && j.contains("min_shared_of_bound") &&
                j.contains("min_streamed_of_bound") && j.contains("min_streamed_ratio") &&
                j.contains("min_machine_ratio") && j.contains("min_machine_of_bound") &&
                j.contains("min_cores_share_while_disk_reads"));
        QCOMPARE(j["rounds"].toInt(), 1);
    }

    // The cores beside the disk: rates from both sides, the passes that shared the
    // machine with the disk counted, and a file too small for one request refused.
    void cores_beside_disk_measures_both_sides() {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/reads.bin").toStdString();
        {
            QFile f(QString::fromStdString(path));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write(QByteArray(8 << 20, 'x')) == (8 << 20));
        }
        const peng::CoresBesideDiskResult r = peng::measure_cores_beside_disk({path}, 1 << 20, 8, 1, 3);
        QVERIFY(r.alone_GFLOPs > 0);
        QVERIFY2(r.passes >= 3 && r.while_disk_GFLOPs > 0, qPrintable(QString("%1 passes").arg(r.passes)));
        QCOMPARE(r.share(), r.while_disk_GFLOPs / r.alone_GFLOPs);
        QVERIFY_THROWS_EXCEPTION(peng::Error, peng::measure_cores_beside_disk({path}, 16 << 20, 8, 1, 3));
    }

    // 1 GB from disk at 2 GB/s and 6 GB from memory at 12 GB/s take 0.5 s each alone.
    void overlapped_reads_between_max_and_sum() {
        using peng::overlapped_read_seconds;
        const peng::ReadRates alone{2, 12};
        // No interference: the bandwidth bound, max(0.5, 0.5).
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, alone), 0.5);
        // The disk halves the memory: 0.5 s together (3 GB of memory), 3 GB more alone: 0.75 s.
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, {2, 6}), 0.75);
        // Both at a third: one after the other (1 s) beats overlapping (1.5 s).
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, {2.0 / 3, 4}), 1.0);
        // The memory slows the disk: 0.5 s together reads 0.5 GB of the disk, the rest alone 0.25 s.
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, {1, 12}), 0.75);
        // Rates measured above the alone ones count as the alone ones; nothing on one side is the other alone.
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, {4, 24}), 0.5);
        QCOMPARE(overlapped_read_seconds(0, 6e9, alone, {1, 1}), 0.5);
        QCOMPARE(overlapped_read_seconds(1e9, 0, alone, {1, 1}), 0.5);
        // A rate not measured: no bound from overlap, the reads one after the other.
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, alone, {2, 0}), 1.0);
        QCOMPARE(overlapped_read_seconds(1e9, 6e9, {0, 12}, alone), 0.0);
    }

    void caps_rounds_keep_each_caps_fastest_run() {
        const Result r =
            cli({"bench", "caps", kTiny, "--caps", "2,4", "--rounds", "2", "--ngen", "3", "--threads", "1", "--json"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QJsonObject j = last_json_line(r.out);
        QCOMPARE(j["rounds"].toInt(), 2);
        QVERIFY(j["tokens_identical"].toBool());  // over all four runs
        for (const auto& c : j["caps"].toArray()) {
            const QJsonObject row = c.toObject();
            const QJsonArray runs = row["tokens_per_s_runs"].toArray();
            QCOMPARE(runs.size(), 2);
            const double fastest = std::max(runs[0].toDouble(), runs[1].toDouble());
            QCOMPARE(row["tokens_per_s"].toDouble(), fastest);
            // The row's ratio is that run's own: its tok/s over its own bound.
            QVERIFY(qAbs(row["bound_ratio"].toDouble() - fastest / row["decode_bound_tokens_per_s"].toDouble()) < 1e-9);
        }
        for (const QString& bad : {QString("0"), QString("21"), QString("x")}) {
            const Result refused = cli({"bench", "caps", kTiny, "--caps", "2", "--rounds", bad});
            QCOMPARE(refused.exit_code, 1);
            QVERIFY2(refused.err.contains("--rounds"), qPrintable(refused.err));
        }
    }

    void caps_refuse_bad_lists() {
        for (const QString& caps : {QString("8,x"), QString("0"), QString("")}) {
            const Result r = cli({"bench", "caps", kTiny, "--caps", caps});
            QCOMPARE(r.exit_code, 1);
            QVERIFY2(r.err.contains("--caps"), qPrintable(r.err));
        }
        const Result missing = cli({"bench", "caps", kTiny + "/no-such-model", "--caps", "2"});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY2(missing.err.contains("failed"), qPrintable(missing.err));
    }

    void slots_compare_memory_setups_on_the_same_bytes() {
        const Result r = cli({"bench", "slots", kTiny, "--experts", "6", "--threads", "1", "--json"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QJsonObject j = last_json_line(r.out);
        QCOMPARE(j["experts"].toInt(), 6);
        QVERIFY(j["memory_read_GBps"].toDouble() > 0 && j["disk_GBps"].toDouble() > 0);
        for (const char* mode : {"resident", "recycled", "fresh", "pool"}) {
            const QJsonObject m = j[mode].toObject();
            QVERIFY2(m["kernel_s"].toDouble() > 0 && m["wall_s"].toDouble() > 0, mode);
            QVERIFY2(m["kernel_ratio"].toDouble() > 0, mode);
        }
        QCOMPARE(j["resident"].toObject()["kernel_ratio"].toDouble(), 1.0);
        const Result bad = cli({"bench", "slots", kTiny, "--experts", "0"});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("--experts"), qPrintable(bad.err));
    }
};

QTEST_APPLESS_MAIN(TestBenchCaps)
#include "test_bench_caps.moc"
