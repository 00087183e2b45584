#include "remote_shape.h"

#include <QRegularExpression>

namespace {

// Dense layers first, as in MiMo-V2 (moe_layer_freq starts [0, 1, 1, ...]); the
// server's fields say how many layers are MoE, not which.
QList<bool> dense_first(int layers, int moe_layers) {
    QList<bool> out;
    for (int l = 0; l < layers; ++l) out.append(l >= layers - moe_layers);
    return out;
}

RemoteShape make_shape(RemoteShape::Source source, int layers, int moe_layers, int experts, int top_k) {
    RemoteShape s;
    s.source = source;
    s.layers = layers;
    s.moe_layers = moe_layers;
    s.experts = experts;
    s.experts_per_token = top_k;
    s.moe_layer = dense_first(layers, moe_layers);
    return s;
}

int positive_int(const QJsonObject& entry, const char* key) {
    const QJsonValue v = entry.value(QLatin1String(key));
    const double d = v.toDouble(-1);
    return v.isDouble() && d >= 1 && d <= 1e6 && d == double(int(d)) ? int(d) : 0;
}

}  // namespace

RemoteShape shape_from_model_entry(const QJsonObject& entry) {
    const int moe_layers = positive_int(entry, "moe_layers");
    const int experts = positive_int(entry, "routed_experts");
    const int top_k = positive_int(entry, "experts_per_token");
    int layers = positive_int(entry, "num_hidden_layers");
    if (layers < moe_layers) layers = moe_layers;
    if (moe_layers > 0 && experts > 0 && top_k > 0 && top_k <= experts)
        return make_shape(RemoteShape::Source::Server, layers, moe_layers, experts, top_k);
    return shape_of_known_model(entry.value(QLatin1String("id")).toString());
}

RemoteShape shape_of_known_model(const QString& model_id) {
    // Layer 0 is dense in both (config.json moe_layer_freq [0, 1 x N-1]); see
    // shared/spec/mimo-v2.md section 2. V2 and V2.5 without "Pro" have Flash's shape.
    static const QRegularExpression mimo(QStringLiteral("mimo[-_ ]?v2"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression pro(QStringLiteral("\\bpro\\b"), QRegularExpression::CaseInsensitiveOption);
    if (!mimo.match(model_id).hasMatch()) return {};
    if (pro.match(model_id).hasMatch()) return make_shape(RemoteShape::Source::KnownModel, 70, 69, 384, 8);
    return make_shape(RemoteShape::Source::KnownModel, 48, 47, 256, 8);
}

RemoteShape shape_from_routing(qsizetype ids, int rows, int experts_per_token, int largest_id) {
    if (ids <= 0 || rows <= 0 || experts_per_token <= 0) return {};
    const qsizetype per_row = qsizetype(rows) * experts_per_token;
    if (ids % per_row != 0) return {};
    RemoteShape s;
    s.source = RemoteShape::Source::RoutingData;
    s.moe_layers = int(ids / per_row);
    s.layers = s.moe_layers;    // dense layers do not route, so they cannot be seen
    s.experts = largest_id + 1;
    s.experts_per_token = experts_per_token;
    s.moe_layer = QList<bool>(s.layers, true);
    return s;
}
