// KV snapshots, their files and the in-RAM prefix cache. The rule of DESIGN.md 1
// holds across a restore: logits after restore_session (from RAM or from a file) are
// the bytes of a run from scratch. Bad files are skipped with a warning naming them,
// never trusted; a failed save keeps the previous file.
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "experts/usage_history.h"
#include "file_size_limit.h"
#include "kv/kv_file.h"
#include "kv/kv_prefix_cache.h"
#include "kv/kv_snapshot.h"
#include "kv/kv_store.h"
#include "model/model.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = PENG_FIXTURE_DIR;
const std::string kTemplate = "{{ messages }}";
constexpr uint64_t kNoCap = uint64_t(1) << 40;

std::vector<int> test_tokens(int count, uint32_t seed = 12345) {
    std::vector<int> tokens(count);
    uint32_t state = seed;
    for (auto& t : tokens) {
        state = state * 1664525u + 1013904223u;
        t = static_cast<int>((state >> 8) % 300);
    }
    return tokens;
}

std::vector<int> head(const std::vector<int>& tokens, int n) { return {tokens.begin(), tokens.begin() + n}; }

// A session holding `n` positions of arbitrary float bits (NaN payloads included), for
// the tests that need KV bytes but not a model run. The bits of (layer, position)
// depend on the seed only, so sessions of one seed agree on their common positions,
// as runs over a common prefix do.
Session session_of_noise(const ModelConfig& config, int n, uint32_t seed) {
    Session session(config);
    for (int l = 0; l < config.num_layers; ++l) {
        const AttentionShape a = config.attention(l);
        std::vector<float> k(size_t(a.k_rows())), v(size_t(a.v_rows()));
        uint32_t state = seed * 7919u + uint32_t(l);
        for (int p = 0; p < n; ++p) {
            for (std::vector<float>* kv : {&k, &v})
                for (float& f : *kv) {
                    state = state * 1664525u + 1013904223u;
                    std::memcpy(&f, &state, sizeof f);
                }
            session.layers[l].append(p, k.data(), v.data());
        }
    }
    session.length = n;
    return session;
}

