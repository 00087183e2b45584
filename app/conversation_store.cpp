#include "conversation_store.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QUrl>
#include <QUuid>

#include "api/files.h"
#include "app_folders.h"
#include "conversation_import.h"
#include "conversation_markdown.h"
#include "log_categories.h"

namespace {
QPointer<ConversationStore> g_instance;
}

ConversationStore* ConversationStore::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new ConversationStore(QString(), nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void ConversationStore::setInstance(ConversationStore* store) { g_instance = store; }

ConversationStore::ConversationStore(const QString& folder, QObject* parent)
    : QAbstractListModel(parent),
      folder_(folder.isEmpty()
                  ? AppFolders::data() + QStringLiteral("/conversations")
                  : folder),
      lock_(folder_ + QStringLiteral("/.peng-conversations.lock")) {
    QDir().mkpath(folder_);
    read_only_reason_ = lock_folder();
    reload();
}

QString ConversationStore::lock_folder() {
    // Never stale by age: a window may stay open for days. A holder that died
    // (its process is gone) leaves a stale lock, which tryLock() takes over.
    lock_.setStaleLockTime(0);
    if (lock_.tryLock(0)) return {};
    qint64 pid = 0;
    QString host, app;
    if (lock_.error() == QLockFile::LockFailedError && lock_.getLockInfo(&pid, &host, &app))
        return tr("Another Peng window (process %1) has the conversations in %2 open, so this window only reads "
                  "them: nothing changed here is saved. Close the other window and reopen Peng to save here.")
            .arg(pid)
            .arg(folder_);
    return tr("The conversations in %1 cannot be locked for this window (%2), so it only reads them: nothing "
              "changed here is saved.")
        .arg(folder_,
             lock_.error() == QLockFile::PermissionError ? tr("no permission to write there") : tr("an unknown error"));
}

QString ConversationStore::path_of(const QString& id) const {
    // Only a valid id makes a path, which is then one file name inside the folder.
    return ConversationFile::is_valid_id(id) ? folder_ + QLatin1Char('/') + id + QStringLiteral(".json") : QString();
}

QString ConversationStore::no_such_conversation(const QString& id) const {
    return tr("There is no conversation \"%1\" in %2.").arg(id.simplified().left(80), folder_);
}

int ConversationStore::row_of(const QString& id) const {
    for (int i = 0; i < entries_.size(); ++i)
        if (entries_[i].id == id) return i;
    return -1;
}

void ConversationStore::add_problem(const QString& text) {
    qCWarning(lcApp, "%s", qPrintable(text));  // the log keeps it after the note is dismissed
    problems_.append(text);
    emit problemsChanged();
}

void ConversationStore::set_save_problem(const QString& text) {
    // One line for the latest failed save, gone once a save succeeds.
    if (text == save_problem_) return;
    if (!save_problem_.isEmpty()) problems_.removeOne(save_problem_);
    save_problem_ = text;
    if (!text.isEmpty()) problems_.append(text);
    emit problemsChanged();
}

void ConversationStore::dismissProblems() {
    problems_.clear();
    save_problem_.clear();
    emit problemsChanged();
}

void ConversationStore::set_aside(const QString& path, const QString& why) {
    if (readOnly()) return add_problem(tr("%1. It was left in place: this window only reads this folder.").arg(why));
    // Keep the bytes: the user (or a later version) may recover them.
    QString aside = path + QStringLiteral(".damaged");
    for (int n = 2; QFile::exists(aside); ++n) aside = path + QStringLiteral(".damaged-%1").arg(n);
    if (QFile::rename(path, aside))
        add_problem(tr("%1. The file was kept as %2; nothing was deleted.").arg(why, aside));
    else
        add_problem(tr("%1. It could not be moved aside and was left in place.").arg(why));
}

void ConversationStore::reload() {
    beginResetModel();
    entries_.clear();
    untouchable_.clear();
    const QStringList files = QDir(folder_).entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString& name : files) {
        const QString path = folder_ + QLatin1Char('/') + name;
        const ConversationFile::ReadResult r = ConversationFile::read(path);
        if (r.ok) {
            entries_.append({r.conversation.id, r.conversation.title, r.conversation.updated,
                             int(r.conversation.messages.size())});
        } else if (r.newer) {
            untouchable_.append(QFileInfo(name).completeBaseName());
            add_problem(tr("%1. It is left untouched.").arg(r.error));
        } else {
            set_aside(path, r.error);
        }
    }
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.updated > b.updated; });
    endResetModel();
    if (!entries_.isEmpty()) select(entries_.first().id);
    else newConversation();
}

