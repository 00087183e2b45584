#include "remote_routing.h"

#include <QCoreApplication>
#include <QtEndian>

// Called as RemoteRoutingText::tr(...) so lupdate files the strings under this context.
namespace RemoteRoutingText {
QString tr(const char* text) { return QCoreApplication::translate("RemoteRoutingText", text); }
}  // namespace RemoteRoutingText

std::optional<QList<qint32>> decode_routed_ids(QByteArrayView base64, QString* error) {
    const auto decoded = QByteArray::fromBase64Encoding(base64.toByteArray(), QByteArray::AbortOnBase64DecodingErrors);
    if (decoded.decodingStatus != QByteArray::Base64DecodingStatus::Ok) {
        *error = RemoteRoutingText::tr("the routed experts are not valid base64");
        return std::nullopt;
    }
    const QByteArray& bytes = decoded.decoded;
    if (bytes.size() % 4 != 0) {
        *error = RemoteRoutingText::tr("the routed experts are %1 bytes, not a whole number of int32 ids").arg(bytes.size());
        return std::nullopt;
    }
    QList<qint32> ids(bytes.size() / 4);
    for (qsizetype i = 0; i < ids.size(); ++i) ids[i] = qFromLittleEndian<qint32>(bytes.constData() + 4 * i);
    return ids;
}

std::optional<RoutedExperts> shape_routed_ids(QList<qint32> ids, int moe_layers, int top_k, int experts, QString* error) {
    if (moe_layers <= 0 || top_k <= 0) {
        *error = RemoteRoutingText::tr("the model's MoE layer count and experts per token are unknown");
        return std::nullopt;
    }
    const qsizetype row = qsizetype(moe_layers) * top_k;
    if (ids.size() % row != 0) {
        *error = RemoteRoutingText::tr("%1 routed expert ids do not fill rows of %2 MoE layers x %3 experts").arg(ids.size()).arg(moe_layers).arg(top_k);
        return std::nullopt;
    }
    for (qint32 id : ids) {
        if (id < -1 || (experts > 0 && id >= experts)) {
            *error = RemoteRoutingText::tr("routed expert id %1 is outside the model's %2 experts").arg(id).arg(experts);
            return std::nullopt;
        }
    }
    RoutedExperts r;
    r.positions = int(ids.size() / row);
    r.moe_layers = moe_layers;
    r.top_k = top_k;
    r.ids = std::move(ids);
    return r;
}
