#pragma once
// One message's display blocks as a list model. Streaming appends re-parse only
// from the last block's start: earlier blocks never change, so their delegates
// (and their Markdown layout) are left alone while the answer grows.
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "block_parser.h"

class MessageBlocks : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Blocks come from the chat model")
public:
    enum Role { KindRole = Qt::UserRole + 1, TextRole, LanguageRole, ClosedRole };
    enum Kind { Text = MessageBlock::Text, Code = MessageBlock::Code, Think = MessageBlock::Think };
    Q_ENUM(Kind)

    explicit MessageBlocks(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void append(const QString& delta);
    void setRaw(const QString& raw);
    const QString& raw() const { return raw_; }
    const QList<MessageBlock>& blocks() const { return blocks_; }

    // The reasoning (think blocks) and the answer (everything else) as plain text.
    QString thinking() const;
    QString answer() const;
    // The raw text an assistant turn is stored and re-rendered from.
    static QString compose(const QString& thinking, const QString& answer);

private:
    QString raw_;
    QList<MessageBlock> blocks_;
};
