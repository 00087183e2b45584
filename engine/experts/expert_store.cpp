#include "experts/expert_store.h"

#include <algorithm>
#include <cstring>

#include "experts/expert_range_read.h"
#include "util/error.h"

namespace peng {

struct ExpertStore::Holder {
    int layer = -1, expert = -1;
    AlignedBuffer raw;                  // the aligned read span (one range)
    std::vector<uint8_t> joined;        // several ranges concatenated (FP8 V2.5 layouts)
    const uint8_t* bytes = nullptr;     // the expert's first byte, inside raw or joined
    std::vector<float> fp8_scales[3];
    ExpertWeights weights;
    std::vector<std::future<void>> pending;  // the read in flight (its pieces), if any
    std::shared_ptr<std::atomic<bool>> dropped;  // set to skip the read's pieces not yet started
    bool speculative = false;           // read by prefetch() and not requested since
    bool ready = false;                 // read finished and views built
    bool locked = false;                // granted to the current block
    bool predicted = false;             // named by prefetch(), routing not settled yet
    bool demoted = false;               // a finished speculative read the routing did not need
    uint64_t last_use = 0;
};

namespace {

// Every piece of the holder's read has finished (successfully or not).
template <class H>
bool read_done(const H& holder) {
    for (const auto& piece : holder.pending)
        if (piece.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    return true;
}

// Waits for every piece, keeping their results for whoever collects them.
template <class H>
void wait_read(const H& holder) {
    for (const auto& piece : holder.pending) piece.wait();
}

// Waits for every piece (a buffer is free only when none is still writing into it),
// then rethrows the first error, if any.
template <class H>
void collect_read(H& holder) {
    wait_read(holder);
    std::vector<std::future<void>> pieces = std::move(holder.pending);
    holder.pending.clear();
    std::exception_ptr first;
    for (auto& piece : pieces) try {
            piece.get();
        } catch (...) {
            if (!first) first = std::current_exception();
        }
    if (first) std::rethrow_exception(first);
}

}  // namespace

namespace {
// Slots per MoE layer: the option, or every expert when it is 0 or more than there are.
int effective_cap(const ExpertStoreOptions& options, const ModelConfig& config) {
    return options.cap_per_layer > 0 ? std::min(options.cap_per_layer, config.n_routed_experts)
                                     : config.n_routed_experts;
}
}  // namespace

int warm_slots_per_layer(const ExpertStoreOptions& options, const ModelConfig& config) {
    return std::clamp(options.warm_slots_per_layer, 0, effective_cap(options, config));
}

uint64_t ExpertStore::slot_bytes_of(const Checkpoint& ckpt, ExpertFormat format) {
    const ModelConfig& c = ckpt.config();
    for (int layer = 0; layer < c.num_layers; ++layer)
        if (c.is_moe(layer)) return locate_expert(ckpt, format, layer, 0).total_bytes + 2 * kDirectAlignment;
    return 0;
}

ExpertStore::ExpertStore(const Checkpoint& ckpt, ExpertFormat format, const ExpertStoreOptions& options,
                         std::unique_ptr<SlotPool> pool)
    : ckpt_(ckpt), format_(format), options_(options), slot_pool_(std::move(pool)) {
    const ModelConfig& c = ckpt.config();
    cap_ = effective_cap(options, c);
    locations_.resize(c.num_layers);
    layers_.resize(c.num_layers);
    for (int layer = 0; layer < c.num_layers; ++layer) {
        if (!c.is_moe(layer)) continue;
        layers_[layer].cap = cap_;
        layers_[layer].uses = UseCounts(c.n_routed_experts, UseCounts::kAgingUsesPerSlot * uint64_t(cap_));
        for (int e = 0; e < c.n_routed_experts; ++e) {
            locations_[layer].push_back(locate_expert(ckpt, format, layer, e));
            expert_bytes_ = locations_[layer].back().total_bytes;
            for (const auto& range : locations_[layer].back().ranges) {
                check_expert_range(range, layer, e);
                if (!readers_.count(range.file))
                    readers_[range.file] = std::make_unique<DirectReader>(range.file->path(), options.direct_io);
            }
        }
    }
    pool_ = std::make_unique<IoPool>(options.io_threads);
    set_pins(options.pins);
}

ExpertStore::~ExpertStore() {
    // Reads in flight write into holders: let them finish first.
    for (auto& state : layers_)
        for (auto& slot : state.cached)
            wait_read(*slot);
    for (auto& [key, holder] : pinned_) wait_read(*holder);
}

uint64_t ExpertStore::slot_bytes() const { return expert_bytes_ + 2 * kDirectAlignment; }

bool ExpertStore::direct_io() const {
    for (const auto& [file, reader] : readers_)
        if (!reader->is_direct()) return false;
    return !readers_.empty();
}

int ExpertStore::resident_slots() const {
    int n = 0;
    for (const auto& state : layers_) n += static_cast<int>(state.cached.size());
    return n;
}

bool ExpertStore::every_expert_held() const {
    for (size_t layer = 0; layer < layers_.size(); ++layer) {
        const int experts = static_cast<int>(locations_[layer].size());
        if (experts == 0 || static_cast<int>(layers_[layer].by_expert.size()) == experts) continue;
        for (int e = 0; e < experts; ++e)
            if (tier_of(static_cast<int>(layer), e) == ExpertTier::Disk) return false;
    }
    return true;
}

ExpertStats ExpertStore::stats() const {
    ExpertStats s = stats_;
    s.disk_service_s = double(service_ns_.load()) * 1e-9;
    s.bytes_read = read_bytes_.load();
    s.disk_busy_s = pool_ ? pool_->busy_seconds() : 0.0;
    return s;
}

ExpertTier ExpertStore::tier_of(int layer, int expert) const {
    if (options_.vram && options_.vram->holds(layer, expert)) return ExpertTier::Vram;
    if (pinned_.count({layer, expert})) return ExpertTier::Pinned;
    auto it = layers_[layer].by_expert.find(expert);
    if (it != layers_[layer].by_expert.end()) return ExpertTier::Slot;
    return ExpertTier::Disk;
}

void ExpertStore::start_read(int layer, int expert, Holder& holder, bool urgent) {
    if (layer < 0 || layer >= static_cast<int>(locations_.size()) || locations_[layer].empty() || expert < 0 ||
        expert >= static_cast<int>(locations_[layer].size()))
        throw Error("no routed expert " + std::to_string(expert) + " in layer " + std::to_string(layer));
    wait_read(holder);  // a dropped slot may still hold a finished, uncollected read
    holder.pending.clear();
    holder.layer = layer;
    holder.expert = expert;
    holder.ready = false;
    holder.speculative = !urgent;
    holder.predicted = !urgent;
    holder.demoted = false;
    holder.dropped = std::make_shared<std::atomic<bool>>(false);
    const std::shared_ptr<std::atomic<bool>> dropped = holder.dropped;
    const ExpertLocation& loc = locations_[layer][expert];
    Holder* h = &holder;
    // Runs one read task unless the read was dropped; counts its bytes and time.
    auto timed = [this, dropped](uint64_t bytes, auto&& read) {
        if (dropped->load()) return;
        const auto start = std::chrono::steady_clock::now();
        read();
        read_bytes_ += bytes;
        service_ns_ += uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                    std::chrono::steady_clock::now() - start)
                                    .count());
    };
    const ByteRange& first = loc.ranges[0];
    if (loc.ranges.size() == 1 && !first.file->file().packed()) {
        // A released shard: one aligned span, read in up to one piece per I/O thread, so
        // the disk's queue stays full to the last byte of a layer's misses and the
        // first missed expert is ready to compute while the next ones still arrive.
        const DirectReader& reader = *readers_.at(first.file);
        const uint64_t span = DirectReader::span_bytes(first.offset, first.bytes);
        holder.raw.reserve(span);
        holder.bytes = holder.raw.data() + first.offset % kDirectAlignment;
        const uint64_t min_piece = std::max<uint64_t>(options_.read_piece_bytes, kDirectAlignment);
        const uint64_t pieces = std::clamp<uint64_t>(span / min_piece, 1, uint64_t(pool_->threads()));
        const uint64_t step = (span / pieces + kDirectAlignment - 1) / kDirectAlignment * kDirectAlignment;
        for (uint64_t begin = 0; begin < span; begin += step) {
            const uint64_t end = std::min(span, begin + step);
            const uint64_t head = first.offset % kDirectAlignment;  // the expert's bytes in this piece
            const uint64_t bytes = std::min(end, head + first.bytes) - std::max(begin, head);
            holder.pending.push_back(pool_->submit(
                [&reader, &first, h, begin, end, bytes, timed] {
                    timed(bytes, [&] { reader.read_piece(first.offset, first.bytes, begin, end, h->raw.data()); });
                },
                urgent, h));
        }
        return;
    }
    holder.pending.push_back(pool_->submit([this, h, &loc, layer, expert, timed] {
        timed(loc.total_bytes, [&] {
            if (loc.ranges.size() == 1) {
                const ByteRange& r = loc.ranges[0];
                h->bytes = read_expert_range(*readers_.at(r.file), r, h->raw, layer, expert);
                return;
            }
            h->joined.resize(loc.total_bytes);
            uint64_t at = 0;
            for (const auto& r : loc.ranges) {
                const uint8_t* src = read_expert_range(*readers_.at(r.file), r, h->raw, layer, expert);
                std::memcpy(h->joined.data() + at, src, r.bytes);
                at += r.bytes;
            }
            h->bytes = h->joined.data();
        });
    }, urgent, h));
}

