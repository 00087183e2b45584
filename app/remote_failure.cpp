#include "remote_failure.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>

// Called as RemoteFailureText::tr(...) so lupdate files the strings under this context.
namespace RemoteFailureText {
QString tr(const char* text) { return QCoreApplication::translate("RemoteFailureText", text); }
}  // namespace RemoteFailureText

namespace {

QString host_of(QNetworkReply* reply) {
    const QUrl url = reply->url();
    return url.port() < 0 ? url.host() : QStringLiteral("%1:%2").arg(url.host()).arg(url.port());
}

RemoteFailure transport_failure(QNetworkReply* reply, const QString& tls_errors, int timeout_ms) {
    const QString host = host_of(reply);
    switch (reply->error()) {
        case QNetworkReply::ConnectionRefusedError:
            return {RemoteOutcome::Unreachable,
                    RemoteFailureText::tr("Nothing answers at %1 (connection refused). Is the server running, and is the port right?").arg(host)};
        case QNetworkReply::HostNotFoundError:
            return {RemoteOutcome::Unreachable, RemoteFailureText::tr("The host %1 was not found. Check the address.").arg(reply->url().host())};
        case QNetworkReply::TimeoutError:
        case QNetworkReply::OperationCanceledError:   // the transfer timeout cancels the reply
            return {RemoteOutcome::Timeout,
                    RemoteFailureText::tr("%1 did not answer within %2 s. Is the address right, and is the server up?").arg(host).arg(timeout_ms / 1000.0)};
        case QNetworkReply::SslHandshakeFailedError:
            return {RemoteOutcome::Tls,
                    RemoteFailureText::tr("The secure (TLS) connection to %1 failed: %2. Check the server's certificate, or use "
                       "http:// if the server does not use TLS.")
                        .arg(host, tls_errors.isEmpty() ? reply->errorString() : tls_errors)};
        case QNetworkReply::RemoteHostClosedError:
            return {RemoteOutcome::Unreachable,
                    RemoteFailureText::tr("%1 closed the connection without answering. Is it an HTTP server (https:// against a plain "
                       "http port, or the reverse)?")
                        .arg(host)};
        default:
            break;
    }
    if (!tls_errors.isEmpty())
        return {RemoteOutcome::Tls, RemoteFailureText::tr("The secure (TLS) connection to %1 failed: %2.").arg(host, tls_errors)};
    return {RemoteOutcome::Unreachable, RemoteFailureText::tr("Could not talk to %1: %2").arg(host, reply->errorString())};
}

}  // namespace

QString server_message(const QByteArray& body) {
    const QJsonValue error = QJsonDocument::fromJson(body).object().value(QLatin1String("error"));
    QString message = error.isObject() ? error.toObject().value(QLatin1String("message")).toString() : error.toString();
    if (message.isEmpty()) message = QString::fromUtf8(body.left(200)).simplified();
    return message;
}

RemoteFailure describe_failure(QNetworkReply* reply, const QString& tls_errors, int timeout_ms, bool key_set,
                               const QByteArray& body) {
    const QVariant status_attribute = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status_attribute.isValid()) {
        if (reply->error() == QNetworkReply::NoError) return {};
        return transport_failure(reply, tls_errors, timeout_ms);
    }
    const int status = status_attribute.toInt();
    if (status >= 200 && status < 300) return {};
    const QString said = server_message(body);
    const QString host = host_of(reply);
    if (status == 401)
        return {RemoteOutcome::Unauthorized,
                key_set ? RemoteFailureText::tr("%1 refused the API key (HTTP 401). Enter the key the server was started with.").arg(host)
                        : RemoteFailureText::tr("%1 needs an API key (HTTP 401). Enter the key the server was started with.").arg(host)};
    if (status == 403)
        return {RemoteOutcome::Unauthorized,
                RemoteFailureText::tr("%1 does not let this API key in (HTTP 403): %2").arg(host, said)};
    return {RemoteOutcome::HttpError, RemoteFailureText::tr("%1 answered HTTP %2: %3").arg(host).arg(status).arg(said)};
}
