#include "server/api_key.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include <httplib.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>

namespace peng::server {

namespace {

// The key is compared as SHA-256 digests with CRYPTO_memcmp: the time taken says
// nothing about how much of a guess was right, nor about the key's length.
bool same_secret(const std::string_view given, const std::string& key) {
    unsigned char a[SHA256_DIGEST_LENGTH], b[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(given.data()), given.size(), a);
    SHA256(reinterpret_cast<const unsigned char*>(key.data()), key.size(), b);
    return CRYPTO_memcmp(a, b, sizeof a) == 0;
}

// The credentials after a case-insensitive "Bearer ", or nothing under another scheme.
// httplib trims the header's value, so "Bearer " with no key arrives as "Bearer".
std::optional<std::string_view> bearer(std::string_view header) {
    constexpr std::string_view scheme = "bearer ";
    const size_t compared = std::min(header.size(), scheme.size());
    if (compared < scheme.size() - 1) return std::nullopt;
    for (size_t i = 0; i < compared; ++i)
        if (std::tolower(static_cast<unsigned char>(header[i])) != scheme[i]) return std::nullopt;
    return header.substr(compared);
}

}  // namespace

std::optional<RequestError> refuse_key(const httplib::Request& request, const std::string& key) {
    const std::string header = request.get_header_value("Authorization");
    const std::optional<std::string_view> given = bearer(header);
    if (header.empty() || (given && given->empty()))
        return RequestError(401, "no API key was sent: this server needs one, sent as the header "
                                 "'Authorization: Bearer KEY'");
    if (!given)
        return RequestError(401, "the Authorization header holds no Bearer key: send the API key as "
                                 "'Authorization: Bearer KEY'");
    if (!same_secret(*given, key))
        return RequestError(401, "the API key sent is not this server's key");
    return std::nullopt;
}

}  // namespace peng::server
