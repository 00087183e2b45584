// SHA-256 through Windows CNG (see sha256.h).
#ifdef _WIN32
#include "platform/sha256.h"

#include <windows.h>
#include <bcrypt.h>

#include <vector>

#include "util/error.h"

namespace peng {

struct Sha256::Impl {
    BCRYPT_ALG_HANDLE algorithm = nullptr;
    BCRYPT_HASH_HANDLE hash = nullptr;
};

Sha256::Sha256() : impl_(std::make_unique<Impl>()) {
    if (BCryptOpenAlgorithmProvider(&impl_->algorithm, BCRYPT_SHA256_ALGORITHM, nullptr, 0) < 0 ||
        BCryptCreateHash(impl_->algorithm, &impl_->hash, nullptr, 0, nullptr, 0, 0) < 0)
        throw Error("Windows CNG cannot compute SHA-256");
}

Sha256::~Sha256() {
    if (impl_->hash) BCryptDestroyHash(impl_->hash);
    if (impl_->algorithm) BCryptCloseAlgorithmProvider(impl_->algorithm, 0);
}

void Sha256::update(const void* data, size_t bytes) {
    auto* p = static_cast<unsigned char*>(const_cast<void*>(data));
    while (bytes > 0) {  // BCryptHashData takes a 32-bit length
        const ULONG chunk = bytes > 0x40000000 ? 0x40000000 : ULONG(bytes);
        if (BCryptHashData(impl_->hash, p, chunk, 0) < 0) throw Error("Windows CNG failed while computing SHA-256");
        p += chunk;
        bytes -= chunk;
    }
}

std::string Sha256::hex_digest() {
    unsigned char digest[32];
    if (BCryptFinishHash(impl_->hash, digest, sizeof digest, 0) < 0)
        throw Error("Windows CNG failed to finish SHA-256");
    static const char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned char byte : digest) hex += {kHex[byte >> 4], kHex[byte & 15]};
    return hex;
}

}  // namespace peng
#endif
