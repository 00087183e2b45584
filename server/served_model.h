#pragma once
// The model the server answers for, as clients see it: its id, the MoE shape a client
// needs to draw the grid of experts (the extra fields of GET /v1/models), the context
// it was opened with and the sampling defaults of its generation_config.json.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace peng {
class Engine;
}

namespace peng::server {

struct ServedModel {
    std::string id;
    int64_t created = 0;               // when the server began to serve it (Unix seconds)
    int moe_layers = 0, routed_experts = 0, experts_per_token = 0, layers = 0;
    std::vector<int> moe_layer_of;     // per layer: its index among MoE layers, -1 when dense
    int context_tokens = 0;
    int vocab_size = 0;
    std::optional<double> temperature, top_p;   // the checkpoint's defaults
    std::optional<int> top_k;
    std::string format;                // MXFP4 or FP8 experts

    nlohmann::ordered_json card() const;   // one entry of /v1/models
};

// `id`: the name clients use ("" = the checkpoint folder's name).
ServedModel describe_model(const Engine& engine, const std::string& id);

}  // namespace peng::server
