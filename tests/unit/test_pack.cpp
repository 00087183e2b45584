// The zstd container: pack -> unpack gives back every file byte for byte; packed and
// plain layouts give byte-identical logits (also with experts streaming through one
// slot); a corrupt frame is an error naming the expert and the engine stays usable;
// an interrupted pack is not taken for a complete one and a rerun resumes; a
// foreign or garbled index is a clear error.
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "checkpoint/checkpoint.h"
#include "checkpoint/pack.h"
#include "checkpoint/pack_index.h"
#include "model/generate.h"
#include "model/model.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = PENG_FIXTURE_DIR;

std::string file_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

std::vector<float> logits_of(const std::string& dir, int cap) {
    ModelOptions options;
    options.store.cap_per_layer = cap;
    options.store.io_threads = 2;
    Model model(dir, options);
    std::vector<int> ids;
    for (int i = 0; i < 20; ++i) ids.push_back((i * 37 + 5) % 300);
    std::vector<float> out(ids.size() * size_t(model.config().vocab_size));
    Session session(model.config());
    for (size_t at = 0; at < ids.size(); at += 7) {
        const int n = static_cast<int>(std::min<size_t>(7, ids.size() - at));
        model.forward(session, &ids[at], n, &out[at * size_t(model.config().vocab_size)], true, RunConfig{});
    }
    return out;
}

bool same_bytes(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The first routed-expert frame of the packed directory: its shard and segment.
std::pair<const PackedShard*, const PackSegment*> first_frame(const PackIndex& index) {
    for (const auto& shard : index.shards)
        for (const auto& s : shard.segments)
            if (s.layer >= 0) return {&shard, &s};
    return {nullptr, nullptr};
}

void expect_error(const std::function<void()>& f, const QString& needle) {
    try {
        f();
    } catch (const Error& e) {
        QVERIFY2(QString(e.what()).contains(needle), e.what());
        return;
    }
    QFAIL(qPrintable("no error containing '" + needle + "'"));
}

}  // namespace

class TestPack : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::string dir(const char* name) { return (tmp_.path() + "/" + name).toStdString(); }

