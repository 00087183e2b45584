#include "gen/staged_directory.h"

#include <random>
#include <system_error>

#include "util/error.h"

namespace peng::gen {

namespace fs = std::filesystem;

namespace {

// A new directory beside `target`, named target + tag + a random suffix; created
// here, so two runs never share one (what mkdtemp does, on every platform).
fs::path unique_sibling(const fs::path& target, const std::string& tag) {
    std::random_device seed;
    std::mt19937_64 random(seed());
    std::error_code ec;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const fs::path candidate = target.string() + tag + std::to_string(random() % 1000000000);
        if (fs::create_directory(candidate, ec)) return candidate;
        if (ec) break;
    }
    throw Error("cannot create a directory next to " + target.string() + (ec ? ": " + ec.message() : ""));
}

bool is_empty_directory(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p, ec) && fs::is_empty(p, ec);
}

}  // namespace

StagedDirectory::StagedDirectory(fs::path target, bool force) : target_(std::move(target)) {
    while (!target_.empty() && !target_.has_filename()) target_ = target_.parent_path();  // "out/" -> "out"
    if (target_.empty()) throw Error("no output directory given");
    std::error_code ec;
    if (fs::exists(target_, ec)) {
        if (!fs::is_directory(target_, ec)) throw Error(target_.string() + " exists and is not a directory");
        if (!is_empty_directory(target_) && !fs::exists(target_ / kMakeModelMarker, ec) && !force)
            throw Error(target_.string() + " is not empty and was not written by make-model; "
                        "choose another directory or pass --force to replace it");
    }
    const fs::path parent = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
    fs::create_directories(parent, ec);
    if (ec) throw Error("cannot create " + parent.string() + ": " + ec.message());
    staging_ = unique_sibling(target_, ".tmp-");
    // mkdtemp makes it private; the finished model is an ordinary directory.
    fs::permissions(staging_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec, ec);
}

StagedDirectory::~StagedDirectory() {
    if (committed_) return;
    std::error_code ec;
    fs::remove_all(staging_, ec);
}

void StagedDirectory::commit() {
    std::error_code ec;
    fs::path previous;
    if (fs::exists(target_, ec)) {
        // Move the old output aside first so the rename below cannot fail half way.
        previous = unique_sibling(target_, ".old-");
        fs::remove(previous, ec);
        fs::rename(target_, previous, ec);
        if (ec) throw Error("cannot move the previous " + target_.string() + " aside: " + ec.message());
    }
    fs::rename(staging_, target_, ec);
    if (ec) {
        std::error_code restore_ec;
        if (!previous.empty()) fs::rename(previous, target_, restore_ec);
        throw Error("cannot move " + staging_.string() + " to " + target_.string() + ": " + ec.message());
    }
    committed_ = true;
    if (!previous.empty()) fs::remove_all(previous, ec);
}

}  // namespace peng::gen