void ExpertStore::finish_read(Holder& holder) {
    if (holder.ready) return;
    if (!holder.pending.empty()) {
        const auto start = std::chrono::steady_clock::now();
        collect_read(holder);  // rethrows the read's error
        stats_.disk_wait_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    holder.weights =
        expert_views(ckpt_.config(), format_, locations_[holder.layer][holder.expert], holder.bytes, holder.fp8_scales);
    holder.ready = true;
}

void ExpertStore::wait_pending(Holder& holder) {
    if (holder.pending.empty()) return;
    const auto start = std::chrono::steady_clock::now();
    try {
        collect_read(holder);
    } catch (const Error&) {
        // A failed prefetch is forgotten; a demand read of that expert reports it.
    }
    stats_.disk_wait_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

CachedUse ExpertStore::standing(const LayerState& state, const Holder& holder) const {
    return {holder.expert >= 0 ? state.uses.of(holder.expert) : 0, holder.last_use, holder.predicted,
            holder.demoted || holder.expert < 0};
}

ExpertStore::Holder* ExpertStore::evictable_slot(LayerState& state, bool may_wait) {
    Holder* victim = nullptr;
    for (auto& slot : state.cached) {
        if (slot->locked || (!may_wait && !read_done(*slot))) continue;
        if (!victim || evict_before(options_.policy, standing(state, *slot), standing(state, *victim)))
            victim = slot.get();
    }
    if (!victim) return nullptr;
    if (victim->speculative && victim->expert >= 0) {
        // Evicted before its layer's routing was known: a guess never used.
        if (read_done(*victim)) ++stats_.prefetch_unused;
        else ++stats_.prefetch_cancelled;
    }
    // Only a speculative read can still be running in an unlocked slot: its pieces not
    // yet started are skipped, so the wait is for the ones under way at most.
    if (victim->dropped) victim->dropped->store(true);
    wait_pending(*victim);  // its buffer may still be being written
    if (victim->expert >= 0) state.by_expert.erase(victim->expert);
    victim->expert = -1;
    victim->ready = false;
    victim->speculative = victim->predicted = victim->demoted = false;
    return victim;
}

std::unique_ptr<ExpertStore::Holder> ExpertStore::new_holder(std::vector<AlignedBuffer>* spare) {
    auto holder = std::make_unique<Holder>();
    if (spare && !spare->empty()) {
        holder->raw = std::move(spare->back());
        spare->pop_back();
    } else if (slot_pool_) {
        holder->raw = slot_pool_->take();  // empty once the pool is used up
    }
    return holder;
}

ExpertStore::Holder* ExpertStore::slot_for_read(LayerState& state, bool may_wait) {
    if (static_cast<int>(state.cached.size()) < state.cap) {
        state.cached.push_back(new_holder());
        return state.cached.back().get();
    }
    return evictable_slot(state, may_wait);
}

size_t ExpertStore::request(int layer, const std::vector<int>& experts) {
    LayerState& state = layers_[layer];
    size_t granted = 0;
    for (int expert : experts) {
        if (options_.vram && options_.vram->holds(layer, expert)) {
            ++stats_.vram_hits;
        } else if (pinned_.count({layer, expert})) {
            ++stats_.pinned_hits;
        } else if (auto it = state.by_expert.find(expert); it != state.by_expert.end()) {
            ++stats_.slot_hits;
            if (it->second->speculative) {
                ++stats_.prefetch_used;
                it->second->speculative = false;
                if (!read_done(*it->second)) pool_->promote(it->second);
            }
            it->second->locked = true;
            it->second->demoted = false;
            it->second->last_use = ++clock_;
        } else {
            Holder* slot = slot_for_read(state, /*may_wait=*/true);
            if (!slot) break;  // every slot holds an expert of this block
            ++stats_.misses;
            start_read(layer, expert, *slot);
            state.by_expert[expert] = slot;
            slot->locked = true;
            slot->last_use = ++clock_;
        }
        ++granted;
    }
    return granted;
}

void ExpertStore::count_uses(int layer, int expert, uint64_t rows) {
    if (layer >= 0 && layer < static_cast<int>(layers_.size())) layers_[layer].uses.count(expert, rows);
}

ExpertStore::Holder* ExpertStore::holder_of(int layer, int expert) const {
    if (auto pin = pinned_.find({layer, expert}); pin != pinned_.end()) return pin->second.get();
    if (auto it = layers_[layer].by_expert.find(expert); it != layers_[layer].by_expert.end()) return it->second;
    return nullptr;
}

const ExpertWeights& ExpertStore::wait(int layer, int expert) {
    Holder* holder = holder_of(layer, expert);
    if (!holder) throw Error("expert " + std::to_string(expert) + " of layer " + std::to_string(layer) + " was not requested");
    try {
        finish_read(*holder);
    } catch (...) {
        // Forget the expert so the next request reads it again.
        if (pinned_.count({layer, expert})) pinned_.erase({layer, expert});
        else {
            layers_[layer].by_expert.erase(expert);
            holder->expert = -1;
            holder->locked = false;
        }
        throw;
    }
    return holder->weights;
}

bool ExpertStore::ready(int layer, int expert) const {
    const Holder* holder = holder_of(layer, expert);
    return !holder || holder->ready || read_done(*holder);
}

void ExpertStore::release(int layer) {
    for (auto& slot : layers_[layer].cached) slot->locked = false;
}

void ExpertStore::prefetch(int layer, const std::vector<int>& experts, size_t max_reads) {
    if (layer < 0 || layer >= static_cast<int>(layers_.size()) || locations_[layer].empty()) return;
    LayerState& state = layers_[layer];
    // The expected experts already held become the most recently used and predicted, so
    // that the reads below do not evict them.
    for (int expert : experts)
        if (auto it = state.by_expert.find(expert); it != state.by_expert.end()) {
            it->second->last_use = ++clock_;
            it->second->predicted = true;
        }
    size_t started = 0;
    for (int expert : experts) {
        if (started == max_reads) return;
        if (tier_of(layer, expert) != ExpertTier::Disk) continue;
        ++started;
        Holder* slot = slot_for_read(state, /*may_wait=*/false);
        if (!slot) return;
        ++stats_.prefetch_reads;
        start_read(layer, expert, *slot, /*urgent=*/false);
        state.by_expert[expert] = slot;
        slot->last_use = ++clock_;
    }
}

void ExpertStore::settle_prefetch(int layer, const std::vector<int>& needed) {
    if (layer < 0 || layer >= static_cast<int>(layers_.size())) return;
    LayerState& state = layers_[layer];
    for (auto& slot : state.cached) {
        slot->predicted = false;
        if (!slot->speculative || slot->expert < 0) continue;
        if (std::find(needed.begin(), needed.end(), slot->expert) != needed.end()) continue;
        slot->speculative = false;
        if (read_done(*slot)) {
            slot->demoted = true;  // a wrong guess: evict before anything the router asked for
            ++stats_.prefetch_unused;
            continue;
        }
        slot->dropped->store(true);
        ++stats_.prefetch_cancelled;
        state.by_expert.erase(slot->expert);
        slot->expert = -1;  // the buffer is reused once its started pieces finish
    }
}

void ExpertStore::set_pins(const std::vector<std::pair<int, int>>& pins) {
    std::map<std::pair<int, int>, std::unique_ptr<Holder>> next;
    for (const auto& key : pins) {
        if (next.count(key)) continue;
        if (options_.vram && options_.vram->holds(key.first, key.second)) continue;  // served from VRAM
        if (auto it = pinned_.find(key); it != pinned_.end()) next[key] = std::move(it->second);
    }
    // The memory of pins leaving the set holds the newcomers: no fresh pages to fault.
    std::vector<AlignedBuffer> spare;
    for (auto& [key, holder] : pinned_)
        if (holder) {
            wait_read(*holder);
            if (holder->raw.size()) spare.push_back(std::move(holder->raw));
        }
    for (const auto& key : pins) {
        if (next.count(key)) continue;
        if (options_.vram && options_.vram->holds(key.first, key.second)) continue;
        auto holder = new_holder(&spare);
        start_read(key.first, key.second, *holder);
        next[key] = std::move(holder);
    }
    pinned_ = std::move(next);
    // A pinned expert no longer needs its slot copy.
    for (const auto& [key, holder] : pinned_) {
        LayerState& state = layers_[key.first];
        if (auto it = state.by_expert.find(key.second); it != state.by_expert.end() && !it->second->locked) {
            wait_read(*it->second);
            it->second->expert = -1;
            state.by_expert.erase(it);
        }
    }
    for (auto& [key, holder] : pinned_) finish_read(*holder);
}

std::vector<std::pair<int, int>> ExpertStore::pins() const {
    std::vector<std::pair<int, int>> out;
    for (const auto& [key, holder] : pinned_) out.push_back(key);
    return out;
}

uint64_t ExpertStore::trim_slots(uint64_t bytes) {
    // Memory no slot holds yet goes first; the layers then grow into what is left of
    // the pool at most, an even share each, so RSS stays where the trim put it.
    uint64_t freed = 0;
    if (slot_pool_ && slot_pool_->left() > 0) {
        freed = slot_pool_->release(bytes);
        int moe_layers = 0;
        for (const auto& state : layers_) moe_layers += state.cap > 0;
        const int share = moe_layers ? int(slot_pool_->left() / size_t(moe_layers)) : 0;
        for (auto& state : layers_)
            if (state.cap > 0) state.cap = std::max(1, std::min(state.cap, int(state.cached.size()) + share));
    }
    bool progress = true;
    while (freed < bytes && progress) {
        progress = false;
        for (auto& state : layers_) {
            if (freed >= bytes) break;
            // Drop the unlocked slot of this layer first in eviction order.
            auto victim = state.cached.end();
            for (auto it = state.cached.begin(); it != state.cached.end(); ++it)
                if (!(*it)->locked && (victim == state.cached.end() ||
                                       evict_before(options_.policy, standing(state, **it), standing(state, **victim))))
                    victim = it;
            if (victim == state.cached.end()) continue;
            wait_read(**victim);
            if ((*victim)->expert >= 0) state.by_expert.erase((*victim)->expert);
            freed += (*victim)->raw.size() + (*victim)->joined.capacity();
            state.cached.erase(victim);
            state.cap = std::max(1, static_cast<int>(state.cached.size()));
            progress = true;
        }
    }
    return freed;
}

}  // namespace peng
