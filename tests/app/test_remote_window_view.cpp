// The real Main.qml while a server answers (fake servers, offscreen): the "remote:
// HOST" label, no "exact" badge, the remote legend, the profile labelled as measured
// at the client, the dimmed grid with its sentence when the server sends no routing,
// and the visible note on an answer the connection cut.
#include <QQuickItem>
#include <QtTest>

#include "app_window.h"
#include "remote_test_servers.h"

namespace {

QByteArray fake(const QByteArray& request, const QByteArray& stream) {
    if (request.startsWith("GET /v1/models"))
        return http_response("200 OK", "application/json",
                             R"({"object":"list","data":[{"id":"XiaomiMiMo/MiMo-V2-Flash","object":"model"}]})");
    return stream;
}

const QByteArray kHello = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi!\"},\"finish_reason\":null}]}\n\n";

// The visible item named `name` in the visual tree under `item` (a list's delegates
// are not QObject children of the window), or nullptr.
QQuickItem* shown_under(QQuickItem* item, const QString& name) {
    if (!item->isVisible()) return nullptr;
    if (item->objectName() == name) return item;
    for (QQuickItem* child : item->childItems())
        if (QQuickItem* found = shown_under(child, name)) return found;
    return nullptr;
}
QQuickItem* shown(QQuickWindow* window, const char* name) { return shown_under(window->contentItem(), QLatin1String(name)); }

}  // namespace

class TestRemoteWindowView : public QObject {
    Q_OBJECT
private slots:
    void withoutRouting() {
        FakeServer server([](const QByteArray& r) {
            return fake(r, event_stream(kHello + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
                                                 "data: [DONE]\n\n"));
        });
        AppWindow app;
        QVERIFY(app.load(QSize(1280, 800)));
        EngineController& engine = app.engine;
        QSignalSpy connected(&engine, &EngineController::serverConnected);
        engine.useServer(server.url(), {}, {});
        QVERIFY(connected.wait(20000));
        QVERIFY2(connected.at(0).at(0).toBool(), qPrintable(connected.at(0).at(1).toString()));
        const QString host = QStringLiteral("127.0.0.1:%1").arg(QUrl(server.url()).port());

        QTRY_VERIFY(shown(app.window, "remoteBadge"));
        QCOMPARE(shown(app.window, "remoteBadge")->property("text").toString(), QStringLiteral("remote: ") + host);
        QVERIFY(app.window->title().contains(QStringLiteral("remote: ") + host));
        QVERIFY(!shown(app.window, "exactBadge"));
        QVERIFY(shown(app.window, "remoteLegend"));
        QVERIFY(shown(app.window, "remoteLegend")->property("text").toString().contains(host));

        engine.send(QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, 20000);
        QCOMPARE(app.store.messages()->message(1).content, QStringLiteral("Hi!"));
        // No routing: the grid is dimmed and says why and how to enable it.
        QTRY_VERIFY(shown(app.window, "brainNote"));
        QVERIFY(shown(app.window, "brainNote")->property("text").toString().contains(QLatin1String("--enable-return-routed-experts")));
        QVERIFY(shown(app.window, "brainColors")->opacity() < 1);
        QVERIFY(shown(app.window, "profileSummary")->property("text").toString().startsWith(QLatin1String("measured at the client")));

        // Back to this computer: the remote label and the note go.
        engine.useLocal();
        QTRY_VERIFY(!shown(app.window, "remoteBadge"));
        QVERIFY(!shown(app.window, "brainNote"));
        QVERIFY(!shown(app.window, "remoteLegend"));
    }

    void cutAnswerIsMarked() {
        // The stream ends with the connection, before [DONE]: a server that died.
        FakeServer server([](const QByteArray& r) { return fake(r, event_stream(kHello)); });
        AppWindow app;
        QVERIFY(app.load(QSize(1280, 800)));
        QSignalSpy connected(&app.engine, &EngineController::serverConnected);
        app.engine.useServer(server.url(), {}, {});
        QVERIFY(connected.wait(20000));
        app.engine.send(QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, 20000);
        const ChatMessage answer = app.store.messages()->message(1);
        QCOMPARE(answer.content, QStringLiteral("Hi!"));
        QVERIFY(!answer.interrupted.isEmpty());
        QTRY_VERIFY(shown(app.window, "interruptedNote"));
        QVERIFY(shown(app.window, "interruptedNote")->property("text").toString().contains(answer.interrupted));
    }
};

QTEST_MAIN(TestRemoteWindowView)
#include "test_remote_window_view.moc"
