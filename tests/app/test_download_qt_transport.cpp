// The app's QtNetwork transport (app/qt_http_transport.h) under download_repo through
// the fake-Hub scenarios libcurl's passes (tests/unit/download_scenarios.h): after
// each, the folder is byte-identical to the model, or the run stopped with the right
// sentence. download_repo calls the transport from threads of its own, as in the app.
#include <QtTest>

#include "download_scenarios.h"
#include "fake_hub.h"
#include "qt_http_transport.h"

using namespace peng::download;
using download_scenarios::kModel;

namespace {
const download_scenarios::Scenarios qt("peng_qt_download_", QtHttpTransport::factory());
}  // namespace

class TestDownloadQtTransport : public QObject {
    Q_OBJECT
private slots:
    void a_clean_download_is_the_model() { qt.a_clean_download_is_the_model(); }
    void a_cut_connection_resumes_with_range() { qt.a_cut_connection_resumes_with_range(); }
    void a_server_that_ignores_range() { qt.a_server_that_ignores_range(); }
    void a_corrupt_byte_is_fetched_again_once_then_stops() { qt.a_corrupt_byte_is_fetched_again_once_then_stops(); }
    void busy_servers_are_retried() { qt.busy_servers_are_retried(); }
    // download_repo's sentences name peng-cli's --token-file; the app rewords them (model_downloader.cpp).
    void gated_and_missing_repositories() { qt.gated_and_missing_repositories(); }
    // Qt 6.4's own redirect following copies Authorization to any host (checked with
    // this test); the transport follows redirects itself to keep the token with the Hub.
    void the_token_stays_with_its_host() { qt.the_token_stays_with_its_host(); }
    void answers_that_cannot_be_right_are_not_retried() { qt.answers_that_cannot_be_right_are_not_retried(); }
    void cancel_and_resume() { qt.cancel_and_resume(); }
    void a_stalled_server_is_abandoned() { qt.a_stalled_server_is_abandoned("no data from 127.0.0.1 for 1 s"); }

    // get() keeps to its cap, reports the final answer's headers in lower case, and
    // an unreachable host is a transport error, not an answer.
    void get_caps_the_body_and_reports_headers() {
        FakeHub hub(kModel);
        QtHttpTransport http("", 5);
        const std::string tree = hub.endpoint() + "/api/models/" + FakeHub::kRepo + "/tree/" + FakeHub::kCommit + "?recursive=true";
        const HttpAnswer page = http.get(tree);
        QCOMPARE(page.status, 200L);
        QVERIFY(page.transport_error.empty());
        QVERIFY(page.headers.count("link") == 1 && page.headers.count("content-type") == 1);
        QVERIFY(page.body.front() == '[');
        const HttpAnswer capped = http.get(tree, 16);
        QVERIFY2(capped.transport_error.find("larger than 16 bytes") != std::string::npos, capped.transport_error.c_str());
        const HttpAnswer missing = http.get(hub.endpoint() + "/api/models/XiaomiMiMo/Nothing/revision/main");
        QCOMPARE(missing.status, 404L);
        QVERIFY(missing.transport_error.empty());
        const HttpAnswer refused = http.get("http://127.0.0.1:1/");
        QCOMPARE(refused.status, 0L);
        QVERIFY(!refused.transport_error.empty());
    }
};

QTEST_GUILESS_MAIN(TestDownloadQtTransport)
#include "test_download_qt_transport.moc"
