#pragma once
// The expert memory hierarchy. Lookup order per routed expert:
//   VRAM tier -> pinned RAM -> the layer's slots -> disk.
// A layer's slots evict by its cache policy (eviction_order.h): wrong guesses first,
// experts the lookahead predicts last, otherwise least frequently / recently used.
// Disk reads go through a bounded I/O pool (O_DIRECT by default), each split over its
// threads, so a layer's missed experts load while its resident ones compute, and a
// predicted expert (prefetch) loads while the layer's attention runs. Whatever tier
// serves an expert, the kernels see the released bytes, so placement never changes
// the output.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/expert_locator.h"
#include "checkpoint/inventory.h"
#include "experts/expert_tier.h"
#include "experts/expert_weights.h"
#include "experts/eviction_order.h"
#include "experts/slot_pool.h"
#include "experts/vram_tier.h"
#include "io/direct_reader.h"
#include "io/io_pool.h"

namespace peng {

struct ExpertStoreOptions {
    int cap_per_layer = 0;                    // slots per MoE layer; 0 = every expert
    CachePolicy policy = CachePolicy::Frequency;  // which unlocked slot is evicted first
    std::vector<std::pair<int, int>> pins;    // (layer, expert) held in RAM for the whole run
    bool direct_io = true;                    // O_DIRECT where the filesystem allows it
    int io_threads = 4;
    uint64_t read_piece_bytes = 1u << 20;     // a read is split over the I/O threads in pieces this size or more
    VramTier* vram = nullptr;                 // not owned; null without a GPU
    // Slots per MoE layer whose memory is faulted in while the model loads (the RAM
    // budget's share, slot_pool.h); slots past it are allocated when first read.
    int warm_slots_per_layer = 0;
    size_t warm_pins = 0;                     // pinned experts the pool also covers (the plan's pins)
};

// The slots per MoE layer a store with these options faults in at load: the warm
// count, never past the cap.
int warm_slots_per_layer(const ExpertStoreOptions& options, const ModelConfig& config);

struct ExpertStats {
    uint64_t vram_hits = 0, pinned_hits = 0, slot_hits = 0, misses = 0;
    uint64_t bytes_read = 0;                  // expert bytes read from disk (reads in flight count when done)
    uint64_t prefetch_reads = 0;              // reads started by prefetch()
    uint64_t prefetch_used = 0;               // of those, requested before being dropped
    uint64_t prefetch_cancelled = 0;          // dropped unfinished when the routing showed them unneeded
    uint64_t prefetch_unused = 0;             // finished, then settled as unneeded or evicted before any request
    double disk_service_s = 0;                // time the I/O threads spent reading
    double disk_busy_s = 0;                   // wall time with at least one read running
    double disk_wait_s = 0;                   // time the forward pass waited for reads
    uint64_t hits() const { return vram_hits + pinned_hits + slot_hits; }
    double hit_rate() const { return hits() + misses ? double(hits()) / double(hits() + misses) : 1.0; }
};

class ExpertStore {
public:
    // `pool`, if any, supplies the memory of new slots and pins (slot_pool.h).
    ExpertStore(const Checkpoint& ckpt, ExpertFormat format, const ExpertStoreOptions& options,
                std::unique_ptr<SlotPool> pool = nullptr);
    // RAM one slot of this checkpoint holds: what a SlotPool for it allocates per buffer.
    static uint64_t slot_bytes_of(const Checkpoint& ckpt, ExpertFormat format);
    ~ExpertStore();
    ExpertStore(const ExpertStore&) = delete;
    ExpertStore& operator=(const ExpertStore&) = delete;

    // Where the expert lives now.
    ExpertTier tier_of(int layer, int expert) const;

