#pragma once
// FNV-1a, 64-bit: the checksum of Peng's small binary files (usage history, KV file
// headers) and of identities (model fingerprint, chat template). Not cryptographic:
// it catches torn and flipped bytes, not tampering.
#include <cstddef>
#include <cstdint>

namespace peng {

constexpr uint64_t kFnv1aBasis = 1469598103934665603ULL;

inline uint64_t fnv1a(const void* data, size_t bytes, uint64_t hash = kFnv1aBasis) {
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ULL;
    return hash;
}

}  // namespace peng
