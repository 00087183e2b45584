#pragma once
// The routed experts a server returns with `return_routed_experts` (SGLang's
// encoding, which Peng's server also uses: base64 of little-endian int32 ids, shape
// [positions, MoE layers, top_k]; -1 where nothing was recorded). Positions are the
// tokens the model ran: the prompt, then each generated token but the last.
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <optional>

struct RoutedExperts {
    int positions = 0;
    int moe_layers = 0;
    int top_k = 0;
    QList<qint32> ids;   // [position][moe layer][k]

    qint32 id(int position, int moe_layer, int k) const {
        return ids[(qsizetype(position) * moe_layers + moe_layer) * top_k + k];
    }
};

// The int32 ids, or nullopt with `error` set (not base64, or not whole int32s).
std::optional<QList<qint32>> decode_routed_ids(QByteArrayView base64, QString* error);

// The ids as rows of `moe_layers` x `top_k`, checked against the expert count
// (`experts` 0 = unchecked), or nullopt with `error` set.
std::optional<RoutedExperts> shape_routed_ids(QList<qint32> ids, int moe_layers, int top_k, int experts, QString* error);
