#pragma once
// Where a reused prompt prefix came from (KvMemory::begin, Reply::reuse_source).

namespace peng {

enum class ReuseSource { None, Live, Memory, Disk };
const char* reuse_source_name(ReuseSource source);  // "live", "memory", "disk" or "none"

}  // namespace peng
