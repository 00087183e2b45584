// The sidebar's search in the real window: typing filters the conversations by
// their text, Down moves into the results, Enter opens one; Escape clears.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_window.h"

namespace {
QString saved(ConversationStore& store, const QString& question, const QString& answer) {
    store.newConversation();
    store.messages()->appendUser(question);
    store.messages()->beginAnswer();
    store.messages()->appendToAnswer(answer);
    store.messages()->finishAnswer(GenerationStats{});
    return store.saveCurrent() ? store.currentId() : QString();
}
}  // namespace

class TestConversationSearchWindow : public QObject {
    Q_OBJECT
private slots:
    void typingFindsAndEnterOpens() {
        AppWindow app;
        const QString wanted = saved(app.store, QStringLiteral("What does petrichor mean?"),
                                     QStringLiteral("The smell of rain on dry earth."));
        saved(app.store, QStringLiteral("A fortune, please"), QStringLiteral("You will meet a penguin."));
        QVERIFY(app.load(QSize(1280, 800)));
        app.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(app.window));

        auto* field = app.window->findChild<QQuickItem*>(QStringLiteral("searchField"));
        auto* results = app.window->findChild<QQuickItem*>(QStringLiteral("searchResults"));
        QVERIFY(field && results);
        QVERIFY(!results->isVisible());
        QTest::keySequence(app.window, QKeySequence::Find);   // Ctrl+F puts the cursor in the field
        QTRY_VERIFY(field->hasActiveFocus());
        for (const char c : QByteArrayLiteral("RAIN earth")) QTest::keyClick(app.window, c);
        QTRY_VERIFY(results->isVisible());
        QTRY_COMPARE(results->property("count").toInt(), 1);
        app.window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_conversation_search.png"));

        QTest::keyClick(app.window, Qt::Key_Down);
        QTRY_VERIFY(results->hasActiveFocus());
        QTest::keyClick(app.window, Qt::Key_Return);
        QTRY_COMPARE(app.store.currentId(), wanted);

        field->forceActiveFocus();
        QTest::keyClick(app.window, Qt::Key_Escape);
        QTRY_COMPARE(field->property("text").toString(), QString());
        QTRY_VERIFY(!results->isVisible());
    }
};

QTEST_MAIN(TestConversationSearchWindow)
#include "test_conversation_search_window.moc"
