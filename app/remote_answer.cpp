#include "remote_answer.h"

namespace {
QString stop_reason(const QString& finish_reason) {
    if (finish_reason == QLatin1String("stop")) return QStringLiteral("stop_token");
    return finish_reason;   // "length" and "cancelled" are the engine's words too
}
}  // namespace

QVariantMap remote_stats(const RemoteFinish& finish, const QString& host) {
    QVariantMap m{{QStringLiteral("tokensPerSecond"), finish.timings.tokens_per_s},
                  {QStringLiteral("ttft"), std::max(0.0, finish.timings.ttft_s)},
                  {QStringLiteral("stopReason"), stop_reason(finish.finish_reason)},
                  {QStringLiteral("remoteHost"), host},
                  {QStringLiteral("measuredAtClient"), true}};
    // Without usage (a server that does not send it, a cut stream) the counts are unknown.
    if (finish.usage) {
        m.insert(QStringLiteral("promptTokens"), finish.usage->prompt_tokens);
        m.insert(QStringLiteral("completionTokens"), finish.usage->completion_tokens);
        m.insert(QStringLiteral("reusedTokens"), finish.usage->cached_tokens);
    }
    return m;
}

QString remote_backend_label(const QString& host, const QString& model) {
    return model.isEmpty() ? QStringLiteral("server %1").arg(host) : QStringLiteral("server %1 (%2)").arg(host, model);
}
