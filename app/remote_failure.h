#pragma once
// What went wrong talking to a server, in words a user can act on: unreachable,
// timed out, TLS, a refused key, a refusal with the server's own message.
#include <QByteArray>
#include <QString>

class QNetworkReply;

enum class RemoteOutcome { Ok, BadUrl, Unreachable, Timeout, Tls, Unauthorized, NoSuchModel, NotOpenAi, HttpError };

struct RemoteFailure {
    RemoteOutcome outcome = RemoteOutcome::Ok;
    QString message;
};

// For a finished reply: a transport failure, or an HTTP status outside 2xx (`body` is
// what the server sent, for its error message). Ok when neither. `timeout_ms` names
// the bound a cancelled reply ran into (this code never cancels one itself without
// first disconnecting from it).
RemoteFailure describe_failure(QNetworkReply* reply, const QString& tls_errors, int timeout_ms, bool key_set,
                               const QByteArray& body);

// The "message" of an OpenAI error body ({"error": {"message": ...}}), else the body's start.
QString server_message(const QByteArray& body);
