#pragma once
// A folder of KV files, one per conversation key, for one model identity, within a
// byte cap. Files that cannot serve (truncated, corrupt, foreign, of another version
// or geometry, not regular files) are skipped with a warning, never trusted.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kv/kv_file.h"
#include "kv/kv_snapshot.h"

namespace peng {

class KvStore {
public:
    KvStore(std::string dir, KvIdentity identity, uint64_t max_bytes);

    // The file whose tokens give the best restore point for `tokens` (<= limit), read
    // whole and verified; nullopt when none. Each bad file adds one line to `warnings`
    // naming it and what is wrong. Never throws for a bad file.
    struct Found {
        KvSnapshot snapshot;
        std::string key;
        int point = 0;
    };
    std::optional<Found> find_best(const ModelConfig& config, const std::vector<int>& tokens, int limit,
                                   std::vector<std::string>& warnings);
    // Writes atomically (temporary file, fsync, rename; every write checked), then
    // removes the oldest files while the folder is over the cap (never the file just
    // written). A failed save throws peng::Error naming the path and leaves the
    // previous file for that key intact.
    void save(const std::string& key, const KvSnapshot& snapshot);
    // Removes this store's files: *.pengkv and their leftover temporaries, nothing else.
    // Returns how many files it removed.
    int clear();
    // Removes `key`'s file; false when there was none.
    bool remove(const std::string& key);
    const std::string& dir() const { return dir_; }
    // Where `key`'s file lives: the key with every byte outside [A-Za-z0-9_-] as %XX,
    // long keys cut and told apart by a hash.
    std::string path_for(const std::string& key) const;

    // zstd level of the payload. K/V floats are mostly mantissa noise: on a 560-token
    // snapshot of the tiny fixture (2.74 MB raw) level 1 stored 86% of the raw bytes in
    // 34 ms, 3 83% in 31 ms (a loaded machine: within noise), 6 to 19 82% in 67 ms to
    // 1.3 s; the negative levels 94-95%. Level 1 takes most of what zstd can find at
    // its fastest positive level, on every save.
    static constexpr int kZstdLevel = 1;

private:
    void enforce_cap(const std::string& keep);

    std::string dir_;
    KvIdentity identity_;
    uint64_t max_bytes_;
};

}  // namespace peng
