#include "chat_model.h"

ChatModel::ChatModel(QObject* parent) : QAbstractListModel(parent) {}
ChatModel::~ChatModel() = default;

int ChatModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

QVariant ChatModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(rows_.size())) return {};
    const Row& r = rows_[index.row()];
    const bool last = index.row() == int(rows_.size()) - 1;
    switch (role) {
    case RoleRole: return r.message.role;
    case ContentRole: return r.message.content;
    case BlocksRole: return QVariant::fromValue<QObject*>(r.blocks.get());
    case ThinkingSecondsRole: return r.message.thinking_seconds;
    case ThinkingActiveRole: {
        if (!(last && streaming_) || !r.blocks || r.blocks->blocks().isEmpty()) return false;
        const MessageBlock& b = r.blocks->blocks().last();
        return b.kind == MessageBlock::Think && !b.closed;
    }
    case StreamingRole: return last && streaming_;
    case StatsRole: return r.message.stats;
    case ErrorRole: return r.message.error;
    case InterruptedRole: return r.message.interrupted;
    case BackendRole: return r.message.backend;
    }
    return {};
}

QHash<int, QByteArray> ChatModel::roleNames() const {
    return {{RoleRole, "role"},
            {ContentRole, "content"},
            {BlocksRole, "blocks"},
            {ThinkingSecondsRole, "thinkingSeconds"},
            {ThinkingActiveRole, "thinkingActive"},
            {StreamingRole, "streaming"},
            {StatsRole, "stats"},
            {ErrorRole, "error"},
            {InterruptedRole, "interrupted"},
            {BackendRole, "backend"}};
}

ChatModel::Row ChatModel::make_row(const ChatMessage& m) {
    Row r{m, nullptr};
    if (m.role == QLatin1String("assistant")) {
        r.blocks = std::make_unique<MessageBlocks>();
        r.blocks->setRaw(MessageBlocks::compose(m.thinking, m.content));
    }
    return r;
}

void ChatModel::setMessages(const QList<ChatMessage>& messages) {
    beginResetModel();
    rows_.clear();
    for (const auto& m : messages) rows_.push_back(make_row(m));
    setStreaming(false);
    endResetModel();
    emit countChanged();
}

QList<ChatMessage> ChatModel::messages() const {
    QList<ChatMessage> out;
    for (const auto& r : rows_) out.append(r.message);
    return out;
}

ChatMessage ChatModel::message(int row) const { return row >= 0 && row < int(rows_.size()) ? rows_[row].message : ChatMessage{}; }

void ChatModel::appendUser(const QString& text) {
    const int row = int(rows_.size());
    beginInsertRows({}, row, row);
    rows_.push_back(make_row({QStringLiteral("user"), text, {}, 0, {}, {}, QDateTime::currentDateTimeUtc()}));
    endInsertRows();
    emit countChanged();
}

void ChatModel::beginAnswer(const QString& backend) {
    const int row = int(rows_.size());
    beginInsertRows({}, row, row);
    rows_.push_back(make_row({QStringLiteral("assistant"), {}, {}, 0, {}, {}, QDateTime::currentDateTimeUtc(), {}, backend}));
    endInsertRows();
    stream_clock_.start();
    setStreaming(true);
    emit countChanged();
}

void ChatModel::sync_answer(Row& row) {
    row.message.content = row.blocks->answer();
    row.message.thinking = row.blocks->thinking();
}

void ChatModel::appendToAnswer(const QString& delta) {
    if (!streaming_ || rows_.empty() || !rows_.back().blocks) return;
    Row& r = rows_.back();
    const bool was_thinking = data(index(int(rows_.size()) - 1), ThinkingActiveRole).toBool();
    r.blocks->append(delta);
    QList<int> roles{ContentRole};
    const bool thinking = data(index(int(rows_.size()) - 1), ThinkingActiveRole).toBool();
    if (was_thinking && !thinking) {
        r.message.thinking_seconds = stream_clock_.elapsed() / 1000.0;
        roles << ThinkingSecondsRole;
    }
    if (was_thinking != thinking) roles << ThinkingActiveRole;
    // The answer text is derived lazily at the end; here only the last row is announced.
    const QModelIndex last = index(int(rows_.size()) - 1);
    emit dataChanged(last, last, roles);
}

void ChatModel::finishAnswer(const GenerationStats& stats) { finishAnswerWith(statsMap(stats)); }

void ChatModel::finishAnswerWith(const QVariantMap& stats, const QString& interrupted) {
    if (rows_.empty() || !rows_.back().blocks) return;
    Row& r = rows_.back();
    if (data(index(int(rows_.size()) - 1), ThinkingActiveRole).toBool())
        r.message.thinking_seconds = stream_clock_.elapsed() / 1000.0;  // stopped while still thinking
    sync_answer(r);
    r.message.stats = stats;
    r.message.interrupted = interrupted;
    setStreaming(false);
    const QModelIndex last = index(int(rows_.size()) - 1);
    emit dataChanged(last, last);
}

void ChatModel::failAnswer(const QString& error) {
    if (rows_.empty() || !rows_.back().blocks) return;
    Row& r = rows_.back();
    sync_answer(r);
    r.message.error = error;
    setStreaming(false);
    const QModelIndex last = index(int(rows_.size()) - 1);
    emit dataChanged(last, last);
}

void ChatModel::truncate(int row) {
    row = std::max(0, row);
    if (row >= int(rows_.size())) return;
    beginRemoveRows({}, row, int(rows_.size()) - 1);
    rows_.erase(rows_.begin() + row, rows_.end());
    endRemoveRows();
    setStreaming(false);
    emit countChanged();
}

void ChatModel::setUserText(int row, const QString& text) {
    if (row < 0 || row >= int(rows_.size())) return;
    rows_[row].message.content = text;
    emit dataChanged(index(row), index(row), {ContentRole});
}

QList<ChatTurn> ChatModel::turns(const QString& system_prompt) const {
    QList<ChatTurn> out;
    if (!system_prompt.trimmed().isEmpty()) out.append({QStringLiteral("system"), system_prompt, {}});
    for (const auto& r : rows_) {
        if (r.message.role == QLatin1String("assistant") && (r.message.content.isEmpty() && r.message.thinking.isEmpty()))
            continue;  // an empty or failed answer teaches the model nothing
        out.append({r.message.role, r.message.content, r.message.thinking});
    }
    return out;
}

QVariantMap ChatModel::statsMap(const GenerationStats& s) {
    return {{QStringLiteral("tokensPerSecond"), s.tokens_per_s},
            {QStringLiteral("ttft"), s.ttft_s},
            {QStringLiteral("promptTokens"), s.prompt_tokens},
            {QStringLiteral("reusedTokens"), s.reused_tokens},
            {QStringLiteral("reusedFrom"), s.reused_from},
            {QStringLiteral("completionTokens"), s.completion_tokens},
            {QStringLiteral("hitRate"), s.hit_rate},
            {QStringLiteral("diskBytes"), double(s.disk_bytes)},
            {QStringLiteral("stopReason"), s.stop_reason}};
}

void ChatModel::setStreaming(bool on) {
    if (streaming_ == on) return;
    streaming_ = on;
    emit streamingChanged();
}
