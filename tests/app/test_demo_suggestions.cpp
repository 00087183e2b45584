// The suggested prompts of an empty conversation on the built-in demo (issue 45), in
// the real window: shown while the trained demo is open and the conversation is empty,
// a click sends the prompt as the user's message (the composer's own path), gone once
// the conversation has messages, back in a new one, absent for any other model, and
// the saying prompt in the interface language.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_language.h"
#include "app_window.h"

namespace {
constexpr int kTimeout = 180000;  // opening the demo and a short answer on a loaded 2-core machine

// Searched through the visual tree: a Repeater's items are not QObject children of the window.
QQuickItem* findItem(QQuickItem* root, const QString& name) {
    if (root->objectName() == name) return root;
    for (QQuickItem* child : root->childItems())
        if (QQuickItem* found = findItem(child, name)) return found;
    return nullptr;
}
QQuickItem* item(AppWindow& app, const QString& name) { return findItem(app.window->contentItem(), name); }
QQuickItem* chip(AppWindow& app, int i) { return item(app, QStringLiteral("demoSuggestion%1").arg(i)); }
QString chipText(AppWindow& app, int i) {
    QQuickItem* c = chip(app, i);
    return c ? c->property("text").toString() : QStringLiteral("<no chip %1>").arg(i);
}

// A short greedy answer: what it says is not under test here.
void setUp(AppWindow& app) {
    app.settings.setTemperature(0);
    app.settings.setMaxTokens(8);
}

// Opens the trained demo in a new conversation and sets `shown` to the suggestions,
// which must be on screen.
void openEmptyDemoConversation(AppWindow& app, QQuickItem*& shown) {
    app.engine.openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, kTimeout);
    QCOMPARE(app.engine.modelInfo().value("demoKind").toString(), QStringLiteral("trained"));
    app.store.newConversation();
    shown = item(app, QStringLiteral("demoSuggestions"));
    QVERIFY(shown);
    QTRY_VERIFY(shown->isVisible());
}

// Clicks the centre of `target` as a mouse would.
void click(AppWindow& app, QQuickItem* target) {
    QTest::qWait(50);  // a layout that just changed settles first
    const QPointF centre = target->mapToScene(QPointF(target->width() / 2, target->height() / 2));
    QTest::mouseClick(app.window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
}
}  // namespace

class TestDemoSuggestions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aClickSendsThePromptAndTheyGoOnceTheConversationHasMessages() {
        AppWindow app;
        setUp(app);
        QVERIFY(app.load(QSize(1280, 800)));
        QQuickItem* suggestions = nullptr;
        openEmptyDemoConversation(app, suggestions);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(suggestions->property("prompts").toList().size(), 4);
        for (int i = 0; i < 4; ++i) {
            QQuickItem* c = chip(app, i);
            QVERIFY(c);
            QVERIFY(c->isVisible());
            QVERIFY(c->isEnabled());
            QCOMPARE(c->property("activeFocusOnTab").toBool(), true);  // reached with Tab
            QCOMPARE(c->property("focusPolicy").toInt(), int(Qt::StrongFocus));
        }
        QCOMPARE(chipText(app, 0), QStringLiteral("What does house mean?"));
        QCOMPARE(chipText(app, 2), QStringLiteral("Give me a saying."));
        app.window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_demo_suggestions.png"));

        click(app, chip(app, 0));
        ChatModel* messages = app.store.messages();
        QTRY_VERIFY(messages->rowCount() >= 1);
        QCOMPARE(messages->message(0).role, QStringLiteral("user"));
        QCOMPARE(messages->message(0).content, QStringLiteral("What does house mean?"));
        QTRY_VERIFY(!suggestions->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, kTimeout);
        QCOMPARE(messages->rowCount(), 2);  // the prompt and its answer, nothing else sent
        QCOMPARE(messages->message(1).role, QStringLiteral("assistant"));
        QVERIFY(!suggestions->isVisible());
        // The composer's draft is untouched by a suggestion.
        QCOMPARE(item(app, QStringLiteral("messageInput"))->property("text").toString(), QString());

        app.store.newConversation();  // a new, empty conversation offers them again
        QTRY_VERIFY(suggestions->isVisible());
    }

    void onlyForTheTrainedDemo() {
        AppWindow app;
        setUp(app);
        QVERIFY(app.load(QSize(1280, 800)));
        app.engine.openModel(QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, kTimeout);
        app.store.newConversation();
        QQuickItem* suggestions = item(app, QStringLiteral("demoSuggestions"));
        QVERIFY(suggestions);
        QTest::qWait(100);
        QVERIFY(!suggestions->isVisible());
        QVERIFY(item(app, QStringLiteral("messageList"))->isVisible());  // the empty chat itself is shown
    }

    void theSayingPromptFollowsTheInterfaceLanguage() {
        AppWindow app;
        setUp(app);
        app.settings.setLanguage(QStringLiteral("it"));
        AppLanguage language(&app.settings);
        language.setEngine(&app.qml);
        QVERIFY(app.load(QSize(1280, 800)));
        QQuickItem* suggestions = nullptr;
        openEmptyDemoConversation(app, suggestions);
        if (QTest::currentTestFailed()) return;
        // The requests for a saying the demo was taught in each language; word questions
        // stay in English, the only language it knows words in.
        QTRY_COMPARE(chipText(app, 2), QStringLiteral("Dimmi una massima."));
        QCOMPARE(chipText(app, 0), QStringLiteral("What does house mean?"));
        QCOMPARE(item(app, QStringLiteral("demoSuggestionsHeading"))->property("text").toString(),
                 QStringLiteral("Prova a chiedere alla demo:"));
        app.settings.setLanguage(QStringLiteral("es"));
        QTRY_COMPARE(chipText(app, 2), QStringLiteral("Cuéntame un refrán."));
        app.settings.setLanguage(QStringLiteral("zh_CN"));
        QTRY_COMPARE(chipText(app, 2), QStringLiteral("说一句有道理的话。"));
        app.settings.setLanguage(QStringLiteral("it"));
        QTRY_COMPARE(chipText(app, 2), QStringLiteral("Dimmi una massima."));

        // The translated text is what is sent, here from the keyboard (Tab to it, Space).
        chip(app, 2)->forceActiveFocus(Qt::TabFocusReason);
        QTRY_VERIFY(chip(app, 2)->hasActiveFocus());
        QTest::keyClick(app.window, Qt::Key_Space);
        ChatModel* messages = app.store.messages();
        QTRY_VERIFY(messages->rowCount() >= 1);
        QCOMPARE(messages->message(0).content, QStringLiteral("Dimmi una massima."));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, kTimeout);
        QVERIFY(!suggestions->isVisible());
        app.settings.setLanguage(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestDemoSuggestions)
#include "test_demo_suggestions.moc"
