#pragma once
// The open conversation's messages. While an answer streams, deltas go into the
// last row's MessageBlocks and dataChanged names that row only; nothing else
// in the list is touched.
#include <QAbstractListModel>
#include <QElapsedTimer>
#include <QList>
#include <QtQml/qqmlregistration.h>
#include <memory>

#include "chat_message.h"
#include "engine_types.h"
#include "message_blocks.h"

class ChatModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ChatModel belongs to the ConversationStore")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    Q_PROPERTY(bool streaming READ streaming NOTIFY streamingChanged)
public:
    enum Role {
        RoleRole = Qt::UserRole + 1,
        ContentRole,      // user text, or the assistant's answer without thinking
        BlocksRole,       // MessageBlocks*
        ThinkingSecondsRole,
        ThinkingActiveRole,
        StreamingRole,
        StatsRole,
        ErrorRole,
        InterruptedRole,  // why a server's answer ended early; the text stays
        BackendRole,      // who answered: "" = this computer
    };

    explicit ChatModel(QObject* parent = nullptr);
    ~ChatModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setMessages(const QList<ChatMessage>& messages);
    QList<ChatMessage> messages() const;
    ChatMessage message(int row) const;
    bool streaming() const { return streaming_; }

    void appendUser(const QString& text);
    // Adds an empty assistant row that the stream fills; `backend` names who answers ("" = this computer).
    void beginAnswer(const QString& backend = {});
    void appendToAnswer(const QString& delta);
    void finishAnswer(const GenerationStats& stats);
    // A server's answer: its stats map (statsMap's keys that apply), and `interrupted`
    // set when the connection ended mid-answer (the text is kept as it arrived).
    void finishAnswerWith(const QVariantMap& stats, const QString& interrupted = {});
    void failAnswer(const QString& error);
    // Removes rows [row, end).
    void truncate(int row);
    void setUserText(int row, const QString& text);

    // The conversation for the prompt, after an optional system prompt.
    QList<ChatTurn> turns(const QString& system_prompt) const;
    static QVariantMap statsMap(const GenerationStats& s);

signals:
    void countChanged();
    void streamingChanged();

private:
    struct Row {
        ChatMessage message;
        std::unique_ptr<MessageBlocks> blocks;  // assistant rows
    };
    Row make_row(const ChatMessage& m);
    void setStreaming(bool on);
    void sync_answer(Row& row);

    std::vector<Row> rows_;
    bool streaming_ = false;
    QElapsedTimer stream_clock_;
};