int ConversationStore::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(entries_.size()); }

QVariant ConversationStore::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= entries_.size()) return {};
    const Entry& e = entries_[index.row()];
    switch (role) {
    case IdRole: return e.id;
    case TitleRole: return e.title.isEmpty() ? tr("New conversation") : e.title;
    case UpdatedRole: return e.updated;
    case CountRole: return e.count;
    }
    return {};
}

QHash<int, QByteArray> ConversationStore::roleNames() const {
    return {{IdRole, "conversationId"}, {TitleRole, "title"}, {UpdatedRole, "updated"}, {CountRole, "messageCount"}};
}

void ConversationStore::newConversation() {
    if (!current_.id.isEmpty() && messages_.rowCount() == 0 && row_of(current_.id) < 0) return;  // already a blank one
    current_ = Conversation{};
    current_.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    current_.created = current_.updated = QDateTime::currentDateTimeUtc();
    messages_.setMessages({});
    emit currentChanged();
}

void ConversationStore::select(const QString& id) {
    if (id == current_.id) return;
    if (row_of(id) < 0) return add_problem(no_such_conversation(id));
    const ConversationFile::ReadResult r = ConversationFile::read(path_of(id));
    if (!r.ok) {
        add_problem(r.error);
        return;
    }
    current_ = r.conversation;
    messages_.setMessages(current_.messages);
    emit currentChanged();
}

void ConversationStore::upsert_entry(const Conversation& c) {
    const Entry e{c.id, c.title, c.updated, int(c.messages.size())};
    const int row = row_of(c.id);
    if (row == 0) {
        entries_[0] = e;
        emit dataChanged(index(0), index(0));
        return;
    }
    if (row > 0) {
        beginRemoveRows({}, row, row);
        entries_.removeAt(row);
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);  // the latest change goes to the top
    entries_.prepend(e);
    endInsertRows();
}

bool ConversationStore::saveCurrent() {
    if (current_.id.isEmpty() || untouchable_.contains(current_.id) || readOnly()) return false;
    current_.messages = messages_.messages();
    if (current_.messages.isEmpty() && row_of(current_.id) < 0) return true;  // nothing worth a file yet
    if (current_.title.isEmpty()) {
        current_.title = ConversationFile::title_from(current_.messages);
        emit currentChanged();
    }
    const QDateTime last_saved = current_.updated;
    current_.updated = QDateTime::currentDateTimeUtc();
    const QString error = ConversationFile::write(path_of(current_.id), current_);
    if (!error.isEmpty()) {
        current_.updated = last_saved;
        set_save_problem(tr("This conversation could not be saved: %1. Its last saved version is kept; the messages "
                            "shown stay open here and are saved with the next change once saving works again.")
                             .arg(error));
        return false;
    }
    set_save_problem({});
    upsert_entry(current_);
    return true;
}

void ConversationStore::setSystemPrompt(const QString& text) {
    if (text == current_.system_prompt) return;
    current_.system_prompt = text;
    emit currentChanged();
    if (row_of(current_.id) >= 0) saveCurrent();
}

void ConversationStore::setThinking(bool on) {
    if (on == current_.thinking) return;
    current_.thinking = on;
    emit currentChanged();
    if (row_of(current_.id) >= 0) saveCurrent();
}

void ConversationStore::rename(const QString& id, const QString& title) {
    const QString t = title.simplified();
    if (t.isEmpty() || readOnly()) return;
    if (id == current_.id) {
        current_.title = t;
        emit currentChanged();
        saveCurrent();
        return;
    }
    if (row_of(id) < 0) return add_problem(no_such_conversation(id));
    ConversationFile::ReadResult r = ConversationFile::read(path_of(id));
    if (!r.ok) {
        add_problem(r.error);
        return;
    }
    r.conversation.title = t;
    const QString error = ConversationFile::write(path_of(id), r.conversation);
    if (!error.isEmpty()) return add_problem(error);
    const int row = row_of(id);
    if (row >= 0) {
        entries_[row].title = t;
        emit dataChanged(index(row), index(row));
    }
}

