#pragma once
// SHA-256 from the system's cryptography library: OpenSSL's libcrypto on Linux,
// CNG (BCrypt) on Windows. Used to record and re-check model files.
#include <cstddef>
#include <memory>
#include <string>

namespace peng {

class Sha256 {
public:
    Sha256();  // throws peng::Error if the library cannot provide SHA-256
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    void update(const void* data, size_t bytes);
    // The digest as 64 lowercase hex digits; the object is spent afterwards.
    std::string hex_digest();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace peng
