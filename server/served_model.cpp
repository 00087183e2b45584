#include "server/served_model.h"

#include <chrono>
#include <filesystem>

#include "api/engine.h"

namespace peng::server {

nlohmann::ordered_json ServedModel::card() const {
    return {{"id", id},
            {"object", "model"},
            {"created", created},
            {"owned_by", "peng"},
            {"max_model_len", context_tokens},
            // Not OpenAI's: what a client needs to draw the experts' grid.
            {"moe_layers", moe_layers},
            {"routed_experts", routed_experts},
            {"experts_per_token", experts_per_token},
            {"num_hidden_layers", layers},
            {"expert_format", format}};
}

ServedModel describe_model(const Engine& engine, const std::string& id) {
    const ModelInfo& info = engine.info();
    const ModelConfig& c = info.config;
    ServedModel m;
    std::string name = id;
    if (name.empty()) {
        std::filesystem::path dir(info.dir);
        name = (dir.has_filename() ? dir.filename() : dir.parent_path().filename()).string();
    }
    m.id = name.empty() ? "peng" : name;
    m.created = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    m.layers = c.num_layers;
    for (int l = 0; l < c.num_layers; ++l) m.moe_layer_of.push_back(c.is_moe(l) ? m.moe_layers++ : -1);
    m.routed_experts = c.n_routed_experts;
    m.experts_per_token = c.num_experts_per_tok;
    m.context_tokens = info.context_tokens;
    m.vocab_size = info.vocab_size;
    m.temperature = info.generation.temperature;
    m.top_p = info.generation.top_p;
    m.top_k = info.generation.top_k;
    m.format = info.format;
    return m;
}

}  // namespace peng::server