bool same_floats(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool same_snapshot(const KvSnapshot& a, const KvSnapshot& b) {
    if (a.tokens != b.tokens || a.shapes != b.shapes || a.layers.size() != b.layers.size()) return false;
    for (size_t l = 0; l < a.layers.size(); ++l) {
        if (a.layers[l].size() != b.layers[l].size()) return false;
        for (size_t i = 0; i < a.layers[l].size(); ++i) {
            const KvRange &x = a.layers[l][i], &y = b.layers[l][i];
            if (x.begin != y.begin || x.end != y.end || !same_floats(x.data, y.data)) return false;
        }
    }
    return true;
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

bool names(const std::vector<std::string>& warnings, const std::string& path, const std::string& what = "") {
    return warnings.size() == 1 && warnings[0].find(path) != std::string::npos &&
           warnings[0].find(what) != std::string::npos;
}

// The file layout's offsets, from the header's own fields (kv_file.h).
size_t header_bytes_of(const std::string& file) {
    uint64_t bytes = 0;
    std::memcpy(&bytes, file.data() + 16, sizeof bytes);
    return size_t(bytes);
}

}  // namespace

class TestKvStore : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::map<std::string, std::unique_ptr<Model>> models_;

    Model& model(const std::string& fixture) {
        auto& m = models_[fixture];
        if (!m) m = std::make_unique<Model>(kFixtures + "/" + fixture, ModelOptions{});
        return *m;
    }
    std::string folder(const std::string& name) { return (tmp_.path() + "/").toStdString() + name; }

    // Logits of tokens[from..) run on `session`, every row.
    std::vector<float> logits_after(Model& m, Session& session, const std::vector<int>& tokens, int from) {
        const int count = int(tokens.size()) - from;
        std::vector<float> logits(size_t(count) * m.config().vocab_size);
        m.forward(session, &tokens[from], count, logits.data(), true, RunConfig{});
        return logits;
    }
    static std::vector<float> rows_from(const std::vector<float>& all, int from, int vocab) {
        return {all.begin() + size_t(from) * vocab, all.end()};
    }

private slots:
    void the_fingerprint_follows_the_weights_not_only_the_shapes() {
        // Saved KV caches are keyed by the model's fingerprint: the same config and shard
        // sizes with other weights (a retrained or re-released model) must not match.
        const fs::path dir = fs::path(tmp_.path().toStdString()) / "fingerprint-model";
        fs::copy(kFixtures + "/tiny-mxfp4", dir, fs::copy_options::recursive);
        fs::remove(dir / "SHA256SUMS");
        const uint64_t plain = model_fingerprint(dir.string());
        QCOMPARE(model_fingerprint(dir.string()), plain);  // stable while nothing changes
        // Without a manifest, rewriting a shard (same size) changes it through its write time.
        const fs::path shard = dir / "model_pp0_ep0_shard0.safetensors";
        fs::last_write_time(shard, fs::last_write_time(shard) + std::chrono::seconds(5));
        const uint64_t rewritten = model_fingerprint(dir.string());
        QVERIFY(rewritten != plain);
        // With one, the manifest names the contents: write times no longer matter...
        std::ofstream(dir / "SHA256SUMS") << std::string(64, 'a') << "  model_pp0_ep0_shard0.safetensors\n";
        const uint64_t listed = model_fingerprint(dir.string());
        fs::last_write_time(shard, fs::last_write_time(shard) + std::chrono::seconds(5));
        QCOMPARE(model_fingerprint(dir.string()), listed);
        // ...and other contents give another fingerprint.
        std::ofstream(dir / "SHA256SUMS") << std::string(64, 'b') << "  model_pp0_ep0_shard0.safetensors\n";
        QVERIFY(model_fingerprint(dir.string()) != listed);
    }

    void restored_sessions_give_the_bytes_of_a_run_from_scratch_data() {
        QTest::addColumn<QString>("fixture");
        for (const char* f : {"tiny-mxfp4", "tiny-fp8", "pro-tiny"}) QTest::newRow(f) << QString(f);
    }
    void restored_sessions_give_the_bytes_of_a_run_from_scratch() {
        QFETCH(QString, fixture);
        Model& m = model(fixture.toStdString());
        const ModelConfig& c = m.config();
        QCOMPARE(c.sliding_window, 128);
        const int vocab = c.vocab_size;
        const std::vector<int> tokens = test_tokens(600);
        Session scratch(c);
        const std::vector<float> reference = logits_after(m, scratch, tokens, 0);

        // One run with windows marks at 60 (inside the first window), 200 (its ring
        // wrapped) and 400, a whole snapshot at 100 (shorter than the window) and at
        // 560. The marks are more than a window apart, so each stands alone.
        Session run(c);
        std::vector<KvSnapshot> marks;
        KvSnapshot short_snapshot, snapshot;
        int at = 0;
        for (int stop : {60, 100, 200, 400, 560}) {
            m.forward(run, &tokens[at], stop - at, nullptr, false, RunConfig{});
            at = stop;
            if (stop == 100) short_snapshot = capture_snapshot(c, run, head(tokens, stop));
            else if (stop == 560) snapshot = capture_snapshot(c, run, head(tokens, stop));
            else marks.push_back(capture_windows(c, run, head(tokens, stop)));
        }
        QCOMPARE(best_restore_point(c, snapshot, 559), 0);  // before absorbing, only 560 restores
        for (const KvSnapshot& mark : marks) absorb(snapshot, mark);
        const std::vector<std::pair<int, int>> limit_to_point = {
            {600, 560}, {559, 400}, {399, 200}, {199, 60}, {59, 59}, {0, 0}};
        for (auto [limit, point] : limit_to_point) QCOMPARE(best_restore_point(c, snapshot, limit), point);

        auto check_restores = [&](const KvSnapshot& s, std::initializer_list<int> points) {
            for (int r : points) {
                Session restored = restore_session(c, s, r);
                QCOMPARE(restored.length, r);
                QVERIFY2(same_floats(logits_after(m, restored, tokens, r), rows_from(reference, r, vocab)),
                         qPrintable(QString("logits after a restore at %1 differ").arg(r)));
            }
        };
        check_restores(snapshot, {560, 400, 200, 60, 17});
        check_restores(short_snapshot, {100, 37});
        QVERIFY_THROWS_EXCEPTION(Error, restore_session(c, snapshot, 450));  // no ring for 450

        // Through a file: the same floats come back and restore the same bytes.
        KvStore store(folder("roundtrip-" + fixture.toStdString()), KvIdentity::of(kFixtures + "/" + fixture.toStdString(), kTemplate), kNoCap);
        store.save("conversation/1", snapshot);
        std::vector<std::string> warnings;
        auto found = store.find_best(c, tokens, int(tokens.size()), warnings);
        QVERIFY(found);
        QVERIFY(warnings.empty());
        QCOMPARE(found->key, std::string("conversation/1"));
        QCOMPARE(found->point, 560);
        QVERIFY(same_snapshot(found->snapshot, snapshot));
        check_restores(found->snapshot, {560, 200});
        QCOMPARE(store.find_best(c, tokens, 450, warnings)->point, 400);
        QVERIFY(!store.find_best(c, test_tokens(600, 7), 600, warnings));  // no shared prefix
        QVERIFY(warnings.empty());
    }

    void marks_give_restore_points_and_max_points_is_honoured() {
        const ModelConfig c = ModelConfig::load(kFixtures + "/tiny-mxfp4");
        const std::vector<int> tokens = test_tokens(800);
        std::vector<KvSnapshot> marks;
        for (int at : {50, 200, 210, 400, 600})
            marks.push_back(capture_windows(c, session_of_noise(c, at, 1), head(tokens, at)));
        for (size_t l = 0; l < marks[0].layers.size(); ++l)
            QCOMPARE(marks[0].layers[l].empty(), c.attention(int(l)).window == 0);  // windows only
        const KvSnapshot whole = capture_snapshot(c, session_of_noise(c, 800, 1), tokens);
        KvSnapshot all = whole;
        for (const KvSnapshot& mark : marks) absorb(all, mark, 8);
        const std::vector<std::pair<int, int>> limit_to_point = {{800, 800}, {799, 600}, {601, 600}, {599, 400},
                                                                 {399, 210}, {209, 209}, {205, 205}, {200, 200},
                                                                 {199, 50},  {49, 49},   {0, 0}};
        for (auto [limit, point] : limit_to_point) QCOMPARE(best_restore_point(c, all, limit), point);
        // Marks 200 and 210 are closer than the window: every position between them
        // restores, and they count as one point.
        QCOMPARE(int(restore_runs(all, false).size()), 5);
        // What a restore rebuilds is what the session held there.
        const Session at_205 = restore_session(c, all, 205), original = session_of_noise(c, 205, 1);
        for (int l = 0; l < c.num_layers; ++l) {
            const AttentionShape a = c.attention(l);
            for (int p = a.window ? 205 - a.window : 0; p < 205; ++p)
                QVERIFY(std::memcmp(at_205.layers[l].key(p, 1), original.layers[l].key(p, 1), a.head_dim * 4) == 0 &&
                        std::memcmp(at_205.layers[l].value(p, 0), original.layers[l].value(p, 0), a.v_head_dim * 4) == 0);
        }

        // Absorbed one at a time with max_points 3: the newest three stay, the rings only
        // older points needed are gone.
        KvSnapshot kept = whole;
        for (const KvSnapshot& mark : marks) absorb(kept, mark, 3);
        QCOMPARE(int(restore_runs(kept, false).size()), 3);
        QCOMPARE(best_restore_point(c, kept, 799), 600);
        QCOMPARE(best_restore_point(c, kept, 599), 400);
        QCOMPARE(best_restore_point(c, kept, 399), 0);
        QVERIFY(kept.bytes() < all.bytes());

        // A mark from another branch counts only where the tokens agree (its ring there
        // is too short to restore anything), so it never gives a wrong restore.
        std::vector<int> branch = head(tokens, 150);
        for (int t : test_tokens(100, 3)) branch.push_back(t);
        KvSnapshot mixed = whole;
        absorb(mixed, capture_windows(c, session_of_noise(c, 250, 2), branch), 8);
        QCOMPARE(best_restore_point(c, mixed, 799), 0);
        QVERIFY(same_snapshot(mixed, whole));
        // And absorbing the whole branch adds nothing: where both hold, `into` wins.
        absorb(mixed, capture_snapshot(c, session_of_noise(c, 250, 2), branch), 8);
        QVERIFY(same_snapshot(mixed, whole));
    }

    void bad_files_are_skipped_with_a_warning() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        const ModelConfig c = ModelConfig::load(dir);
        const KvIdentity identity = KvIdentity::of(dir, kTemplate);
        const std::vector<int> tokens = test_tokens(320);
        const KvSnapshot good = capture_snapshot(c, session_of_noise(c, 150, 1), head(tokens, 150));
        const KvSnapshot best = capture_snapshot(c, session_of_noise(c, 300, 2), head(tokens, 300));
        KvStore source(folder("bad-source"), identity, kNoCap);
        source.save("best", best);
        source.save("good", good);
        const std::string best_bytes = read_bytes(source.path_for("best"));
        const std::string good_bytes = read_bytes(source.path_for("good"));
        const size_t header = header_bytes_of(best_bytes), payload = header + 8;
        QVERIFY(payload < best_bytes.size());

        // A store holding `good` and, as "bad", the given bytes (or thing): find_best
        // falls back to `good` with one warning naming the bad file.
        int case_number = 0;
        auto expect_skipped = [&](const std::function<void(const std::string&)>& make_bad, const std::string& what,
                                  bool identical_ok = false) {
            KvStore store(folder("bad-" + std::to_string(case_number++)), identity, kNoCap);
            fs::create_directories(store.dir());
            write_bytes(store.path_for("good"), good_bytes);
            const std::string bad = store.path_for("bad");
            make_bad(bad);
            std::vector<std::string> warnings;
            auto found = store.find_best(c, tokens, 320, warnings);
            QVERIFY(found);
            if (identical_ok && found->key == "best") {  // a flip zstd's decoder does not need, e.g. a window size
                QVERIFY(warnings.empty());
                QVERIFY(same_snapshot(found->snapshot, best));
                return;
            }
            QCOMPARE(found->key, std::string("good"));
            QCOMPARE(found->point, 150);
            QVERIFY(same_snapshot(found->snapshot, good));
            QVERIFY2(names(warnings, bad, what), qPrintable(QString::fromStdString(
                                                     (warnings.empty() ? "no warning" : warnings[0]) + " / " + what)));
        };
        auto bytes = [](std::string b) { return [b](const std::string& path) { write_bytes(path, b); }; };

        // The unbroken file wins, so the cases below fail for their damage alone; and
        // files are chosen on their headers: a losing file's payload is never read, so
        // its damage there goes unseen.
        {
            KvStore store(folder("bad-control"), identity, kNoCap);
            store.save("good", good);
            write_bytes(store.path_for("best"), best_bytes);
            std::string worse = good_bytes;
            worse[worse.size() / 2] ^= 0x01;
            write_bytes(store.dir() + "/worse.pengkv", worse);
            std::vector<std::string> warnings;
            QCOMPARE(store.find_best(c, tokens, 320, warnings)->key, std::string("best"));
            QVERIFY(warnings.empty());
            fs::remove(store.path_for("best"));
            fs::remove(store.path_for("good"));
            QVERIFY(!store.find_best(c, tokens, 320, warnings));  // read now: its payload fails
            QVERIFY(names(warnings, store.dir() + "/worse.pengkv", "payload"));
        }
        // Inside the tokens: before the payload sizes (20 bytes), 6 layers' ranges (12 each)
        // and half of the 300 tokens.
        const size_t tokens_at = header - 20 - 6 * 12 - 150 * 4;
        for (size_t cut : {size_t(0), size_t(5), size_t(12), size_t(20), size_t(30), size_t(60), tokens_at, header - 3,
                           header, payload - 1, payload, payload + 1, payload + 100, best_bytes.size() / 2,
                           best_bytes.size() - 1})
            expect_skipped(bytes(best_bytes.substr(0, cut)), "");
        for (size_t at = 0; at < payload; at += (at < 40 ? 1 : 29)) {
            std::string flipped = best_bytes;
            flipped[at] ^= 0x10;
            expect_skipped(bytes(flipped), "");
        }
        for (size_t at = payload; at < best_bytes.size(); at += best_bytes.size() / 31 + 1) {
            std::string flipped = best_bytes;
            flipped[at] ^= 0x01;
            expect_skipped(bytes(flipped), "", true);
        }
        for (size_t at : {size_t(8), size_t(12)}) {  // the format, then the layout version
            std::string newer = best_bytes;
            newer[at] = 2;
            expect_skipped(bytes(newer), at == 8 ? "format version 2" : "layout version 2");
        }
        expect_skipped(bytes(""), "too short");
        expect_skipped([](const std::string& p) { fs::create_directory(p); }, "is a directory");
        expect_skipped([](const std::string& p) { QCOMPARE(::mkfifo(p.c_str(), 0600), 0); }, "is a FIFO, not a regular file");
        expect_skipped([&](const std::string& p) { fs::create_symlink(folder("nowhere"), p); }, "link to nowhere");

        // Another model, another template, another geometry: each written by a store
        // of that identity into the same folder.
        auto foreign = [&](KvIdentity other, const KvSnapshot& s) {
            return [other, s](const std::string& p) {
                KvStore writer(fs::path(p).parent_path().string(), other, kNoCap);
                writer.save("bad", s);
                QCOMPARE(writer.path_for("bad"), p);
            };
        };
        expect_skipped(foreign(KvIdentity::of(kFixtures + "/tiny-fp8", kTemplate), best), "another model");
        expect_skipped(foreign(KvIdentity::of(dir, kTemplate + " "), best), "another chat template");
        const ModelConfig pro = ModelConfig::load(kFixtures + "/pro-tiny");
        expect_skipped(foreign(identity, capture_snapshot(pro, session_of_noise(pro, 300, 3), head(tokens, 300))),
                       "has 8 layers, the model 6");
        ModelConfig fewer_heads = c;  // the same layers, the sliding-window ones with half the KV heads
        fewer_heads.swa_num_key_value_heads /= 2;
        expect_skipped(foreign(identity, capture_snapshot(fewer_heads, session_of_noise(fewer_heads, 300, 3),
                                                          head(tokens, 300))),
                       "KV layer 1 is sliding window 128, 4 KV heads");

        // Nothing good left: nullopt, with the warning.
        KvStore lonely(folder("bad-lonely"), identity, kNoCap);
        fs::create_directories(lonely.dir());
        write_bytes(lonely.path_for("bad"), best_bytes.substr(0, payload + 10));
        std::vector<std::string> warnings;
        QVERIFY(!lonely.find_best(c, tokens, 320, warnings));
        QVERIFY(names(warnings, lonely.path_for("bad"), "truncated"));
    }

    void a_failed_save_keeps_the_previous_file() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        const ModelConfig c = ModelConfig::load(dir);
        const std::vector<int> tokens = test_tokens(300);
        const KvSnapshot old_one = capture_snapshot(c, session_of_noise(c, 150, 4), head(tokens, 150));
        const KvSnapshot new_one = capture_snapshot(c, session_of_noise(c, 300, 5), tokens);
        KvStore store(folder("full-disk"), KvIdentity::of(dir, kTemplate), kNoCap);
        store.save("chat", old_one);

        // A full disk: writes past 64 KiB fail with EFBIG.
        QString error;
        {
            FileSizeLimit full(64 * 1024);
            QVERIFY(full.ok());
            try {
                store.save("chat", new_one);
            } catch (const Error& e) {
                error = e.what();
            }
        }
        QVERIFY2(error.contains(QString::fromStdString(store.path_for("chat"))), qPrintable(error));
        QVERIFY2(error.contains("File too large"), qPrintable(error));
        // No temporary is left: the folder holds the old file alone.
        QCOMPARE(std::distance(fs::directory_iterator(store.dir()), fs::directory_iterator()), 1);

        std::vector<std::string> warnings;
        auto found = store.find_best(c, tokens, 300, warnings);
        QVERIFY(found && warnings.empty());
        QCOMPARE(found->point, 150);
        QVERIFY(same_snapshot(found->snapshot, old_one));
        store.save("chat", new_one);  // and with room again, the new one lands
        QCOMPARE(store.find_best(c, tokens, 300, warnings)->point, 300);
    }

    void a_save_into_a_read_only_folder_fails_cleanly() {
        if (::geteuid() == 0) QSKIP("running as root: permissions do not stop writes");
        const std::string dir = kFixtures + "/tiny-mxfp4";
        const ModelConfig c = ModelConfig::load(dir);
        const std::vector<int> tokens = test_tokens(200);
        const KvSnapshot old_one = capture_snapshot(c, session_of_noise(c, 150, 6), head(tokens, 150));
        KvStore store(folder("read-only"), KvIdentity::of(dir, kTemplate), kNoCap);
        store.save("chat", old_one);
        fs::permissions(store.dir(), fs::perms::owner_read | fs::perms::owner_exec);
        QVERIFY_THROWS_EXCEPTION(Error, store.save("chat", capture_snapshot(c, session_of_noise(c, 200, 7), tokens)));
        fs::permissions(store.dir(), fs::perms::owner_all);
        std::vector<std::string> warnings;
        QVERIFY(same_snapshot(store.find_best(c, tokens, 200, warnings)->snapshot, old_one));
    }

    void prefix_cache_keeps_the_recently_used_within_its_budget() {
        const ModelConfig c = ModelConfig::load(kFixtures + "/tiny-mxfp4");
        const std::vector<int> tokens = test_tokens(300);
        std::vector<int> other = head(tokens, 50);
        for (int t : test_tokens(200, 9)) other.push_back(t);
        const KvSnapshot a = capture_snapshot(c, session_of_noise(c, 100, 10), head(tokens, 100));
        const KvSnapshot b = capture_snapshot(c, session_of_noise(c, 200, 11), head(tokens, 200));
        const KvSnapshot d = capture_snapshot(c, session_of_noise(c, 250, 12), other);
        const uint64_t budget = a.bytes() + b.bytes() + d.bytes();

        KvPrefixCache cache(budget);
        cache.put("a", a);
        cache.put("b", b);
        cache.put("d", d);
        QCOMPARE(cache.size(), size_t(3));
        QCOMPARE(cache.bytes(), budget);
        QCOMPARE(cache.budget(), budget);
        auto match = cache.best_match(c, tokens, 300);  // b restores further than a; d shares 50 tokens only
        QCOMPARE(match.key, std::string("b"));
        QCOMPARE(match.point, 200);
        QVERIFY(same_snapshot(*match.snapshot, b));
        match = cache.best_match(c, tokens, 150);  // b's only point is past the limit
        QCOMPARE(match.key, std::string("a"));
        QCOMPARE(match.point, 100);
        QVERIFY(!cache.best_match(c, test_tokens(300, 8), 300).snapshot);

        // Used order now a, b, d (d least): one more entry pushes d out.
        cache.put("a2", a);
        QCOMPARE(cache.size(), size_t(3));
        match = cache.best_match(c, other, 250);  // d is gone; a (shorter than the window) restores at 50
        QVERIFY(match.key != "d");
        QCOMPARE(match.point, 50);
        QVERIFY(cache.bytes() <= budget);

        // Replacing a key keeps one entry under it.
        cache.put("b", a);
        QCOMPARE(cache.size(), size_t(3));
        QCOMPARE(cache.bytes(), 3 * a.bytes());
        QCOMPARE(cache.best_match(c, tokens, 300).point, 100);

        // A snapshot over the whole budget is not kept, and the key's old entry is gone.
        KvPrefixCache small(a.bytes() + 1);
        small.put("x", a);
        small.put("x", b);
        QCOMPARE(small.size(), size_t(0));
        QCOMPARE(small.bytes(), uint64_t(0));

        // Shrinking the budget keeps the most recently used: "b", just matched.
        cache.set_budget(a.bytes());
        QCOMPARE(cache.size(), size_t(1));
        QCOMPARE(cache.bytes(), a.bytes());
        QCOMPARE(cache.best_match(c, tokens, 300).key, std::string("b"));
    }

    void store_cap_removes_the_oldest_files_first() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        const ModelConfig c = ModelConfig::load(dir);
        const std::vector<int> tokens = test_tokens(150);
        const KvSnapshot s = capture_snapshot(c, session_of_noise(c, 150, 13), tokens);
        KvStore probe(folder("cap-probe"), KvIdentity::of(dir, kTemplate), kNoCap);
        probe.save("x", s);
        const uint64_t file_bytes = fs::file_size(probe.path_for("x"));

        KvStore store(folder("cap"), KvIdentity::of(dir, kTemplate), file_bytes * 5 / 2);
        const auto now = fs::file_time_type::clock::now();
        store.save("first", s);
        fs::last_write_time(store.path_for("first"), now - std::chrono::seconds(30));
        store.save("second", s);
        fs::last_write_time(store.path_for("second"), now - std::chrono::seconds(20));
        store.save("third", s);  // three files over a cap of 2.5: the oldest goes
        QVERIFY(!fs::exists(store.path_for("first")));
        QVERIFY(fs::exists(store.path_for("second")) && fs::exists(store.path_for("third")));
        store.save("first", s);
        QVERIFY(!fs::exists(store.path_for("second")));
        QVERIFY(fs::exists(store.path_for("third")) && fs::exists(store.path_for("first")));

        // Keys become distinct, safe file names; clear() removes only the store's files.
        KvStore names_store(folder("names"), KvIdentity::of(dir, kTemplate), kNoCap);
        const std::string long_key(300, 'k');
        for (const std::string& key : {std::string("../up"), std::string("a/b"), std::string("a%2Fb"), long_key,
                                       long_key + "!"}) {
            names_store.save(key, s);
            QCOMPARE(fs::path(names_store.path_for(key)).parent_path().string(), names_store.dir());
            QVERIFY(fs::path(names_store.path_for(key)).filename().string().size() <= 127);
        }
        write_bytes(names_store.dir() + "/notes.txt", "mine");
        write_bytes(names_store.dir() + "/lost.pengkv.k3x9q0ab.tmp", "a crash left this temporary");
        QCOMPARE(std::distance(fs::directory_iterator(names_store.dir()), fs::directory_iterator()), 7);
        names_store.clear();
        QCOMPARE(std::distance(fs::directory_iterator(names_store.dir()), fs::directory_iterator()), 1);
    }
};

QTEST_APPLESS_MAIN(TestKvStore)
#include "test_kv_store.moc"
