#pragma once
// The conversations in the app data folder: a list model for the sidebar, the
// open conversation's messages, and saving. Every change that matters is saved
// at once with an atomic replace; a damaged file is set aside under a new name
// and reported, never deleted or overwritten. A file is named <its id>.json: one
// whose id is another name or not an id is set aside too, so no id read from a
// file steers a save or a delete. One store writes a folder at a time:
// it holds a lock file there, and a second store on the same folder (another
// window) only reads it, saying why.
#include <QAbstractListModel>
#include <QLockFile>
#include <QQmlEngine>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include "chat_model.h"
#include "conversation_file.h"
#include "conversation_search.h"

class ConversationStore : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(ChatModel* messages READ messages CONSTANT)
    Q_PROPERTY(QString currentId READ currentId NOTIFY currentChanged)
    Q_PROPERTY(QString currentTitle READ currentTitle NOTIFY currentChanged)
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY currentChanged)
    Q_PROPERTY(bool thinking READ thinking WRITE setThinking NOTIFY currentChanged)
    Q_PROPERTY(QStringList problems READ problems NOTIFY problemsChanged)
    Q_PROPERTY(QString folder READ folder CONSTANT)
    Q_PROPERTY(bool readOnly READ readOnly CONSTANT)
    Q_PROPERTY(QString readOnlyReason READ readOnlyReason CONSTANT)
public:
    enum Role { IdRole = Qt::UserRole + 1, TitleRole, UpdatedRole, CountRole };

    // `folder` empty = <AppDataLocation>/conversations. No default arguments: Qt 6.4
    // would then construct a second instance for QML instead of calling create().
    ConversationStore(const QString& folder, QObject* parent);
    static ConversationStore* create(QQmlEngine*, QJSEngine*);
    static void setInstance(ConversationStore* store);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    ChatModel* messages() { return &messages_; }
    QString currentId() const { return current_.id; }
    QString currentTitle() const { return current_.title; }
    QString systemPrompt() const { return current_.system_prompt; }
    void setSystemPrompt(const QString& text);
    bool thinking() const { return current_.thinking; }
    void setThinking(bool on);
    QStringList problems() const { return problems_; }
    QString folder() const { return folder_; }
    // True when another store (window, process) holds the folder: nothing is written then.
    bool readOnly() const { return !read_only_reason_.isEmpty(); }
    QString readOnlyReason() const { return read_only_reason_; }

    Q_INVOKABLE void newConversation();
    Q_INVOKABLE void select(const QString& id);
    Q_INVOKABLE void rename(const QString& id, const QString& title);
    Q_INVOKABLE void remove(const QString& id);
    Q_INVOKABLE void dismissProblems();
    // Writes the open conversation (its messages as the chat model holds them now).
    // On failure the file keeps its last saved version, the messages stay open here
    // and a problem says what happened; false then, and in a read-only store.
    Q_INVOKABLE bool saveCurrent();
    // Writes conversation `id` to `target` as "markdown" or "json" (a Peng conversation
    // file, which imports back whole). "" when written, else the error in words.
    Q_INVOKABLE QString exportConversation(const QString& id, const QUrl& target, const QString& format);
    // Reads a Peng export or OpenAI-style chat messages into a new conversation, saves
    // it and opens it. {ok, error, notes, conversationId}.
    Q_INVOKABLE QVariantMap importConversation(const QUrl& source);
    // The conversations holding every word of `text`, newest first:
    // [{conversationId, title, snippet}].
    Q_INVOKABLE QVariantList search(const QString& text);
    // Reads every file in the folder again (used at start-up and by tests).
    void reload();

signals:
    void currentChanged();
    // A conversation was deleted: whatever else is kept of it (its KV cache) goes too.
    void removed(const QString& id);
    void problemsChanged();

private:
    struct Entry {
        QString id, title;
        QDateTime updated;
        int count = 0;
    };
    QString path_of(const QString& id) const;   // "" for what is not a valid id
    int row_of(const QString& id) const;
    QString no_such_conversation(const QString& id) const;
    void set_aside(const QString& path, const QString& why);
    void add_problem(const QString& text);
    void set_save_problem(const QString& text);
    QString lock_folder();
    void upsert_entry(const Conversation& c);
    Conversation open_conversation() const;   // the open one, with the messages as shown

    QString folder_;
    QLockFile lock_;             // held for the store's lifetime
    QString read_only_reason_;   // empty while this store holds the lock
    QList<Entry> entries_;       // newest first
    QStringList untouchable_;    // ids of files from a newer version
    Conversation current_;
    ChatModel messages_;
    QStringList problems_;
    QString save_problem_;       // the latest failed save's entry in problems_
    ConversationSearch search_;
};