private slots:
    void pack_unpack_is_byte_identical() {
        for (const char* fixture : {"tiny-mxfp4", "tiny-fp8", "pro-tiny"}) {
            const std::string src = kFixtures + "/" + fixture;
            for (bool dense : {false, true}) {
                const std::string packed = dir(fixture) + (dense ? "-dense" : "-packed");
                const std::string back = packed + "-back";
                PackOptions options;
                options.compress_dense = dense;
                const PackResult r = pack_checkpoint(src, packed, options);
                QVERIFY(r.expert_packed_bytes < r.expert_raw_bytes);  // the weights do compress
                unpack_checkpoint(packed, back);
                int compared = 0;
                for (const auto& entry : fs::directory_iterator(src)) {
                    const fs::path copy = fs::path(back) / entry.path().filename();
                    QVERIFY2(fs::exists(copy), copy.c_str());
                    QVERIFY2(file_bytes(entry.path()) == file_bytes(copy), copy.c_str());
                    ++compared;
                }
                QCOMPARE(int(std::distance(fs::directory_iterator(back), fs::directory_iterator())), compared);
            }
        }
    }

    void packed_logits_are_byte_identical() {
        for (const char* fixture : {"tiny-mxfp4", "tiny-fp8"}) {
            const std::string src = kFixtures + "/" + fixture;
            const std::string packed = dir(fixture) + "-logits";
            PackOptions options;
            options.compress_dense = true;  // dense reads go through frames too
            pack_checkpoint(src, packed, options);
            const std::vector<float> expected = logits_of(src, 0);
            QVERIFY(same_bytes(logits_of(packed, 0), expected));
            QVERIFY(same_bytes(logits_of(packed, 1), expected));  // one slot: every expert streams
        }
    }

    void corrupt_frame_names_the_expert() {
        const std::string packed = dir("corrupt");
        pack_checkpoint(kFixtures + "/tiny-mxfp4", packed, {});
        const PackIndex index = PackIndex::load(packed);
        const auto [shard, frame] = first_frame(index);
        QVERIFY(frame);
        const fs::path file = fs::path(packed) / shard->packed_name();
        const std::string original = file_bytes(file);

        ModelOptions options;
        options.store.cap_per_layer = 1;
        Model model(packed, options);
        DecodeScheduler scheduler(model);
        GenerateOptions g;
        g.max_new_tokens = 3;
        g.sampling.temperature = 0;
        const std::vector<int> prompt = {5, 17, 42, 7};
        Session clean(model.config());
        const std::vector<int> expected = generate(scheduler, clean, prompt, g).tokens;

        // Corrupt every expert frame of the shard in its middle, so whatever is routed hits one.
        std::string broken = original;
        for (const auto& s : shard->segments)
            if (s.layer >= 0) broken[s.packed_offset + s.packed_bytes / 2] ^= 0x5a;
        write_bytes(file, broken);
        const QString needle = QString("layer %1 expert %2").arg(frame->layer).arg(frame->expert);
        expect_error(
            [&] {
                ExpertStoreOptions o;
                ExpertStore store(model.checkpoint(), model.expert_format(), o);
                store.request(frame->layer, {frame->expert});
                store.wait(frame->layer, frame->expert);
            },
            needle);
        expect_error(
            [&] {
                Session s(model.config());
                generate(scheduler, s, prompt, g);
            },
            "expert");
        // Repaired, the same engine gives the same answer: the failure left it consistent.
        write_bytes(file, original);
        Session again(model.config());
        QCOMPARE(generate(scheduler, again, prompt, g).tokens, expected);
    }

    void interrupted_pack_resumes() {
        const std::string src = kFixtures + "/tiny-mxfp4";
        const std::string packed = dir("interrupted");
        PackOptions options;
        int done = 0;
        options.after_shard = [&](const std::string&) {
            if (++done == 2) throw Error("injected interruption");
        };
        expect_error([&] { pack_checkpoint(src, packed, options); }, "injected interruption");
        QVERIFY(!is_packed_checkpoint(packed));
        expect_error([&] { Checkpoint c(packed); }, "unfinished pack");
        // A half-written shard from a killed run is packed again, not trusted.
        const std::string third = Checkpoint(src).files()[2]->path();
        write_bytes(packed + "/" + fs::path(third).filename().string() + kPackedSuffix + ".partial", "junk");

        PackOptions rerun;
        const PackResult r = pack_checkpoint(src, packed, rerun);
        QCOMPARE(r.shards_resumed, 2);
        QVERIFY(is_packed_checkpoint(packed));
        QVERIFY(same_bytes(logits_of(packed, 0), logits_of(src, 0)));
        expect_error([&] { pack_checkpoint(src, packed, rerun); }, "already holds a complete packed checkpoint");
    }

    void foreign_or_garbled_index_is_a_clear_error() {
        const std::string packed = dir("garbled");
        pack_checkpoint(kFixtures + "/tiny-mxfp4", packed, {});
        const fs::path index = fs::path(packed) / kPackIndexFile;
        const std::string good = file_bytes(index);

        write_bytes(index, "{\"weight_map\": {}}");
        expect_error([&] { Checkpoint c(packed); }, "not a peng pack index");
        write_bytes(index, good.substr(0, good.size() / 2));
        expect_error([&] { Checkpoint c(packed); }, "malformed JSON");

        // Segments that no longer tile the shard are refused before anything is read.
        nlohmann::json j = nlohmann::json::parse(good);
        j["shards"][1]["segments"][1]["offset"] = j["shards"][1]["segments"][1]["offset"].get<uint64_t>() + 1;
        write_bytes(index, j.dump());
        expect_error([&] { Checkpoint c(packed); }, "do not tile");

        // A truncated packed file is caught when the checkpoint opens.
        write_bytes(index, good);
        const PackIndex loaded = PackIndex::load(packed);
        fs::resize_file(fs::path(packed) / loaded.shards[1].packed_name(), loaded.shards[1].packed_size - 1);
        expect_error([&] { Checkpoint c(packed); }, "truncated");
    }
};

QTEST_APPLESS_MAIN(TestPack)
#include "test_pack.moc"
