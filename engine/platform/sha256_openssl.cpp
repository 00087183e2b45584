// SHA-256 through OpenSSL's EVP interface (see sha256.h).
#ifndef _WIN32
#include "platform/sha256.h"

#include <openssl/evp.h>

#include "util/error.h"

namespace peng {

struct Sha256::Impl {
    EVP_MD_CTX* context = nullptr;
};

Sha256::Sha256() : impl_(std::make_unique<Impl>()) {
    impl_->context = EVP_MD_CTX_new();
    if (!impl_->context || EVP_DigestInit_ex(impl_->context, EVP_sha256(), nullptr) != 1)
        throw Error("OpenSSL cannot compute SHA-256");
}

Sha256::~Sha256() { EVP_MD_CTX_free(impl_->context); }

void Sha256::update(const void* data, size_t bytes) {
    if (EVP_DigestUpdate(impl_->context, data, bytes) != 1) throw Error("OpenSSL failed while computing SHA-256");
}

std::string Sha256::hex_digest() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(impl_->context, digest, &length) != 1) throw Error("OpenSSL failed to finish SHA-256");
    static const char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < length; ++i) hex += {kHex[digest[i] >> 4], kHex[digest[i] & 15]};
    return hex;
}

}  // namespace peng
#endif
