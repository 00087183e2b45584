#pragma once
// A session's KV cache taken out of the session, so a conversation keeps it across
// switches, regenerate, edit and restarts. Restoring a session from a snapshot gives
// the bytes the session held, so the logits after a restore are those of a run from
// scratch (DESIGN.md 1).
//
// A restore point r is a length a Session can be rebuilt at: every full layer holds
// [0, r) and every sliding-window layer its ring [max(0, r - window), r). A snapshot
// of a session gives one (its length); a windows mark taken while the session ran
// adds one more at the mark for the cost of the rings only.
#include <cstdint>
#include <vector>

#include "checkpoint/config.h"
#include "kv/kv_session.h"

namespace peng {

// K/V of one layer for a run of positions [begin, end); per position the layer's
// keys (num_kv_heads*head_dim floats, head order) then values (num_kv_heads*v_head_dim).
struct KvRange {
    int begin = 0, end = 0;
    std::vector<float> data;
};

// The geometry of one layer's cache, carried by the snapshot so that absorb() and
// KvStore::save() need no config, and a file or cache entry of another model is refused.
struct KvLayerShape {
    int window = 0;  // 0 = full attention
    int num_kv_heads = 0, head_dim = 0, v_head_dim = 0;
    size_t floats_per_position() const { return size_t(num_kv_heads) * size_t(head_dim + v_head_dim); }
    bool operator==(const KvLayerShape&) const = default;
};
std::vector<KvLayerShape> kv_layer_shapes(const ModelConfig& config);

// What a session held: tokens[0..N) and, per layer, sorted disjoint ranges of positions.
struct KvSnapshot {
    std::vector<int> tokens;
    std::vector<std::vector<KvRange>> layers;
    std::vector<KvLayerShape> shapes;  // per layer; set by capture_*
    uint64_t bytes() const;            // RAM the snapshot takes
};

// Everything `session` holds (tokens.size() must equal session.length): full layers
// [0, N), each sliding-window layer its ring [max(0, N - window), N).
KvSnapshot capture_snapshot(const ModelConfig& config, const Session& session, const std::vector<int>& tokens);
// Only the sliding-window layers' rings (full layers empty): a cheap restore point
// mark taken while a session runs, e.g. where a turn's prompt ends.
KvSnapshot capture_windows(const ModelConfig& config, const Session& session, const std::vector<int>& tokens);

// Adds to `into` the ranges of `from` at positions where both agree on the tokens
// (their common prefix), merging ranges; where both hold a position, `into`'s floats
// stay. `into` keeps its tokens; an empty `into` takes `from`'s geometry. Then keeps
// at most `max_points` restore points, newest first, and drops the sliding-window
// data that only older ones need. Points are counted as runs of consecutive
// restorable positions (two marks closer than a window share their rings, so they
// cost, and count, as one), judged on the sliding-window layers alone so that a
// snapshot of marks only keeps them until it is absorbed into a whole one.
// Throws peng::Error when the two snapshots are of different geometry.
void absorb(KvSnapshot& into, const KvSnapshot& from, int max_points = 8);

// The largest r <= limit at which a Session can be rebuilt; 0 when none.
int best_restore_point(const ModelConfig& config, const KvSnapshot& snapshot, int limit);
// A session of length r rebuilt from the snapshot; throws peng::Error when r is not
// a restore point or the snapshot is of another geometry.
Session restore_session(const ModelConfig& config, const KvSnapshot& snapshot, int r);

// Restorable positions [first, last] (inclusive), in order.
struct RestoreRun {
    int first = 0, last = 0;
};
// The runs of restore points of a snapshot, from its own shapes and ranges (no data needed);
// with windows_only, full layers are not asked (see absorb()).
std::vector<RestoreRun> restore_runs(const KvSnapshot& snapshot, bool windows_only);

// Throws peng::Error unless every layer's ranges are sorted, disjoint and inside the
// tokens, and (with_data) each holds the floats its layer's shape asks for.
void check_snapshot(const KvSnapshot& snapshot, bool with_data);

// How many leading tokens two sequences share.
int common_prefix(const std::vector<int>& a, const std::vector<int>& b);

}  // namespace peng
