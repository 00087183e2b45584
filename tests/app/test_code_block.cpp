// An answer with Markdown and a fenced code block, rendered by the real Main.qml
// (offscreen, software scene graph): the code block is there with its language,
// the highlighter colours keywords and strings on screen, and Copy puts exactly
// the code on the clipboard. Saves app_code_block.png in the working folder.
#include <QApplication>
#include <QClipboard>
#include <QQuickItem>
#include <QQuickTextDocument>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>

#include "app_window.h"

namespace {

const QString kCode = QStringLiteral("def greet(name):\n    return \"Hello, \" + name  # friendly\n\nprint(greet(\"world\"))");
const QString kAnswer = QStringLiteral("Here is **hello world** in Python:\n\n```python\n") + kCode +
                        QStringLiteral("\n```\n\nRun it with `python3 hello.py`.");
const QColor kKeyword(QStringLiteral("#c792ea"));  // code_highlighter.cpp's colours
const QColor kString(QStringLiteral("#c3e88d"));

QList<QQuickItem*> items_named(QQuickItem* root, const QString& name) {
    QList<QQuickItem*> out;
    for (QQuickItem* child : root->childItems()) {
        if (child->objectName() == name && child->isVisible()) out.append(child);
        out.append(items_named(child, name));
    }
    return out;
}

int pixels_near(const QImage& image, const QRect& area, const QColor& colour) {
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor p = image.pixelColor(x, y);
            n += std::abs(p.red() - colour.red()) <= 8 && std::abs(p.green() - colour.green()) <= 8 &&
                 std::abs(p.blue() - colour.blue()) <= 8;
        }
    return n;
}

// Foreground colours the highlighter put on the code's first lines.
QSet<QRgb> highlighted_colours(QQuickItem* code_text) {
    QSet<QRgb> colours;
    auto* doc = code_text->property("textDocument").value<QQuickTextDocument*>();
    if (!doc) return colours;
    for (QTextBlock b = doc->textDocument()->begin(); b.isValid(); b = b.next())
        for (const QTextLayout::FormatRange& r : b.layout()->formats())
            if (r.format.hasProperty(QTextFormat::ForegroundBrush)) colours.insert(r.format.foreground().color().rgb());
    return colours;
}

}  // namespace

class TestCodeBlock : public QObject {
    Q_OBJECT
private slots:
    void codeBlockIsHighlightedAndCopies() {
        AppWindow app;
        QVERIFY(app.load(QSize(1280, 800)));
        QQuickWindow* window = app.window;
        // A model is open so the status overlay is gone and the chat is what shows.
        app.engine.openModel(QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, 120000);

        ChatModel* chat = app.store.messages();
        chat->appendUser(QStringLiteral("Write a hello world in Python."));
        chat->beginAnswer();
        chat->appendToAnswer(kAnswer);
        chat->finishAnswer(GenerationStats{});

        QList<QQuickItem*> blocks;
        QTRY_VERIFY((blocks = items_named(window->contentItem(), QStringLiteral("codeBlock"))).size() == 1);
        QQuickItem* block = blocks.first();
        QCOMPARE(block->property("code").toString(), kCode);
        QCOMPARE(block->property("language").toString(), QStringLiteral("python"));
        const QList<QQuickItem*> texts = items_named(block, QStringLiteral("codeText"));
        QCOMPARE(texts.size(), 1);
        QQuickItem* code_text = texts.first();

        // The highlighter's formats are on the document...
        const QSet<QRgb> colours = highlighted_colours(code_text);
        QVERIFY2(colours.contains(kKeyword.rgb()), "no keyword colour on the code");
        QVERIFY2(colours.contains(kString.rgb()), "no string colour on the code");

        // ...and on screen, inside the code text and nowhere else in the message.
        QTest::qWait(200);  // one more frame after the layout settled
        const QImage shot = window->grabWindow();
        QVERIFY(!shot.isNull());
        shot.save(QDir::currentPath() + QStringLiteral("/app_code_block.png"));
        const qreal scale = shot.width() / qreal(window->width());
        const QRectF scene = code_text->mapRectToScene(code_text->boundingRect());
        const QRect area(QPointF(scene.topLeft() * scale).toPoint(), QPointF(scene.bottomRight() * scale).toPoint());
        QVERIFY2(pixels_near(shot, area, kKeyword) > 20, "keywords are not drawn in their colour");
        QVERIFY2(pixels_near(shot, area, kString) > 20, "strings are not drawn in their colour");

        // The Markdown around it is rendered, not shown raw.
        const QList<QQuickItem*> markdown = items_named(window->contentItem(), QStringLiteral("markdownText"));
        QString shown;
        for (QQuickItem* md : markdown) {
            QString part;
            QMetaObject::invokeMethod(md, "getText", Q_RETURN_ARG(QString, part), Q_ARG(int, 0),
                                      Q_ARG(int, md->property("length").toInt()));
            shown += part;
        }
        QVERIFY2(shown.contains(QStringLiteral("Here is hello world in Python")), qPrintable(shown));
        QVERIFY(!shown.contains(QStringLiteral("**")));
        QVERIFY(!shown.contains(QStringLiteral("```")));

        // Copy puts the code, exactly, on the clipboard and says so.
        const QList<QQuickItem*> buttons = items_named(block, QStringLiteral("copyCodeButton"));
        QCOMPARE(buttons.size(), 1);
        QGuiApplication::clipboard()->clear();
        QQuickItem* copy = buttons.first();
        const QPointF centre = copy->mapToScene(QPointF(copy->width() / 2, copy->height() / 2));
        QTest::mouseClick(window, Qt::LeftButton, Qt::NoModifier, centre.toPoint());
        QTRY_COMPARE(QGuiApplication::clipboard()->text(), kCode);
        QCOMPARE(copy->property("text").toString(), QStringLiteral("Copied"));
    }
};

QTEST_MAIN(TestCodeBlock)
#include "test_code_block.moc"
