#include "experts/eviction_order.h"

#include "util/error.h"

namespace peng {

CachePolicy parse_cache_policy(const std::string& name) {
    if (name == "lru") return CachePolicy::Lru;
    if (name == "frequency") return CachePolicy::Frequency;
    throw Error("the cache policy must be lru or frequency, not '" + name + "'");
}

const char* cache_policy_name(CachePolicy policy) {
    return policy == CachePolicy::Lru ? "lru" : "frequency";
}

}  // namespace peng
