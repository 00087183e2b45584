// The "Get a model" page's controller (app/model_downloader.h) against a fake Hub on
// loopback (tests/unit/fake_hub.h) serving the tiny-mxfp4 fixture: a download
// completes byte for byte and the model opens; pause then resume finishes from the
// partial data; cancel stops and deletes only what the download created; a gated
// repository asks for a token; and the page, mid-download, shows its progress
// (screenshot saved as app_get_model_page_<platform>.png).
#include <QtTest>

#include <QQuickItem>
#include <filesystem>
#include <fstream>

#include "app_window.h"
#include "fake_hub.h"
#include "model_downloader.h"

namespace fs = std::filesystem;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

struct Fresh {
    fs::path dir;
    // The pid keeps the offscreen and the xvfb runs, which may run at once, apart.
    explicit Fresh(const std::string& name)
        : dir(fs::temp_directory_path() /
              ("peng_get_model_" + name + "_" + std::to_string(QCoreApplication::applicationPid()))) {
        fs::remove_all(dir);
    }
    ~Fresh() { fs::remove_all(dir); }
    QString model() const { return QString::fromStdString((dir / "model").string()); }
};

}  // namespace

class TestModelDownloader : public QObject {
    Q_OBJECT
    std::unique_ptr<AppWindow> app;
    std::unique_ptr<ModelDownloader> downloader;

private slots:
    void initTestCase() {
        app = std::make_unique<AppWindow>();
        downloader = std::make_unique<ModelDownloader>(&app->engine, nullptr);
        downloader->setFirstBackoff(0.01);
        ModelDownloader::setInstance(downloader.get());
        QVERIFY(downloader->available());
    }
    void cleanupTestCase() {
        app.reset();   // the window's QML uses the downloader
        downloader.reset();
    }

    void catalog_lists_the_four_checkpoints() {
        const QVariantList rows = downloader->catalog(QDir::tempPath(), 0, 2.0, 20.0);
        QCOMPARE(rows.size(), 4);
        QStringList repos;
        for (const QVariant& r : rows) repos << r.toMap().value("repo").toString();
        QCOMPARE(repos, (QStringList{"XiaomiMiMo/MiMo-V2.6-Flash", "XiaomiMiMo/MiMo-V2.6-Pro", "XiaomiMiMo/MiMo-V2.5",
                                     "XiaomiMiMo/MiMo-V2.5-Pro"}));
        const QVariantMap flash = rows[0].toMap(), pro = rows[1].toMap();
        QCOMPARE(flash.value("sizeGb").toDouble(), 177.7);
        QCOMPARE(flash.value("fits").toBool(), downloader->freeGb(QDir::tempPath()) >= 177.7);
        // A folder not created yet is measured on the disk of its nearest existing parent.
        QVERIFY(downloader->freeGb(QDir::tempPath()) > 0);
        QCOMPARE(downloader->freeGb(QDir::tempPath() + "/peng-no-such/deeper/model") > 0, true);
        QVERIFY(!pro.value("planned").toBool());   // Pro's shape is unknown until downloaded
        // Flash is planned from its real shape: 48 layers of 256 experts; with a 1000 GB
        // budget everything is resident, with 30 GB the experts stream from disk.
        const QVariantMap big = downloader->catalog(QDir::tempPath(), 1000, 2.0, 20.0)[0].toMap();
        QVERIFY2(big.value("planned").toBool() && big.value("planError").toString().isEmpty(),
                 qPrintable(big.value("planError").toString()));
        QVERIFY(big.value("allResident").toBool());
        QCOMPARE(big.value("slotsPerLayer").toInt(), 256);
        const QVariantMap small = downloader->catalog(QDir::tempPath(), 30, 2.0, 20.0)[0].toMap();
        QVERIFY(!small.value("allResident").toBool());
        QVERIFY(small.value("diskGbPerToken").toDouble() > 0);
        QVERIFY(small.value("tokensPerSecondBound").toDouble() > 0);
        // Unmeasured bandwidths give no made-up speed.
        QCOMPARE(downloader->catalog(QDir::tempPath(), 30, 0, 0)[0].toMap().value("tokensPerSecondBound").toDouble(), 0.0);
        // A budget below the minimum is said, not planned.
        QVERIFY(!downloader->catalog(QDir::tempPath(), 1, 2.0, 20.0)[0].toMap().value("planError").toString().isEmpty());
    }