    // Grants experts for one block of work on `layer`, in the order given, starting
    // reads for the missing ones. Stops early when every slot is taken by an expert
    // already granted; returns how many were granted (a prefix of `experts`).
    size_t request(int layer, const std::vector<int>& experts);
    // A granted expert's weights; waits for its read. A failed read throws a
    // peng::Error naming the file, and leaves the store consistent.
    const ExpertWeights& wait(int layer, int expert);
    // True unless the expert's read is still running (wait() would block).
    bool ready(int layer, int expert) const;
    // A block of `layer` routes `rows` of its rows to `expert`: the use count the
    // frequency policy ranks slots by (called before the block's request()).
    void count_uses(int layer, int expert, uint64_t rows);
    // Granted slots of `layer` become evictable again.
    void release(int layer);
    // Starts speculative reads for experts `layer` is expected to need, into free or
    // evictable slots. They queue behind demand reads; one requested before it is done
    // moves up to the demand queue.
    // At most `max_reads` reads start (the first experts of the list that are on disk).
    // The listed experts already held become the most recently used; until the layer's
    // routing is settled, the listed experts are evicted only when nothing else can be.
    void prefetch(int layer, const std::vector<int>& experts, size_t max_reads = SIZE_MAX);
    // The routing of `layer` is known: speculative reads of experts not in `needed`
    // that have not finished are dropped (their queued pieces never reach the disk),
    // and finished ones become the layer's first candidates for eviction. The layer's
    // predictions end here.
    void settle_prefetch(int layer, const std::vector<int>& needed);

    // Replaces the pinned set: experts leaving it are dropped, new ones are read now.
    // Experts the VRAM tier holds are skipped: RAM copies of them would never be read.
    void set_pins(const std::vector<std::pair<int, int>>& pins);
    std::vector<std::pair<int, int>> pins() const;
    // Frees slots (in eviction order, round-robin over layers) until at least
    // `bytes` are released or no unlocked slot is left; lowers the caps to match.
    uint64_t trim_slots(uint64_t bytes);

    ExpertStats stats() const;
    uint64_t expert_bytes() const { return expert_bytes_; }
    uint64_t slot_bytes() const;              // RAM one slot or pin holds (aligned read span)
    const SlotPool* slot_pool() const { return slot_pool_.get(); }
    int cap() const { return cap_; }
    CachePolicy policy() const { return options_.policy; }
    int cap(int layer) const { return layers_[layer].cap; }
    int resident_slots() const;
    // True when every routed expert of every MoE layer is in VRAM, pinned or in a slot:
    // nothing the routing picks can come from disk.
    bool every_expert_held() const;
    bool direct_io() const;
    VramTier* vram() const { return options_.vram; }

private:
    struct Holder;                            // bytes + views of one expert
    struct LayerState {
        int cap = 0;
        UseCounts uses{0, 0};
        std::vector<std::unique_ptr<Holder>> cached;
        std::unordered_map<int, Holder*> by_expert;
    };

    Holder* holder_of(int layer, int expert) const;  // pinned or in a slot; null if neither
    void start_read(int layer, int expert, Holder& holder, bool urgent = true);
    void wait_pending(Holder& holder);        // counts the wait as disk wait; forgets a failed read
    void finish_read(Holder& holder);         // waits; views built on success
    // How a slot stands in the eviction order (eviction_order.h).
    CachedUse standing(const LayerState& state, const Holder& holder) const;
    // The unlocked slot first in eviction order, emptied; null if none. Without `may_wait`
    // a slot whose read is still in flight is passed over instead of waited for.
    Holder* evictable_slot(LayerState& state, bool may_wait = true);
    // A new slot while the layer is under its cap, else an evictable one.
    Holder* slot_for_read(LayerState& state, bool may_wait);
    // A holder for a new slot or pin, its memory from `spare` or the pool when they have some.
    std::unique_ptr<Holder> new_holder(std::vector<AlignedBuffer>* spare = nullptr);

    const Checkpoint& ckpt_;
    ExpertFormat format_;
    ExpertStoreOptions options_;
    int cap_ = 0;
    uint64_t expert_bytes_ = 0;
    std::vector<std::vector<ExpertLocation>> locations_;
    std::map<const SafetensorsFile*, std::unique_ptr<DirectReader>> readers_;
    std::vector<LayerState> layers_;
    std::map<std::pair<int, int>, std::unique_ptr<Holder>> pinned_;
    uint64_t clock_ = 0;
    ExpertStats stats_;
    std::atomic<uint64_t> service_ns_{0};
    std::atomic<uint64_t> read_bytes_{0};     // expert bytes the I/O threads have read
    std::unique_ptr<SlotPool> slot_pool_;
    std::unique_ptr<IoPool> pool_;            // last: its threads stop before the holders go
};

}  // namespace peng
