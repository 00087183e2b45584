#include "screenshot_report.h"

#include <QJsonArray>
#include <QQuickItem>
#include <QQuickWindow>

#include "brain_model.h"
#include "chat_model.h"
#include "tier_palette.h"

namespace {

// Every visible Markdown block on screen, in item order, as the plain text it shows.
void collect_shown_text(QQuickItem* item, const QRectF& window_rect, QStringList& out) {
    if (!item->isVisible()) return;
    if (item->objectName() == QLatin1String("markdownText")) {
        const QRectF scene = item->mapRectToScene(item->boundingRect());
        const int length = item->property("length").toInt();
        QString shown;
        if (scene.intersects(window_rect) &&
            QMetaObject::invokeMethod(item, "getText", Q_RETURN_ARG(QString, shown), Q_ARG(int, 0), Q_ARG(int, length)))
            out.append(shown);
    }
    for (QQuickItem* child : item->childItems()) collect_shown_text(child, window_rect, out);
}

QJsonObject rect_json(const QRectF& r) {
    return {{"x", r.x()}, {"y", r.y()}, {"width", r.width()}, {"height", r.height()}};
}

}  // namespace

QJsonObject screenshot_report(QQuickWindow* window, const BrainModel& brain, const ChatModel& chat) {
    QJsonObject report;
    const qreal scale = window->effectiveDevicePixelRatio();
    report["scale"] = scale;
    if (auto* grid = window->findChild<QQuickItem*>(QStringLiteral("brainGrid")); grid && grid->isVisible()) {
        // The cells fill the grid inside its 1 px border; in image pixels.
        const QRectF cells = grid->mapRectToScene(grid->boundingRect().adjusted(1, 1, -1, -1));
        report["brain"] = rect_json(QRectF(cells.topLeft() * scale, cells.size() * scale));
    }
    report["layers"] = brain.layers();
    report["experts"] = brain.experts();
    report["denseLayers"] = QJsonArray::fromVariantList(brain.denseLayers());
    // An idle routed cell's colour: disk for the local engine, the remote tier for a server.
    BrainTier idle = BrainTier::Disk;
    for (int l = 0; l < brain.layers(); ++l)
        if (brain.tier(l, 0) != BrainTier::Dense) {
            idle = brain.tier(l, 0);
            break;
        }
    report["idleColor"] = QColor(TierPalette::cell(idle, 0, 0)).name();

    // The "remote: HOST" badge, as shown, while a server answers.
    if (auto* badge = window->findChild<QQuickItem*>(QStringLiteral("remoteBadge")); badge && badge->isVisible())
        report["remoteLabel"] = badge->property("text").toString();

    report["chatRows"] = chat.rowCount();
    if (chat.rowCount() > 0) {
        const ChatMessage last = chat.message(chat.rowCount() - 1);
        report["answerRole"] = last.role;
        report["answer"] = last.content;
        report["thinking"] = last.thinking;
        report["stopReason"] = last.stats.value(QStringLiteral("stopReason")).toString();
        report["completionTokens"] = last.stats.value(QStringLiteral("completionTokens")).toInt();
    }
    QStringList shown;
    collect_shown_text(window->contentItem(), QRectF(QPointF(0, 0), window->size()), shown);
    report["chatText"] = shown.join(QLatin1Char('\n'));
    return report;
}
