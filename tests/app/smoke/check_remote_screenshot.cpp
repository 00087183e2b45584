// Checks a `peng --server URL --prompt TEXT --screenshot SHOT.png` run against what the
// server itself reports: it asks the server the same question (greedy, not streamed,
// with return_routed_experts), decodes the routed experts here, and requires the
// brain's cells in the picture (found with SHOT.json) to be lit exactly at those
// (layer, expert) pairs and idle everywhere else; the answer shown equals the
// server's; the "remote: HOST" label is shown; the routed positions were counted.
//
//   check_remote_screenshot SHOT.png URL PROMPT MAX_TOKENS KEY     exit 0 = pass, 1 = fail
#include <QColor>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPainter>
#include <QSet>
#include <QTimer>
#include <QUrl>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

[[noreturn]] void fail(const QString& why) {
    std::fprintf(stderr, "check_remote_screenshot: FAIL: %s\n", qPrintable(why));
    std::exit(1);
}

bool near(QRgb a, QRgb b, int tolerance) {
    return std::abs(qRed(a) - qRed(b)) <= tolerance && std::abs(qGreen(a) - qGreen(b)) <= tolerance &&
           std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

QJsonObject fetch(QNetworkAccessManager& network, const QUrl& url, const QString& key, const QByteArray& post_body = {}) {
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* reply = post_body.isEmpty() ? network.get(request) : network.post(request, post_body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
    if (!reply->isFinished() || reply->error() != QNetworkReply::NoError)
        fail(QStringLiteral("%1: %2").arg(url.toString(), reply->errorString()));
    const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
    delete reply;
    return o;
}

}  // namespace

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    if (argc != 6) fail(QStringLiteral("usage: check_remote_screenshot SHOT.png URL PROMPT MAX_TOKENS KEY"));
    const QString key = QString::fromLocal8Bit(argv[5]);
    const QString shot = QString::fromLocal8Bit(argv[1]), base = QString::fromLocal8Bit(argv[2]);
    const QString prompt = QString::fromLocal8Bit(argv[3]);
    const int max_tokens = QByteArray(argv[4]).toInt();

    const QImage image(shot);
    if (image.isNull()) fail(shot + QStringLiteral(": not a picture"));
    const QFileInfo info(shot);
    QFile json(info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral(".json"));
    if (!json.open(QIODevice::ReadOnly)) fail(json.fileName() + QStringLiteral(": missing"));
    const QJsonObject report = QJsonDocument::fromJson(json.readAll()).object();

    // What the server reports, asked here.
    QNetworkAccessManager network;
    const QJsonObject model = fetch(network, QUrl(base + QStringLiteral("/models")), key)["data"].toArray().at(0).toObject();
    const int layers = model["num_hidden_layers"].toInt(), moe_layers = model["moe_layers"].toInt();
    const int experts = model["routed_experts"].toInt(), top_k = model["experts_per_token"].toInt();
    if (moe_layers <= 0 || top_k <= 0 || layers < moe_layers) fail(QStringLiteral("the server's model has no shape"));
    const QJsonObject body{{"messages", QJsonArray{QJsonObject{{"role", "user"}, {"content", prompt}}}},
                           {"max_tokens", max_tokens},
                           {"temperature", 0},
                           {"return_routed_experts", true},
                           {"chat_template_kwargs", QJsonObject{{"enable_thinking", true}}}};   // as the window asks
    const QJsonObject answer =
        fetch(network, QUrl(base + QStringLiteral("/chat/completions")), key, QJsonDocument(body).toJson());
    const QString content = answer["choices"][0]["message"]["content"].toString();
    const QByteArray raw = QByteArray::fromBase64(answer["sglext"]["routed_experts"].toString().toLatin1());
    if (raw.isEmpty()) fail(QStringLiteral("the server reported no routed experts"));
    // MiMo-V2's layout: the dense layers come first.
    QSet<QPair<int, int>> reported;
    for (qsizetype i = 0; i < raw.size() / 4; ++i) {
        qint32 id;
        std::memcpy(&id, raw.constData() + 4 * i, 4);
        const int moe_layer = int((i / top_k) % moe_layers);
        if (id >= 0) reported.insert({layers - moe_layers + moe_layer, id});
    }

    // The answer and the label.
    if (report["answer"].toString() != content)
        fail(QStringLiteral("the window's answer \"%1\" is not the server's \"%2\"").arg(report["answer"].toString(), content));
    if (!content.isEmpty() && !report["chatText"].toString().contains(content.trimmed().left(40)))
        fail(QStringLiteral("the answer is not shown in the chat"));
    const QString host = QUrl(base).host() + QLatin1Char(':') + QString::number(QUrl(base).port());
    if (report["remoteLabel"].toString() != QStringLiteral("remote: ") + host)
        fail(QStringLiteral("the remote label shows \"%1\", not remote: %2").arg(report["remoteLabel"].toString(), host));
    const int positions = int(raw.size() / 4 / (moe_layers * top_k));
    if (report["routedTokens"].toInt() != positions)
        fail(QStringLiteral("routedTokens %1, the server reported %2 positions").arg(report["routedTokens"].toInt()).arg(positions));

    // The brain: lit exactly where the server routed.
    if (report["layers"].toInt() != layers || report["experts"].toInt() != experts)
        fail(QStringLiteral("the grid is %1 x %2, the model %3 x %4")
                 .arg(report["layers"].toInt()).arg(report["experts"].toInt()).arg(layers).arg(experts));
    const QJsonObject r = report["brain"].toObject();
    const QRectF rect(r["x"].toDouble(), r["y"].toDouble(), r["width"].toDouble(), r["height"].toDouble());
    if (rect.isEmpty()) fail(QStringLiteral("the brain is not in the picture"));
    const QRgb idle = QColor(report["idleColor"].toString()).rgb();
    // "" when every MoE cell is lit exactly where the server routed, else the first difference.
    int lit = 0, idle_cells = 0;
    auto compare = [&](const QImage& picture) -> QString {
        lit = idle_cells = 0;
        for (int l = layers - moe_layers; l < layers; ++l)
            for (int e = 0; e < experts; ++e) {
                const QRgb p = picture.pixel(int(rect.x() + (e + 0.5) * rect.width() / experts),
                                             int(rect.y() + (l + 0.5) * rect.height() / layers));
                const bool shown_lit = !near(p, idle, 6);
                if (shown_lit != reported.contains({l, e}))
                    return QStringLiteral("layer %1 expert %2 is %3 (%4) but the server %5 it")
                        .arg(l).arg(e).arg(shown_lit ? "lit" : "idle", QColor(p).name(),
                                           reported.contains({l, e}) ? "routed" : "never routed");
                shown_lit ? ++lit : ++idle_cells;
            }
        return {};
    };
    // The check must be able to fail: a picture whose brain is all idle does not pass.
    QImage blank = image.convertToFormat(QImage::Format_RGB32);
    QPainter(&blank).fillRect(rect, QColor(idle));
    if (compare(blank).isEmpty()) fail(QStringLiteral("the brain check passes on a blanked brain"));
    if (const QString why = compare(image); !why.isEmpty()) fail(why);
    std::printf("check_remote_screenshot: ok: %d lit and %d idle cells as the server routed, answer \"%s\", %s\n", lit,
                idle_cells, qPrintable(content.left(60)), qPrintable(report["remoteLabel"].toString()));
    return 0;
}
