#pragma once
// Servers for the remote tests: a real `peng-cli serve` on the tiny fixture (started
// and killed by the test on a free loopback port) and a fake one (a QTcpServer
// writing one canned HTTP answer) for what a real server does not do.
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>
#include <memory>

#include "peng_serve_process.h"

namespace {

constexpr int kWaitMs = 60000;

// One canned HTTP answer to every request (none when `response` is empty: silence).
class FakeServer : public QObject {
public:
    // The answer for each request, by what was asked (its method and path, say); empty = silence.
    using Answer = std::function<QByteArray(const QByteArray& request)>;
    explicit FakeServer(QByteArray response) : FakeServer(Answer([response](const QByteArray&) { return response; })) {}
    explicit FakeServer(Answer answer) : answer_(std::move(answer)) {
        server_.listen(QHostAddress::LocalHost, 0);
        connect(&server_, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = server_.nextPendingConnection()) {
                auto received = std::make_shared<QByteArray>();
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket, received] {
                    received->append(socket->readAll());
                    if (!complete(*received)) return;
                    requests.append(*received);
                    const QByteArray response = answer_(*received);
                    received->clear();
                    if (response.isEmpty()) return;
                    socket->write(response);
                    socket->disconnectFromHost();
                });
            }
        });
    }
    QString url(const char* scheme = "http") const {
        return QStringLiteral("%1://127.0.0.1:%2/v1").arg(QLatin1String(scheme)).arg(server_.serverPort());
    }
    QList<QByteArray> requests;

private:
    // Headers and Content-Length bytes of body; a TLS hello (0x16) counts as soon as it comes.
    static bool complete(const QByteArray& r) {
        if (r.startsWith('\x16')) return true;
        const qsizetype end = r.indexOf("\r\n\r\n");
        if (end < 0) return false;
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("content-length: *(\\d+)"), QRegularExpression::CaseInsensitiveOption)
                .match(QString::fromLatin1(r.left(end)));
        return r.size() >= end + 4 + (m.hasMatch() ? m.captured(1).toLongLong() : 0);
    }
    QTcpServer server_;
    Answer answer_;
};

inline QByteArray http_response(const QByteArray& status, const QByteArray& type, const QByteArray& body) {
    return "HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\nConnection: close\r\n\r\n" + body;
}

// An event stream delimited by the connection's end, as a server may send it.
inline QByteArray event_stream(const QByteArray& events) {
    return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + events;
}

}  // namespace
