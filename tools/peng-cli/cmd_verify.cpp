// peng-cli verify: re-checks a model folder's files against its SHA256SUMS and
// names every file whose bytes changed, went missing or cannot be read.
//   verify MODEL [--json]     exit 0 when every file is as recorded, 1 otherwise
//   verify MODEL --record     records the files as they are now
#include <cstdio>

#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "io/checksum_manifest.h"
#include "model_setup.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "re-checks a model's files against its SHA256SUMS (exit 1 when one changed)";

// A progress line on stderr at most every 5%, so a 170 GB check shows it is alive.
ChecksumProgress stderr_progress(bool quiet) {
    if (quiet) return {};
    return [last = -1](uint64_t done, uint64_t total, const std::string& file) mutable {
        const int percent = total ? int(100 * done / total) : 100;
        if (percent / 5 == last / 5) return;
        last = percent;
        std::fprintf(stderr, "\r%3d%%  %s\033[K", percent, file.c_str());
        if (done == total) std::fprintf(stderr, "\n");
    };
}

int run(int argc, char** argv) {
    Args args("verify", kSummary);
    declare_model_word(args);
    args.flag("json", "print the result as JSON")
        .flag("record", "record the files' SHA-256 as they are now, instead of checking")
        .parse(argc, argv);
    const std::string dir = model_dir(args);
    const bool json = args.has("json");

    if (args.has("record")) {
        const auto files = record_checksums(dir, stderr_progress(json));
        const std::string manifest = checksum_manifest_path(dir);
        if (json) std::printf("%s\n", nlohmann::json{{"recorded", files.size()}, {"file", manifest}}.dump().c_str());
        else std::printf("recorded the SHA-256 of %zu file%s in %s\n", files.size(), files.size() == 1 ? "" : "s", manifest.c_str());
        return 0;
    }

    const VerifyReport report = verify_checksums(dir, stderr_progress(json));
    const int bad = int(report.files.size()) - report.count(ChecksumResult::Same);
    if (json) {
        nlohmann::json files = nlohmann::json::array();
        for (const auto& f : report.files) {
            nlohmann::json entry = {{"name", f.name}, {"status", status_name(f.status)}};
            if (!f.detail.empty()) entry[f.status == ChecksumResult::Unreadable ? "error" : "sha256"] = f.detail;
            files.push_back(entry);
        }
        std::printf("%s\n", nlohmann::json{{"dir", dir},
                                           {"all_same", report.all_same()},
                                           {"files", files},
                                           {"bytes", report.bytes},
                                           {"seconds", report.seconds},
                                           {"GBps", report.seconds > 0 ? double(report.bytes) / report.seconds / 1e9 : 0}}
                                .dump()
                                .c_str());
    } else {
        for (const auto& f : report.files)
            if (f.status != ChecksumResult::Same)
                std::printf("%-10s %s%s%s\n", status_name(f.status), f.name.c_str(), f.detail.empty() ? "" : ": ",
                            f.detail.c_str());
        std::printf("%d of %zu files as recorded (%.2f GB in %.1f s)\n", report.count(ChecksumResult::Same),
                    report.files.size(), double(report.bytes) / 1e9, report.seconds);
    }
    if (bad == 0) return 0;
    std::string names;
    for (const auto& f : report.files)
        if (f.status != ChecksumResult::Same) names += (names.empty() ? "" : ", ") + f.name;
    std::fprintf(stderr, "peng-cli verify: %d file%s of %s differ from %s: %s\n", bad, bad == 1 ? "" : "s", dir.c_str(),
                 checksum_manifest_path(dir).c_str(), names.c_str());
    return 1;
}

static const Command registered{"verify", kSummary, run};

}  // namespace
}  // namespace peng::cli