    void a_download_completes_and_the_model_opens() {
        FakeHub hub(kModel);
        Fresh out("clean");
        QSignalSpy finished(downloader.get(), &ModelDownloader::finished);
        downloader->start(FakeHub::kRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QCOMPARE(downloader->state(), ModelDownloader::Listing);
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 60000);
        QVERIFY2(downloader->state() == ModelDownloader::Done, qPrintable(downloader->errorText()));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(downloader->doneBytes(), downloader->totalBytes());
        const QString problem = QString::fromStdString(hub.first_difference(out.dir / "model"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(fs::exists(peng::download_manifest_path((out.dir / "model").string())));
        QTRY_VERIFY_WITH_TIMEOUT(app->engine.state() == EngineController::Ready, 120000);
        QCOMPARE(app->engine.summary().dir, out.model());
    }

    void pause_then_resume_completes() {
        FakeHub hub(kModel);
        Fresh out("pause");
        hub.faults.slow_ms = 60;   // the largest file takes about 3.5 s: room to stop it midway
        downloader->start(FakeHub::kRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(downloader->doneBytes() > 300000, 30000);
        downloader->pause();
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QCOMPARE(downloader->state(), ModelDownloader::Paused);
        QVERIFY(fs::exists(out.dir / "model" / ".peng-download"));   // the partial data stays
        hub.faults.slow_ms = 0;
        downloader->start(FakeHub::kRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 60000);
        QVERIFY2(downloader->state() == ModelDownloader::Done, qPrintable(downloader->errorText()));
        QVERIFY2(downloader->resumedBytes() >= 300000, qPrintable(QStringLiteral("resumed %1 fetched %2 total %3").arg(downloader->resumedBytes()).arg(downloader->fetchedBytes()).arg(downloader->totalBytes())));
        QVERIFY(downloader->fetchedBytes() < downloader->totalBytes());
        const QString problem = QString::fromStdString(hub.first_difference(out.dir / "model"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QTRY_VERIFY_WITH_TIMEOUT(!app->engine.busy(), 120000);
    }

    void cancel_stops_and_deletes_only_what_it_created() {
        FakeHub hub(kModel);
        hub.faults.slow_ms = 60;   // the largest file takes about 3.5 s: room to stop it midway
        // A folder the download created goes entirely.
        Fresh out("cancel");
        downloader->start(FakeHub::kRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(downloader->doneBytes() > 100000, 30000);
        downloader->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QCOMPARE(downloader->state(), ModelDownloader::Idle);
        QVERIFY(!fs::exists(out.dir / "model"));
        QVERIFY(fs::exists(out.dir));
        // In a folder that was there, the user's files stay; only the download's state goes.
        fs::create_directories(out.dir / "mine");
        std::ofstream(out.dir / "mine" / "notes.txt") << "keep me";
        const QString mine = QString::fromStdString((out.dir / "mine").string());
        downloader->start(FakeHub::kRepo, mine, QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(downloader->doneBytes() > 100000, 30000);
        downloader->pause();
        QTRY_COMPARE_WITH_TIMEOUT(downloader->state(), ModelDownloader::Paused, 30000);
        downloader->cancel();   // from Paused: no thread to wait for
        QCOMPARE(downloader->state(), ModelDownloader::Idle);
        QFile notes(QString::fromStdString((out.dir / "mine" / "notes.txt").string()));
        QVERIFY(notes.open(QIODevice::ReadOnly));
        QCOMPARE(notes.readAll(), QByteArray("keep me"));
        QVERIFY(!fs::exists(out.dir / "mine" / ".peng-download"));
    }

    void a_gated_repository_asks_for_a_token() {
        FakeHub hub(kModel);
        Fresh out("gated");
        downloader->start(FakeHub::kGatedRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QCOMPARE(downloader->state(), ModelDownloader::Failed);
        QVERIFY(downloader->needsToken());
        QVERIFY2(downloader->errorText().contains("Token field"), qPrintable(downloader->errorText()));
        downloader->start(FakeHub::kGatedRepo, out.model(), QString::fromStdString(hub.endpoint()), "hf_wrong");
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QVERIFY2(downloader->errorText().contains("not allowed"), qPrintable(downloader->errorText()));
        downloader->cancel();   // the failed attempt's empty folder was this download's
        QVERIFY(!fs::exists(out.dir / "model"));
    }

    // The page in the window, in the middle of a slowed download: its progress bar is
    // partly filled and the text gives bytes, rate and time left.
    void the_page_shows_progress_mid_download() {
        QVERIFY(app->load(QSize(1280, 860)));
        QQuickWindow* window = app->window;
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QObject* page = app->qml.rootObjects().first()->findChild<QObject*>("getModelPage");
        QVERIFY(page);
        QMetaObject::invokeMethod(page, "open");
        QTRY_VERIFY(page->property("opened").toBool());

        FakeHub hub(kModel);
        Fresh out("page");
        hub.faults.slow_ms = 100;   // the largest file takes about 6 s
        downloader->start(FakeHub::kRepo, out.model(), QString::fromStdString(hub.endpoint()), {});
        QTRY_VERIFY_WITH_TIMEOUT(downloader->state() == ModelDownloader::Downloading &&
                                     downloader->doneBytes() > downloader->totalBytes() / 5,
                                 60000);
        auto* bar = window->findChild<QQuickItem*>("downloadProgress");
        auto* text = window->findChild<QQuickItem*>("downloadProgressText");
        QVERIFY(bar && text);
        QTRY_VERIFY2(bar->isVisible() && text->isVisible(),
                     qPrintable(QStringLiteral("state %1 running %2 bar %3 page visible %4")
                                    .arg(page->property("dlState").toInt()).arg(page->property("running").toBool())
                                    .arg(bar->property("visible").toBool()).arg(page->property("visible").toBool())));
        QTest::qWait(100);   // a frame with the latest values
        const QImage shot = window->grabWindow();
        const double fraction = double(downloader->doneBytes()) / double(downloader->totalBytes());
        const QString said = text->property("text").toString();
        QVERIFY(!shot.isNull());
        shot.save(QDir::currentPath() + QStringLiteral("/app_get_model_page_%1.png").arg(QGuiApplication::platformName()));
        hub.faults.slow_ms = 0;
        downloader->pause();
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QVERIFY2(fraction > 0.1 && fraction < 1.0, qPrintable(QString::number(fraction)));

        QVERIFY2(said.contains(" of ") && said.contains("/s") && said.contains("left"), qPrintable(said));
        // The bar's filled start and empty end are drawn in different colours.
        const qreal scale = shot.width() / qreal(window->width());
        const QPointF start = bar->mapToScene(QPointF(bar->width() * 0.02, bar->height() / 2));
        const QPointF end = bar->mapToScene(QPointF(bar->width() * 0.98, bar->height() / 2));
        const QRgb filled = shot.pixel(int(start.x() * scale), int(start.y() * scale));
        const QRgb empty = shot.pixel(int(end.x() * scale), int(end.y() * scale));
        QVERIFY2(filled != empty, qPrintable(QString::number(filled, 16)));
        downloader->cancel();
    }

    // The endpoint is a setting: the page's field shows it, refuses an address that is
    // not one with a sentence, keeps a valid one, and the download goes there.
    void the_endpoint_setting_persists_and_reaches_the_hub() {
        QCOMPARE(app->settings.downloadEndpoint(), QStringLiteral("https://huggingface.co"));
        QVERIFY(downloader->endpointProblem(QString()).contains("empty"));
        QVERIFY(downloader->endpointProblem("huggingface.co").contains("not a web address"));
        QVERIFY(downloader->endpointProblem("https://hf-mirror.com/?x=1").contains("bare address"));
        QVERIFY(downloader->endpointProblem("https://hf-mirror.com").isEmpty());
        Fresh out("endpoint");
        downloader->start(FakeHub::kRepo, out.model(), "  ", {});
        QCOMPARE(downloader->state(), ModelDownloader::Failed);
        QVERIFY2(downloader->errorText().contains("endpoint is empty"), qPrintable(downloader->errorText()));
        QVERIFY(!downloader->running());

        if (!app->window) {
            QVERIFY(app->load(QSize(1280, 860)));
            app->window->show();
        }
        QObject* page = app->qml.rootObjects().first()->findChild<QObject*>("getModelPage");
        QVERIFY(page);
        QMetaObject::invokeMethod(page, "open");
        QTRY_VERIFY(page->property("opened").toBool());
        auto* field = app->window->findChild<QQuickItem*>("downloadEndpoint");
        auto* problem = app->window->findChild<QQuickItem*>("downloadEndpointProblem");
        auto* startButton = app->window->findChild<QQuickItem*>("downloadStart");
        QVERIFY(field && problem && startButton);
        QCOMPARE(field->property("text").toString(), app->settings.downloadEndpoint());

        FakeHub hub(kModel);
        const QString mirror = QString::fromStdString(hub.endpoint());
        const auto type = [&](const QString& text) {
            field->forceActiveFocus();
            QMetaObject::invokeMethod(field, "selectAll");
            for (const QChar c : text) QTest::keyClick(app->window, c.toLatin1());
            QCOMPARE(field->property("text").toString(), text);
        };
        type("not a url");
        QVERIFY(problem->isVisible());
        QVERIFY(problem->property("text").toString().contains("not a web address"));
        QVERIFY(!startButton->isEnabled());
        QCOMPARE(app->settings.downloadEndpoint(), QStringLiteral("https://huggingface.co"));   // not kept
        type(mirror);
        QVERIFY(!problem->isVisible());
        QCOMPARE(app->settings.downloadEndpoint(), mirror);
        // Persisted: another reader of the settings sees it; a stored value that is not
        // an address is refused, with a warning, for the default.
        QCOMPARE(AppSettings(nullptr).downloadEndpoint(), mirror);
        QCOMPARE(QSettings().value("downloadEndpoint").toString(), mirror);

        // Start on the page downloads from the mirror: the fake Hub answers (it does not
        // have the catalog's model, so it says 404).
        page->setProperty("folder", out.model());
        QVERIFY(startButton->isEnabled());
        QMetaObject::invokeMethod(startButton, "clicked");
        QTRY_VERIFY_WITH_TIMEOUT(!downloader->running(), 30000);
        QVERIFY(hub.faults.revisions > 0);
        QVERIFY2(downloader->errorText().contains("not found (HTTP 404)"), qPrintable(downloader->errorText()));
        downloader->cancel();
        QMetaObject::invokeMethod(page, "close");

        QSettings().setValue("downloadEndpoint", "ftp://mirror.example");
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("^setting downloadEndpoint: 'ftp://mirror.example' is not a "
                                                              "web address.*; using the default https://huggingface.co$"));
        QCOMPARE(app->settings.downloadEndpoint(), QStringLiteral("https://huggingface.co"));
        app->settings.restoreDefaults();
    }
};

QTEST_MAIN(TestModelDownloader)
#include "test_model_downloader.moc"
