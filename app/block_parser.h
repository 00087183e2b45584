#pragma once
// Splits an assistant's raw output into display blocks: thinking (<think>...</think>),
// fenced code (```lang ... ```) and the Markdown text between them. Parsing can
// start at any block's raw start, which is how streaming re-parses only the tail.
#include <QList>
#include <QString>
#include <QStringView>

struct MessageBlock {
    enum Kind { Text, Code, Think };
    Kind kind = Text;
    QString text;
    QString language;   // code blocks: the fence's info string
    bool closed = false;
    int raw_start = 0;  // where the block (including its opening marker) starts in the raw text

    bool operator==(const MessageBlock&) const = default;
};

// Parses raw[from..] assuming `from` is at a block boundary.
QList<MessageBlock> parse_blocks(QStringView raw, int from = 0);
