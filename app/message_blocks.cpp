#include "message_blocks.h"

MessageBlocks::MessageBlocks(QObject* parent) : QAbstractListModel(parent) {}

int MessageBlocks::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(blocks_.size()); }

QVariant MessageBlocks::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= blocks_.size()) return {};
    const MessageBlock& b = blocks_[index.row()];
    switch (role) {
    case KindRole: return int(b.kind);
    case TextRole: return b.text;
    case LanguageRole: return b.language;
    case ClosedRole: return b.closed;
    }
    return {};
}

QHash<int, QByteArray> MessageBlocks::roleNames() const {
    return {{KindRole, "kind"}, {TextRole, "text"}, {LanguageRole, "language"}, {ClosedRole, "closed"}};
}

void MessageBlocks::append(const QString& delta) {
    if (delta.isEmpty()) return;
    raw_ += delta;
    const int last = int(blocks_.size()) - 1;
    const QList<MessageBlock> tail = parse_blocks(raw_, last >= 0 ? blocks_[last].raw_start : 0);
    int row = last;
    for (int i = 0; i < tail.size(); ++i) {
        if (i == 0 && last >= 0) {
            if (!(blocks_[last] == tail[0])) {
                blocks_[last] = tail[0];
                emit dataChanged(index(last), index(last));
            }
            continue;
        }
        ++row;
        beginInsertRows({}, row, row);
        blocks_.insert(row, tail[i]);
        endInsertRows();
    }
}

void MessageBlocks::setRaw(const QString& raw) {
    beginResetModel();
    raw_ = raw;
    blocks_ = parse_blocks(raw_);
    endResetModel();
}

QString MessageBlocks::thinking() const {
    QStringList parts;
    for (const auto& b : blocks_)
        if (b.kind == MessageBlock::Think && !b.text.isEmpty()) parts << b.text;
    return parts.join(QStringLiteral("\n\n"));
}

QString MessageBlocks::answer() const {
    // The raw text minus the think sections keeps the answer's exact Markdown.
    QString out;
    for (int i = 0; i < blocks_.size(); ++i) {
        if (blocks_[i].kind == MessageBlock::Think) continue;
        const int start = blocks_[i].raw_start;
        const int end = i + 1 < blocks_.size() ? blocks_[i + 1].raw_start : int(raw_.size());
        out += raw_.mid(start, end - start);
    }
    out.remove(QStringLiteral("</think>"));
    return out.trimmed();
}

QString MessageBlocks::compose(const QString& thinking, const QString& answer) {
    if (thinking.isEmpty()) return answer;
    return QStringLiteral("<think>") + thinking + QStringLiteral("</think>") + answer;
}
