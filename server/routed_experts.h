#pragma once
// The routed experts of a request, in SGLang's encoding of the feature it enables
// with --enable-return-routed-experts: int32 expert ids, shape [positions, MoE layers,
// top_k], little-endian, base64, returned at `sglext.routed_experts`. A position is a
// token the model ran: the prompt's, then each generated token fed back (the last one
// sampled is never run). Rows start at the request's routed_experts_start_len.
#include <cstdint>
#include <string>
#include <vector>

namespace peng::server {

class RoutedExpertsRecorder {
public:
    // `moe_layer_of[layer]`: the layer's index among MoE layers, -1 for a dense layer.
    RoutedExpertsRecorder(std::vector<int> moe_layer_of, int top_k, int start_position);

    void record(int layer, int position, const std::vector<int>& experts);
    // Rows for positions [start, end): ids of positions that never ran stay -1.
    std::string base64(int end_position) const;
    int rows(int end_position) const;

private:
    std::vector<int> moe_layer_of_;
    int moe_layers_ = 0, top_k_;
    int start_;
    std::vector<int32_t> ids_;   // [position - start][moe layer][k]
};

std::string base64_encode(const void* data, size_t bytes);

}  // namespace peng::server
