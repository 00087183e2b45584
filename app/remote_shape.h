#pragma once
// The shape of the experts' grid for a model served elsewhere: taken from the extra
// fields of the server's /v1/models entry (Peng's server sends them), else from the
// known MiMo-V2 checkpoints by the model's name, else from the routing data itself.
#include <QJsonObject>
#include <QList>
#include <QString>

struct RemoteShape {
    enum class Source { Unknown, Server, KnownModel, RoutingData };
    Source source = Source::Unknown;
    int layers = 0;             // all decoder layers; 0 when unknown
    int moe_layers = 0;
    int experts = 0;            // routed experts per MoE layer; 0 when unknown
    int experts_per_token = 0;  // top_k
    QList<bool> moe_layer;      // per layer; empty when unknown

    bool known() const { return moe_layers > 0 && experts_per_token > 0; }
};

// From a /v1/models entry: the server's fields when all are there and sane, else the
// known checkpoint its id names, else Unknown.
RemoteShape shape_from_model_entry(const QJsonObject& entry);

// MiMo-V2 Flash (V2, V2.5, V2.6) or Pro by name ("XiaomiMiMo/MiMo-V2.5-Pro", ...); Unknown otherwise.
RemoteShape shape_of_known_model(const QString& model_id);

// When nothing else is known: `ids` int32 values over `rows` positions with
// `experts_per_token` ids each give the MoE layer count; the expert count is the
// largest id seen + 1 (a lower bound). Unknown when the numbers do not divide.
RemoteShape shape_from_routing(qsizetype ids, int rows, int experts_per_token, int largest_id);