void ConversationStore::remove(const QString& id) {
    if (readOnly()) return;  // the window that holds the folder owns its files
    // Only a listed conversation's own file goes: the one reload() read as <id>.json.
    const int row = row_of(id);
    if (row < 0 && id != current_.id) return;
    if (row >= 0) {
        beginRemoveRows({}, row, row);
        entries_.removeAt(row);
        endRemoveRows();
        QFile::remove(path_of(id));
    }
    emit removed(id);
    if (id == current_.id) {
        current_.id.clear();
        if (!entries_.isEmpty()) select(entries_.first().id);
        else newConversation();
    }
}

Conversation ConversationStore::open_conversation() const {
    Conversation c = current_;
    c.messages = messages_.messages();
    return c;
}

QString ConversationStore::exportConversation(const QString& id, const QUrl& target, const QString& format) {
    Conversation c;
    if (id == current_.id) {
        c = open_conversation();
    } else if (row_of(id) < 0) {
        return no_such_conversation(id);
    } else {
        const ConversationFile::ReadResult r = ConversationFile::read(path_of(id));
        if (!r.ok) return r.error;
        c = r.conversation;
    }
    const bool markdown = format == QLatin1String("markdown");
    if (!markdown && format != QLatin1String("json"))
        return tr("Unknown export format \"%1\": use markdown or json.").arg(format);
    const QString path = target.isLocalFile() ? target.toLocalFile() : target.toString();
    if (path.isEmpty()) return tr("No file was chosen to export to.");
    QString error;
    if (markdown) {
        try {
            const QByteArray bytes = ConversationMarkdown::render(c).toUtf8();
            peng::save_file(path.toStdString(), std::string(bytes.constData(), size_t(bytes.size())));
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
    } else {
        // The conversation file's own writer: an export is a file as the folder holds them.
        error = ConversationFile::write(path, c);
    }
    return error.isEmpty() ? QString() : tr("The conversation could not be exported: %1").arg(error);
}

QVariantMap ConversationStore::importConversation(const QUrl& source) {
    const auto failed = [](const QString& error) {
        return QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("error"), error}};
    };
    if (readOnly()) return failed(read_only_reason_);
    const QString path = source.isLocalFile() ? source.toLocalFile() : source.toString();
    // A regular file of at most the size a conversation file can have: a FIFO or
    // a device (/dev/zero) is refused without waiting or reading, whatever its size says.
    std::string bytes;
    try {
        bytes = peng::read_small_file(path.toStdString(), ConversationFile::kMaxBytes);
    } catch (const std::exception& e) {
        return failed(tr("Not imported: %1 (a conversation file is a regular file of at most %2 MiB)")
                          .arg(QString::fromStdString(e.what()))
                          .arg(ConversationFile::kMaxBytes >> 20));
    }
    ImportResult imported = ConversationImport::read(QByteArray::fromStdString(bytes), path);
    if (!imported.ok) return failed(imported.error);
    Conversation& c = imported.conversation;
    // Always a new conversation: importing never overwrites one that is here.
    c.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!c.created.isValid()) c.created = now;
    c.updated = now;
    for (ChatMessage& m : c.messages)
        if (!m.created.isValid()) m.created = now;
    const QString error = ConversationFile::write(path_of(c.id), c);
    if (!error.isEmpty()) return failed(tr("The imported conversation could not be saved: %1").arg(error));
    upsert_entry(c);
    select(c.id);
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("notes"), imported.notes},
            {QStringLiteral("conversationId"), c.id}};
}

QVariantList ConversationStore::search(const QString& text) {
    QList<ConversationSearch::Candidate> candidates;
    for (const Entry& e : entries_) candidates.append({e.id, path_of(e.id)});
    const Conversation open = open_conversation();
    QVariantList hits;
    for (const SearchHit& hit : search_.find(text, candidates, &open))
        hits.append(QVariantMap{{QStringLiteral("conversationId"), hit.id},
                                {QStringLiteral("title"), hit.title.isEmpty() ? tr("New conversation") : hit.title},
                                {QStringLiteral("snippet"), hit.snippet}});
    return hits;
}
