// The chat model streams into the last row only, and answers split into
// thinking, Markdown and code blocks without disturbing finished blocks.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "block_parser.h"
#include "chat_model.h"
#include "message_blocks.h"

class TestChatModel : public QObject {
    Q_OBJECT
private slots:
    void streamingTouchesOnlyTheLastRow() {
        ChatModel chat;
        QAbstractItemModelTester tester(&chat, QAbstractItemModelTester::FailureReportingMode::QtTest);
        chat.appendUser(QStringLiteral("first question"));
        chat.beginAnswer();
        chat.appendToAnswer(QStringLiteral("first answer"));
        chat.finishAnswer({});
        chat.appendUser(QStringLiteral("second question"));
        chat.beginAnswer();
        QSignalSpy changed(&chat, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&chat, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&chat, &QAbstractItemModel::modelReset);
        const QStringList deltas{"Hel", "lo, ", "wor", "ld", "!"};
        for (const QString& d : deltas) chat.appendToAnswer(d);
        QCOMPARE(changed.count(), deltas.size());
        const int last = chat.rowCount() - 1;
        for (const auto& args : changed) {
            QCOMPARE(args.at(0).toModelIndex().row(), last);
            QCOMPARE(args.at(1).toModelIndex().row(), last);
        }
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(reset.count(), 0);
        auto* blocks = qobject_cast<MessageBlocks*>(chat.data(chat.index(last), ChatModel::BlocksRole).value<QObject*>());
        QVERIFY(blocks);
        QCOMPARE(blocks->raw(), QStringLiteral("Hello, world!"));
        chat.finishAnswer({});
        QCOMPARE(chat.message(last).content, QStringLiteral("Hello, world!"));
        QCOMPARE(chat.message(1).content, QStringLiteral("first answer"));
    }

    void finishedBlocksAreNotTouchedWhileTheTailGrows() {
        MessageBlocks blocks;
        QSignalSpy changed(&blocks, &QAbstractItemModel::dataChanged);
        blocks.append(QStringLiteral("<think>plan"));
        blocks.append(QStringLiteral(" it</think>Intro text\n"));
        blocks.append(QStringLiteral("```python\nprint(1)\n"));
        QCOMPARE(blocks.rowCount(), 3);
        changed.clear();
        blocks.append(QStringLiteral("print(2)\n"));
        blocks.append(QStringLiteral("print(3)"));
        for (const auto& args : changed) QCOMPARE(args.at(0).toModelIndex().row(), 2);
        QCOMPARE(blocks.blocks()[2].text, QStringLiteral("print(1)\nprint(2)\nprint(3)"));
        QVERIFY(!blocks.blocks()[2].closed);
        blocks.append(QStringLiteral("\n```\nDone."));
        QCOMPARE(blocks.rowCount(), 4);
        QVERIFY(blocks.blocks()[2].closed);
        QCOMPARE(blocks.thinking(), QStringLiteral("plan it"));
        QVERIFY(blocks.answer().startsWith(QStringLiteral("Intro text")));
        QVERIFY(!blocks.answer().contains(QStringLiteral("plan it")));
    }

    void parserSplitsThinkingCodeAndText() {
        const QString raw = QStringLiteral("<think>\nreason\n</think>\n\nHere:\n```cpp\nint x = 1;\n```\nafter");
        const QList<MessageBlock> b = parse_blocks(raw);
        QCOMPARE(b.size(), 4);
        QCOMPARE(b[0].kind, MessageBlock::Think);
        QCOMPARE(b[0].text, QStringLiteral("reason"));
        QVERIFY(b[0].closed);
        QCOMPARE(b[1].kind, MessageBlock::Text);
        QCOMPARE(b[1].text, QStringLiteral("Here:"));
        QCOMPARE(b[2].kind, MessageBlock::Code);
        QCOMPARE(b[2].language, QStringLiteral("cpp"));
        QCOMPARE(b[2].text, QStringLiteral("int x = 1;"));
        QCOMPARE(b[3].text, QStringLiteral("after"));
    }

    void emptyThinkingLeavesNoBlock() {
        // The "Thought for 1.3 s" header over an empty box (issue 49): thinking that closes
        // with nothing in it (or only blank lines) is dropped; while open it shows.
        MessageBlocks blocks;
        blocks.append(QStringLiteral("<think>\n"));
        QCOMPARE(blocks.rowCount(), 1);
        QCOMPARE(blocks.blocks()[0].kind, MessageBlock::Think);
        QVERIFY(!blocks.blocks()[0].closed);
        blocks.append(QStringLiteral("\n</think>\n\nThe answer."));
        QCOMPARE(blocks.rowCount(), 1);
        QCOMPARE(blocks.blocks()[0].kind, MessageBlock::Text);
        QCOMPARE(blocks.blocks()[0].text, QStringLiteral("The answer."));
        QVERIFY(blocks.thinking().isEmpty());

        MessageBlocks closedAtOnce;
        closedAtOnce.append(QStringLiteral("<think></think>"));
        QCOMPARE(closedAtOnce.rowCount(), 1);
        QCOMPARE(closedAtOnce.blocks()[0].kind, MessageBlock::Text);
        QVERIFY(closedAtOnce.blocks()[0].text.isEmpty());
        closedAtOnce.append(QStringLiteral("Hi"));
        QCOMPARE(closedAtOnce.rowCount(), 1);
        QCOMPARE(closedAtOnce.blocks()[0].text, QStringLiteral("Hi"));

        const QList<MessageBlock> stored = parse_blocks(QStringLiteral("<think>\n\n</think>\n\nHi"));
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].kind, MessageBlock::Text);
        // Thinking with words in it keeps its block.
        QCOMPARE(parse_blocks(QStringLiteral("<think>why</think>Hi")).size(), 2);
    }

    void aPartialThinkTagIsHeldBack() {
        MessageBlocks blocks;
        blocks.append(QStringLiteral("Hi <thi"));
        QCOMPARE(blocks.blocks().last().text, QStringLiteral("Hi"));
        blocks.append(QStringLiteral("nk>why"));
        QCOMPARE(blocks.rowCount(), 2);
        QCOMPARE(blocks.blocks()[1].kind, MessageBlock::Think);
        QVERIFY(!blocks.blocks()[1].closed);
    }

    void turnsCarryTheSystemPromptAndReasoning() {
        ChatModel chat;
        chat.appendUser(QStringLiteral("q"));
        chat.beginAnswer();
        chat.appendToAnswer(QStringLiteral("<think>r</think>a"));
        chat.finishAnswer({});
        const QList<ChatTurn> turns = chat.turns(QStringLiteral("be brief"));
        QCOMPARE(turns.size(), 3);
        QCOMPARE(turns[0].role, QStringLiteral("system"));
        QCOMPARE(turns[2].content, QStringLiteral("a"));
        QCOMPARE(turns[2].thinking, QStringLiteral("r"));
    }
};

QTEST_GUILESS_MAIN(TestChatModel)
#include "test_chat_model.moc"
