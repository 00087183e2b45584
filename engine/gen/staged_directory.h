#pragma once
// A model directory is built under a temporary name beside its destination and
// renamed into place only when complete, so an interrupted run never leaves a
// half-written checkpoint where a reader would take it for a whole one.
#include <filesystem>
#include <string>

namespace peng::gen {

// The file that marks a directory as make-model output (and records how it was made).
inline constexpr const char* kMakeModelMarker = ".peng-make-model.json";

class StagedDirectory {
public:
    // Refuses (peng::Error) a destination that is a file, or a non-empty
    // directory that make-model did not write, unless `force`. Then creates the
    // staging directory "<target>.tmp-XXXXXX".
    StagedDirectory(std::filesystem::path target, bool force);
    ~StagedDirectory();  // removes the staging directory unless committed
    StagedDirectory(const StagedDirectory&) = delete;
    StagedDirectory& operator=(const StagedDirectory&) = delete;

    const std::filesystem::path& staging() const { return staging_; }
    const std::filesystem::path& target() const { return target_; }

    // Moves the staging directory to the target, replacing a previous output.
    void commit();

private:
    std::filesystem::path target_;
    std::filesystem::path staging_;
    bool committed_ = false;
};

}  // namespace peng::gen
