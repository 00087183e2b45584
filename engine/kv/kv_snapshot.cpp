#include "kv/kv_snapshot.h"

#include <algorithm>
#include <initializer_list>
#include <string>

#include "util/error.h"

namespace peng {

namespace {

struct Interval {
    int begin = 0, end = 0;  // [begin, end)
};

// Sorted, with overlapping and touching intervals joined.
std::vector<Interval> coalesce(std::vector<Interval> v) {
    std::sort(v.begin(), v.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    std::vector<Interval> out;
    for (const Interval& i : v) {
        if (i.begin >= i.end) continue;
        if (!out.empty() && i.begin <= out.back().end) out.back().end = std::max(out.back().end, i.end);
        else out.push_back(i);
    }
    return out;
}

std::vector<Interval> coverage(const std::vector<KvRange>& ranges) {
    std::vector<Interval> v;
    for (const KvRange& r : ranges) v.push_back({r.begin, r.end});
    return coalesce(std::move(v));
}

std::vector<Interval> intersect(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        const int begin = std::max(a[i].begin, b[j].begin), end = std::min(a[i].end, b[j].end);
        if (begin < end) out.push_back({begin, end});
        (a[i].end < b[j].end ? i : j)++;
    }
    return out;
}

bool holds_exactly(const std::vector<KvRange>& ranges, const std::vector<Interval>& intervals) {
    return std::equal(ranges.begin(), ranges.end(), intervals.begin(), intervals.end(),
                      [](const KvRange& r, const Interval& i) { return r.begin == i.begin && r.end == i.end; });
}

// The floats of position p in `ranges` (sorted by begin), or null where none holds it.
const float* position_floats(const std::vector<KvRange>& ranges, int p, size_t floats_per_position) {
    auto after = std::upper_bound(ranges.begin(), ranges.end(), p, [](int q, const KvRange& r) { return q < r.begin; });
    if (after == ranges.begin()) return nullptr;
    const KvRange& r = *std::prev(after);
    return p < r.end ? r.data.data() + size_t(p - r.begin) * floats_per_position : nullptr;
}

// One range per interval, each position's floats from the first source that holds it.
std::vector<KvRange> gather(const std::vector<Interval>& intervals, size_t floats_per_position,
                            std::initializer_list<const std::vector<KvRange>*> sources) {
    std::vector<KvRange> out;
    for (const Interval& i : intervals) {
        KvRange r{i.begin, i.end, std::vector<float>(size_t(i.end - i.begin) * floats_per_position)};
        for (int p = i.begin; p < i.end; ++p) {
            const float* from = nullptr;
            for (const auto* source : sources)
                if ((from = position_floats(*source, p, floats_per_position))) break;
            if (!from) throw Error("KV snapshot: position " + std::to_string(p) + " is held by no source range");
            std::copy_n(from, floats_per_position, r.data.begin() + size_t(p - i.begin) * floats_per_position);
        }
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

void check_snapshot(const KvSnapshot& s, bool with_data) {
    if (s.layers.size() != s.shapes.size())
        throw Error("KV snapshot: " + std::to_string(s.layers.size()) + " layers of ranges but " +
                    std::to_string(s.shapes.size()) + " layer shapes");
    for (size_t l = 0; l < s.layers.size(); ++l) {
        int previous_end = 0;
        for (const KvRange& r : s.layers[l]) {
            if (r.begin < previous_end || r.end <= r.begin || r.end > int(s.tokens.size()))
                throw Error("KV snapshot: layer " + std::to_string(l) + " range [" + std::to_string(r.begin) + ", " +
                            std::to_string(r.end) + ") is out of order or outside the " +
                            std::to_string(s.tokens.size()) + " tokens");
            if (with_data && r.data.size() != size_t(r.end - r.begin) * s.shapes[l].floats_per_position())
                throw Error("KV snapshot: layer " + std::to_string(l) + " range [" + std::to_string(r.begin) + ", " +
                            std::to_string(r.end) + ") holds " + std::to_string(r.data.size()) + " floats, expected " +
                            std::to_string(size_t(r.end - r.begin) * s.shapes[l].floats_per_position()));
            previous_end = r.end;
        }
    }
}

namespace {

void check_geometry(const ModelConfig& config, const KvSnapshot& s) {
    if (s.shapes != kv_layer_shapes(config))
        throw Error("KV snapshot: its layer geometry is not this model's (another model's snapshot)");
}

KvSnapshot capture(const ModelConfig& config, const Session& session, const std::vector<int>& tokens,
                   bool full_layers) {
    if (int(tokens.size()) != session.length)
        throw Error("KV capture: " + std::to_string(tokens.size()) + " tokens given for a session of " +
                    std::to_string(session.length) + " positions");
    if (int(session.layers.size()) != config.num_layers)
        throw Error("KV capture: the session has " + std::to_string(session.layers.size()) +
                    " layers, the model " + std::to_string(config.num_layers));
    KvSnapshot s;
    s.tokens = tokens;
    s.shapes = kv_layer_shapes(config);
    s.layers.resize(s.shapes.size());
    const int n = session.length;
    for (size_t l = 0; l < s.shapes.size(); ++l) {
        const KvLayerShape& shape = s.shapes[l];
        if (!shape.window && !full_layers) continue;
        const int begin = shape.window ? std::max(0, n - shape.window) : 0;
        if (begin == n) continue;
        const size_t fpp = shape.floats_per_position(), keys = size_t(shape.num_kv_heads) * shape.head_dim;
        KvRange r{begin, n, std::vector<float>(size_t(n - begin) * fpp)};
        for (int p = begin; p < n; ++p) {
            float* at = r.data.data() + size_t(p - begin) * fpp;
            session.layers[l].read(p, at, at + keys);
        }
        s.layers[l].push_back(std::move(r));
    }
    return s;
}

}  // namespace

std::vector<KvLayerShape> kv_layer_shapes(const ModelConfig& config) {
    std::vector<KvLayerShape> shapes;
    shapes.reserve(size_t(config.num_layers));  // exact, so a copy's bytes() is the original's
    for (int l = 0; l < config.num_layers; ++l) {
        const AttentionShape a = config.attention(l);
        shapes.push_back({a.window, a.num_kv_heads, a.head_dim, a.v_head_dim});
    }
    return shapes;
}

uint64_t KvSnapshot::bytes() const {
    uint64_t total = sizeof *this + tokens.capacity() * sizeof(int) + shapes.capacity() * sizeof(KvLayerShape) +
                     layers.capacity() * sizeof(std::vector<KvRange>);
    for (const auto& ranges : layers) {
        total += ranges.capacity() * sizeof(KvRange);
        for (const KvRange& r : ranges) total += r.data.capacity() * sizeof(float);
    }
    return total;
}

KvSnapshot capture_snapshot(const ModelConfig& config, const Session& session, const std::vector<int>& tokens) {
    return capture(config, session, tokens, true);
}

KvSnapshot capture_windows(const ModelConfig& config, const Session& session, const std::vector<int>& tokens) {
    return capture(config, session, tokens, false);
}

int common_prefix(const std::vector<int>& a, const std::vector<int>& b) {
    return int(std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin()).first - a.begin());
}

std::vector<RestoreRun> restore_runs(const KvSnapshot& s, bool windows_only) {
    check_snapshot(s, false);
    // Each layer allows r where it holds [max(0, r - window), r); as intervals of r.
    std::vector<Interval> allowed{{1, int(s.tokens.size()) + 1}};
    for (size_t l = 0; l < s.layers.size(); ++l) {
        const int window = s.shapes[l].window;
        if (!window && windows_only) continue;
        std::vector<Interval> layer;
        for (const Interval& held : coverage(s.layers[l])) {
            if (held.begin == 0) layer.push_back({1, held.end + 1});
            else if (window && held.begin + window <= held.end) layer.push_back({held.begin + window, held.end + 1});
        }
        allowed = intersect(allowed, layer);
    }
    std::vector<RestoreRun> runs;
    for (const Interval& i : allowed) runs.push_back({i.begin, i.end - 1});
    return runs;
}

void absorb(KvSnapshot& into, const KvSnapshot& from, int max_points) {
    if (into.shapes.empty() && into.layers.empty()) {
        into.shapes = from.shapes;
        into.layers.resize(from.shapes.size());
    }
    if (into.shapes != from.shapes) throw Error("KV absorb: the two snapshots are of different layer geometry");
    check_snapshot(into, true);
    check_snapshot(from, true);
    const std::vector<Interval> shared{{0, common_prefix(into.tokens, from.tokens)}};
    for (size_t l = 0; l < into.layers.size(); ++l) {
        std::vector<Interval> held = coverage(into.layers[l]), added = intersect(coverage(from.layers[l]), shared);
        // Nothing new (a full layer and a windows mark, or an older snapshot of the
        // same conversation): no copy of a long layer.
        const std::vector<Interval> already = intersect(added, held);
        if (std::equal(added.begin(), added.end(), already.begin(), already.end(),
                       [](const Interval& a, const Interval& b) { return a.begin == b.begin && a.end == b.end; }))
            continue;
        held.insert(held.end(), added.begin(), added.end());
        into.layers[l] = gather(coalesce(std::move(held)), into.shapes[l].floats_per_position(),
                                {&into.layers[l], &from.layers[l]});
    }
    // The rings the newest max_points runs need; full layers serve every point and stay.
    std::vector<RestoreRun> runs = restore_runs(into, true);
    runs.erase(runs.begin(), runs.end() - std::min<ptrdiff_t>(runs.size(), std::max(0, max_points)));
    for (size_t l = 0; l < into.layers.size(); ++l) {
        const int window = into.shapes[l].window;
        if (!window) continue;
        std::vector<Interval> needed;
        for (const RestoreRun& run : runs) needed.push_back({std::max(0, run.first - window), run.last});
        const std::vector<Interval> keep = intersect(coverage(into.layers[l]), coalesce(std::move(needed)));
        if (holds_exactly(into.layers[l], keep)) continue;
        into.layers[l] = gather(keep, into.shapes[l].floats_per_position(), {&into.layers[l]});
    }
}

int best_restore_point(const ModelConfig& config, const KvSnapshot& snapshot, int limit) {
    check_geometry(config, snapshot);
    int best = 0;
    for (const RestoreRun& run : restore_runs(snapshot, false))
        if (run.first <= limit) best = std::min(run.last, limit);
    return best;
}

Session restore_session(const ModelConfig& config, const KvSnapshot& snapshot, int r) {
    check_geometry(config, snapshot);
    check_snapshot(snapshot, true);
    if (r < 0 || (r > 0 && best_restore_point(config, snapshot, r) != r))
        throw Error("KV restore: position " + std::to_string(r) + " is not a restore point of the snapshot (" +
                    std::to_string(snapshot.tokens.size()) + " tokens)");
    Session session(config);
    for (size_t l = 0; l < snapshot.shapes.size(); ++l) {
        const KvLayerShape& shape = snapshot.shapes[l];
        const size_t fpp = shape.floats_per_position(), keys = size_t(shape.num_kv_heads) * shape.head_dim;
        for (int p = shape.window ? std::max(0, r - shape.window) : 0; p < r; ++p) {
            const float* at = position_floats(snapshot.layers[l], p, fpp);
            session.layers[l].append(p, at, at + keys);
        }
    }
    session.length = r;
    return session;
}

}  // namespace peng
