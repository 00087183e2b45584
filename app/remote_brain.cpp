#include "remote_brain.h"

std::vector<bool> RemoteBrain::moeLayers(const RemoteShape& shape) const {
    // The server's per-layer flags when it sent them, else every layer routes (the
    // routing data only knows the MoE layers).
    if (shape.moe_layer.size() == shape.layers && shape.layers > 0) return std::vector<bool>(shape.moe_layer.begin(), shape.moe_layer.end());
    return std::vector<bool>(size_t(shape.moe_layers), true);
}

void RemoteBrain::reshape(const RemoteShape& shape) {
    shape_ = shape;
    layer_of_moe_.clear();
    folder_.reset();
    if (!shape.known() || shape.experts <= 0) {
        publish_(BrainFrame{});
        return;
    }
    const std::vector<bool> moe = moeLayers(shape);
    for (int l = 0; l < int(moe.size()); ++l)
        if (moe[l]) layer_of_moe_.push_back(l);
    folder_ = std::make_unique<RoutingFolder>(
        moe, shape.experts, [](int, int) { return BrainTier::Remote; }, [this](BrainFrame&& f) { publish_(std::move(f)); });
    publish_(folder_->snapshot());
}

void RemoteBrain::feed(const RoutedExperts& rows, const RemoteShape& shape) {
    if (!folder_ || shape.moe_layers != shape_.moe_layers || shape.experts != shape_.experts ||
        shape.experts_per_token != shape_.experts_per_token)
        reshape(shape);
    if (!folder_ || rows.moe_layers != int(layer_of_moe_.size())) return;
    std::vector<peng::RoutedExpert> routes;
    for (int p = 0; p < rows.positions; ++p)
        for (int m = 0; m < rows.moe_layers; ++m) {
            routes.clear();
            for (int k = 0; k < rows.top_k; ++k)
                if (const qint32 id = rows.id(p, m, k); id >= 0) routes.push_back({id, 1.0f});
            folder_->on_routing(layer_of_moe_[size_t(m)], p, routes, {});
        }
    folder_->publish_now(RoutingFolder::Clock::now());
}
