// parallel_for (engine/util/parallel_for.h): each index runs once, on no more
// threads than jobs, and the first error stops the rest and reaches the caller.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "util/parallel_for.h"

using namespace peng;

class TestParallelFor : public QObject {
    Q_OBJECT
private slots:
    void every_index_runs_exactly_once() {
        const size_t n = 1000;
        std::vector<std::atomic<int>> runs(n);
        parallel_for(n, 4, [&](size_t i) { ++runs[i]; });
        for (size_t i = 0; i < n; ++i) QCOMPARE(runs[i].load(), 1);
    }
    void threads_are_capped_by_the_jobs() {
        QCOMPARE(parallel_for_threads(3, 16), size_t(3));
        QCOMPARE(parallel_for_threads(100, 2), size_t(2));
        QCOMPARE(parallel_for_threads(100000, 0), size_t(std::max(1u, std::thread::hardware_concurrency())));
        // Three slow jobs on "sixteen" threads: three threads, named 0..2, the caller's among them.
        std::mutex mutex;
        std::set<std::thread::id> ids;
        std::set<size_t> workers;
        parallel_for(3, 16, [&](size_t, size_t worker) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            std::lock_guard<std::mutex> lock(mutex);
            ids.insert(std::this_thread::get_id());
            workers.insert(worker);
        });
        QVERIFY(ids.size() <= 3);
        for (size_t w : workers) QVERIFY(w < 3);
    }
    void no_jobs_run_nothing() {
        QCOMPARE(parallel_for_threads(0, 4), size_t(0));
        bool ran = false;
        parallel_for(0, 4, [&](size_t) { ran = true; });
        parallel_for(0, 0, [&](size_t) { ran = true; });
        QVERIFY(!ran);
    }
    void one_thread_runs_in_order_on_the_caller() {
        std::vector<size_t> order;
        parallel_for(50, 1, [&](size_t i, size_t worker) {
            QCOMPARE(worker, size_t(0));
            QVERIFY(std::this_thread::get_id() == caller_);
            order.push_back(i);
        });
        QCOMPARE(order.size(), size_t(50));
        for (size_t i = 0; i < order.size(); ++i) QCOMPARE(order[i], i);
    }
    void the_first_error_is_rethrown_and_nothing_starts_after_it() {
        // One thread: the error at 3 is the first; 7 (which would throw too) never starts.
        std::vector<size_t> started;
        try {
            parallel_for(10, 1, [&](size_t i) {
                started.push_back(i);
                if (i == 3 || i == 7) throw std::runtime_error("job " + std::to_string(i));
            });
            QFAIL("no exception");
        } catch (const std::runtime_error& e) {
            QCOMPARE(QString(e.what()), QString("job 3"));
        }
        QCOMPARE(started, (std::vector<size_t>{0, 1, 2, 3}));
    }
    void an_error_stops_the_other_threads() {
        // Four threads over 2000 jobs of a millisecond: after index 5 throws, the
        // others finish the job they hold and take no new one. The bound leaves
        // room for a loaded machine; without the stop all 2000 would start.
        const size_t n = 2000;
        std::atomic<size_t> started{0};
        bool thrown = false;
        try {
            parallel_for(n, 4, [&](size_t i) {
                ++started;
                if (i == 5) throw std::runtime_error("job 5");
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            });
        } catch (const std::runtime_error& e) {
            thrown = QString(e.what()) == "job 5";
        }
        QVERIFY(thrown);
        QVERIFY2(started < n / 10, qPrintable(QString::number(started.load()) + " jobs started"));
    }
    void the_stop_flag_is_honoured_and_set_by_an_error() {
        std::atomic<bool> stop{true};
        bool ran = false;
        parallel_for(10, 2, [&](size_t) { ran = true; }, &stop);
        QVERIFY(!ran);   // already stopped: nothing starts

        stop = false;
        std::vector<size_t> started;
        parallel_for(10, 1, [&](size_t i) {
            started.push_back(i);
            if (i == 4) stop = true;   // a job that stops the rest, as a cancel does
        }, &stop);
        QCOMPARE(started, (std::vector<size_t>{0, 1, 2, 3, 4}));

        stop = false;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 parallel_for(10, 2, [](size_t) { throw std::runtime_error("x"); }, &stop));
        QVERIFY(stop);   // set for the jobs still running to see
    }

private:
    std::thread::id caller_ = std::this_thread::get_id();
};

QTEST_APPLESS_MAIN(TestParallelFor)
#include "test_parallel_for.moc"
