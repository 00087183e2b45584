#pragma once
// What the window keeps of a server's answer: the stats line's map (the keys of
// ChatModel::statsMap that a client can know, measured here) and the label a
// conversation stores to remember which backend answered.
#include <QString>
#include <QVariantMap>

#include "remote_client.h"

// tokensPerSecond, ttft, stopReason (in the local engine's words where one matches),
// remoteHost and measuredAtClient; promptTokens, reusedTokens and completionTokens
// when the server sent usage.
QVariantMap remote_stats(const RemoteFinish& finish, const QString& host);
// "server HOST (MODEL)".
QString remote_backend_label(const QString& host, const QString& model);
