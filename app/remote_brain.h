#pragma once
// The brain fed by a server: the routed experts a chat returned (rows of
// [MoE layer][top_k] per position) folded into BrainFrames as routing events, on
// the grid of the model's shape (RemoteShape), every expert in the one "remote" tier.
#include <functional>
#include <memory>

#include "brain_frame.h"
#include "remote_routing.h"
#include "remote_shape.h"
#include "routing_folder.h"

class RemoteBrain {
public:
    using Publish = std::function<void(BrainFrame&&)>;
    explicit RemoteBrain(Publish publish) : publish_(std::move(publish)) {}

    // Sets the grid's shape (an empty grid while it is unknown) and forgets the heat.
    void reshape(const RemoteShape& shape);
    // Feeds every position's routing; a shape that differs from the grid's replaces it.
    void feed(const RoutedExperts& rows, const RemoteShape& shape);
    const RemoteShape& shape() const { return shape_; }

private:
    std::vector<bool> moeLayers(const RemoteShape& shape) const;

    Publish publish_;
    RemoteShape shape_;
    std::vector<int> layer_of_moe_;   // MoE layer index -> decoder layer
    std::unique_ptr<RoutingFolder> folder_;
};
