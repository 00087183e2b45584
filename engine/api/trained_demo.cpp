#include "api/trained_demo.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "gen/staged_directory.h"
#include "io/checksum_manifest.h"
#include "io/file.h"
#include "platform/executable_path.h"
#include "util/error.h"

namespace peng {

namespace fs = std::filesystem;

namespace {

bool holds_model(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "config.json", ec) && fs::is_regular_file(dir / kChecksumFile, ec);
}

std::vector<fs::path> candidate_dirs() {
    std::vector<fs::path> out;
    if (const char* env = std::getenv("PENG_TRAINED_DEMO_DIR"); env && *env) out.emplace_back(env);
    try {
        const fs::path bin = fs::path(executable_path()).parent_path();
        out.push_back(bin.parent_path() / "share" / "peng" / "trained-demo");
        out.push_back(bin / "share" / "peng" / "trained-demo");
    } catch (const Error&) {
        // No executable path (an unusual /proc): the other places still count.
    }
#ifdef PENG_TRAINED_DEMO_SOURCE_DIR
    out.emplace_back(PENG_TRAINED_DEMO_SOURCE_DIR);
#endif
    return out;
}

}  // namespace

TrainedDemoSearch find_trained_demo() {
    TrainedDemoSearch search;
    for (const fs::path& dir : candidate_dirs()) {
        search.searched.push_back(dir.lexically_normal().string());
        if (holds_model(dir)) {
            search.dir = search.searched.back();
            break;
        }
    }
    return search;
}

std::string trained_demo_dir() {
    TrainedDemoSearch search = find_trained_demo();
    if (!search.dir.empty()) return search.dir;
    std::string places;
    for (const std::string& p : search.searched) places += "\n  " + p;
    throw Error("the trained demo model is not installed (no config.json and SHA256SUMS in any of:" + places +
                "); reinstall Peng, or set PENG_TRAINED_DEMO_DIR to its folder");
}

std::string copy_trained_demo(const std::string& out_dir, bool force, const std::function<void(const std::string&)>& progress) {
    const fs::path source = trained_demo_dir();
    if (fs::weakly_canonical(source) == fs::weakly_canonical(fs::path(out_dir)))
        throw Error(out_dir + " is the shipped trained demo itself; choose another directory");
    const std::vector<FileChecksum> files =
        parse_checksums(read_text_file((source / kChecksumFile).string()), (source / kChecksumFile).string());
    gen::StagedDirectory staged(out_dir, force);
    for (const FileChecksum& f : files) {
        const fs::path to = staged.staging() / fs::path(f.name);
        std::error_code ec;
        fs::create_directories(to.parent_path(), ec);
        if (!fs::copy_file(source / fs::path(f.name), to, fs::copy_options::overwrite_existing, ec) || ec)
            throw Error("cannot copy " + (source / fs::path(f.name)).string() + " to " + to.string() + ": " +
                        (ec ? ec.message() : "unknown error"));
        // The source is read-only when installed; the copy belongs to the user.
        fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add, ec);
        if (progress) progress(f.name);
    }
    std::error_code ec;
    fs::copy_file(source / kChecksumFile, staged.staging() / kChecksumFile, fs::copy_options::overwrite_existing, ec);
    if (ec) throw Error("cannot copy " + (source / kChecksumFile).string() + ": " + ec.message());
    const VerifyReport report = verify_checksums(staged.staging().string());
    for (const ChecksumResult& r : report.files)
        if (r.status != ChecksumResult::Same)
            throw Error("the shipped trained demo is damaged: " + r.name + " is " + status_name(r.status) +
                        (r.detail.empty() ? "" : " (" + r.detail + ")") + " in " + source.string());
    staged.commit();
    return source.string();
}

}  // namespace peng
