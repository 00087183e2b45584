#pragma once
// The engine's KV memory: the live session and, behind it, the in-RAM prefix cache
// and the KV files (kv_prefix_cache.h, kv_store.h), over sessions (kv_session.h) and
// their snapshots (kv_snapshot.h). KV reuse, one rule for every front end: a new prompt starts from the longest prefix
// whose keys and values are already computed, wherever they are: the live session
// (the usual case, a conversation going on), the in-RAM prefix cache (a conversation
// switched away from), or a KV file on disk (after a restart). A prefix is reused up to
// a restore point (kv/kv_snapshot.h): sliding-window layers keep only their last
// window, so the engine marks restore points where a turn's computation starts and
// where its prompt ends, which is where regenerate and edits come back to.
// Placement rule: logits after a restored prefix are the bytes of a full recompute.
#include <memory>
#include <string>
#include <vector>

#include "kv/kv_prefix_cache.h"
#include "kv/kv_session.h"
#include "kv/kv_snapshot.h"
#include "kv/kv_store.h"
#include "kv/reuse_source.h"

namespace peng {

class KvMemory {
public:
    // `store` may be null (no KV files).
    KvMemory(const ModelConfig& config, uint64_t cache_bytes, std::unique_ptr<KvStore> store);

    struct Start {
        Session* session = nullptr;   // holds prompt[0, reused)
        int reused = 0;
        ReuseSource source;
    };
    // A session for `prompt` under conversation `key` ("" = the key of the prefix found,
    // else one derived from the prompt). At least the prompt's last token is left to
    // compute, since its logits choose the first new token. Files the store skipped
    // add a line each to `notes`. At most `max_reused` tokens are reused (-1 = no limit).
    Start begin(const std::string& key, const std::vector<int>& prompt, std::vector<std::string>& notes,
                int max_reused = -1);
    // Remembers a restore point at the live session's current length; `held` is
    // every token the session holds.
    void mark(const std::vector<int>& held);
    // The turn ended with the session holding `held`: keep it in RAM and save its file.
    // Returns what went wrong saving the file ("" when saved or when there is no store);
    // a failed save leaves the previous file as it was.
    std::string finish(const std::vector<int>& held);
    // The turn failed midway: the live session's state is unknown, so it is dropped.
    void abandon();
    void clear(bool disk);
    void forget(const std::string& key);
    const KvStore* store() const { return store_.get(); }
    const KvPrefixCache& cache() const { return cache_; }

private:
    // Moves the live session into the RAM cache (with its marks) and forgets it.
    void retire_live();
    KvSnapshot snapshot_live();

    const ModelConfig& config_;
    std::unique_ptr<Session> live_;
    std::vector<int> live_tokens_;     // what live_ holds, in order
    std::string live_key_;
    std::string source_key_;           // the cached prefix live_ started from ("" = none)
    KvSnapshot marks_;                 // windows captured at the live session's restore points
    KvPrefixCache cache_;
    std::unique_ptr<KvStore> store_;
};

}  // namespace peng
