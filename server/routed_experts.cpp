#include "server/routed_experts.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include <openssl/evp.h>

namespace peng::server {

RoutedExpertsRecorder::RoutedExpertsRecorder(std::vector<int> moe_layer_of, int top_k, int start_position)
    : moe_layer_of_(std::move(moe_layer_of)), top_k_(top_k), start_(std::max(0, start_position)) {
    for (int index : moe_layer_of_) moe_layers_ = std::max(moe_layers_, index + 1);
}

void RoutedExpertsRecorder::record(int layer, int position, const std::vector<int>& experts) {
    if (position < start_ || layer < 0 || layer >= int(moe_layer_of_.size()) || moe_layer_of_[layer] < 0) return;
    const size_t row = size_t(moe_layers_) * top_k_;
    const size_t first = size_t(position - start_) * row + size_t(moe_layer_of_[layer]) * top_k_;
    if (ids_.size() < first + top_k_) ids_.resize((size_t(position - start_) + 1) * row, -1);
    for (int k = 0; k < top_k_; ++k) ids_[first + k] = k < int(experts.size()) ? experts[k] : -1;
}

int RoutedExpertsRecorder::rows(int end_position) const { return std::max(0, end_position - start_); }

std::string RoutedExpertsRecorder::base64(int end_position) const {
    std::vector<int32_t> ids(size_t(rows(end_position)) * moe_layers_ * top_k_, -1);
    std::copy_n(ids_.begin(), std::min(ids.size(), ids_.size()), ids.begin());
    // The wire order is little-endian, as numpy's frombuffer(dtype=int32) reads it on
    // every machine Peng runs on.
    static_assert(std::endian::native == std::endian::little, "the encoding assumes a little-endian host");
    return base64_encode(ids.data(), ids.size() * sizeof(int32_t));
}

std::string base64_encode(const void* data, size_t bytes) {
    std::string out(4 * ((bytes + 2) / 3), '\0');
    // EVP_EncodeBlock writes whole 4-character groups and a terminating NUL.
    std::vector<unsigned char> buffer(out.size() + 1);
    const int written = EVP_EncodeBlock(buffer.data(), static_cast<const unsigned char*>(data), int(bytes));
    out.assign(reinterpret_cast<const char*>(buffer.data()), size_t(std::max(0, written)));
    return out;
}

}  // namespace peng::server
