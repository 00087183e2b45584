#include "kv/kv_memory.h"

#include <algorithm>
#include <cstdio>

#include "util/fnv1a.h"

namespace peng {

const char* reuse_source_name(ReuseSource source) {
    switch (source) {
        case ReuseSource::Live: return "live";
        case ReuseSource::Memory: return "memory";
        case ReuseSource::Disk: return "disk";
        case ReuseSource::None: break;
    }
    return "none";
}

namespace {

// Restore points one conversation keeps: the oldest go first, so an edit of a message
// older than this many turns recomputes from the last point before it.
constexpr int kRestorePointsKept = 8;

// A conversation key for a prompt that came without one: FNV-1a of its tokens.
std::string derived_key(const std::vector<int>& prompt) {
    const uint64_t h = fnv1a(prompt.data(), prompt.size() * sizeof(int));
    char text[24];
    std::snprintf(text, sizeof text, "p%016llx", static_cast<unsigned long long>(h));
    return text;
}

}  // namespace

KvMemory::KvMemory(const ModelConfig& config, uint64_t cache_bytes, std::unique_ptr<KvStore> store)
    : config_(config), cache_(cache_bytes), store_(std::move(store)) {}

KvMemory::Start KvMemory::begin(const std::string& key, const std::vector<int>& prompt,
                                std::vector<std::string>& notes, int max_reused) {
    int limit = static_cast<int>(prompt.size()) - 1;
    if (max_reused >= 0) limit = std::min(limit, max_reused);
    // The usual case: the conversation goes on in the live session.
    if (live_ && (key.empty() || key == live_key_) && live_tokens_.size() <= size_t(std::max(limit, 0)) &&
        size_t(common_prefix(live_tokens_, prompt)) == live_tokens_.size()) {
        return {live_.get(), static_cast<int>(live_tokens_.size()), live_tokens_.empty() ? ReuseSource::None : ReuseSource::Live};
    }
    retire_live();

    std::string found_key;
    const KvSnapshot* from = nullptr;
    int point = 0;
    ReuseSource source = ReuseSource::None;
    const KvPrefixCache::Match in_ram = cache_.best_match(config_, prompt, std::max(limit, 0));
    if (in_ram.snapshot && in_ram.point > 0) {
        from = in_ram.snapshot;
        point = in_ram.point;
        found_key = in_ram.key;
        source = ReuseSource::Memory;
    }
    std::optional<KvStore::Found> on_disk;
    if (store_ && point < limit) {
        on_disk = store_->find_best(config_, prompt, std::max(limit, 0), notes);
        if (on_disk && on_disk->point > point) {
            from = &on_disk->snapshot;
            point = on_disk->point;
            found_key = on_disk->key;
            source = ReuseSource::Disk;
        }
    }

    live_key_ = !key.empty() ? key : !found_key.empty() ? found_key : derived_key(prompt);
    source_key_ = found_key;
    marks_ = {};
    if (from) {
        live_ = std::make_unique<Session>(restore_session(config_, *from, point));
        live_tokens_.assign(prompt.begin(), prompt.begin() + point);
        // Kept in RAM: its restore points stay valid for this conversation (finish()).
        if (source == ReuseSource::Disk) cache_.put(source_key_, std::move(on_disk->snapshot));
    } else {
        live_ = std::make_unique<Session>(config_);
        live_tokens_.clear();
        point = 0;
    }
    return {live_.get(), point, source};
}

void KvMemory::mark(const std::vector<int>& held) {
    if (!live_ || held.empty()) return;
    live_tokens_ = held;
    // The marks follow the live session, whose tokens only grow: earlier marks agree.
    KvSnapshot mark = capture_windows(config_, *live_, held);
    if (marks_.shapes.empty()) {
        marks_.shapes = mark.shapes;
        marks_.layers.resize(mark.shapes.size());
    }
    marks_.tokens = held;
    absorb(marks_, mark, kRestorePointsKept);
}

// The live session's snapshot with the restore points it was marked at and those of
// the prefix it started from (still in RAM under its key).
KvSnapshot KvMemory::snapshot_live() {
    KvSnapshot snapshot = capture_snapshot(config_, *live_, live_tokens_);
    if (!marks_.shapes.empty()) absorb(snapshot, marks_, kRestorePointsKept);
    for (const std::string& key : {live_key_, source_key_})
        if (const KvSnapshot* earlier = key.empty() ? nullptr : cache_.find(key))
            absorb(snapshot, *earlier, kRestorePointsKept);
    return snapshot;
}

std::string KvMemory::finish(const std::vector<int>& held) {
    if (!live_) return "";
    live_tokens_ = held;
    if (!marks_.shapes.empty()) marks_.tokens = held;
    KvSnapshot snapshot = snapshot_live();
    std::string problem;
    if (store_) {
        try {
            store_->save(live_key_, snapshot);
        } catch (const std::exception& e) {
            problem = e.what();
        }
    }
    cache_.put(live_key_, std::move(snapshot));
    return problem;
}

void KvMemory::retire_live() {
    if (live_ && !live_tokens_.empty()) cache_.put(live_key_, snapshot_live());
    abandon();
}

void KvMemory::abandon() {
    live_.reset();
    live_tokens_.clear();
    live_key_.clear();
    source_key_.clear();
    marks_ = {};
}

void KvMemory::forget(const std::string& key) {
    if (key == live_key_) abandon();
    cache_.erase(key);
    if (store_) store_->remove(key);
}

void KvMemory::clear(bool disk) {
    abandon();
    cache_ = KvPrefixCache(cache_.budget());
    if (disk && store_) store_->clear();
}

}  // namespace peng
