// peng-cli download REPO [--revision REV] --out DIR [--endpoint URL] [--token-file F] [--connections N]
//   [--include GLOB]... [--json]
// Downloads a model repository from Hugging Face (or a mirror: --endpoint, or the
// HF_ENDPOINT environment variable as the official client reads it), resumable and
// verified (download/hub_download.h). Ctrl-C stops cleanly; running it again resumes.
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "download/hub_download.h"
#include "secret_file.h"
#include "util/error.h"

namespace peng::cli {
namespace {

std::atomic<bool> g_cancel{false};
void on_interrupt(int) { g_cancel = true; }

constexpr NumberRange<int> kConnectionsRange{1, 64};

// "1.2 GB" for a person reading progress.
std::string amount(double bytes) {
    char text[32];
    if (bytes >= 1e9) std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
    else std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
    return text;
}

int run(int argc, char** argv) {
    // --include repeats: gather its values before the one-value parser sees them.
    std::vector<std::string> includes;
    std::vector<char*> rest;
    for (int i = 0; i < argc; ++i) {
        if (std::string(argv[i]) == "--include" && i + 1 < argc) includes.push_back(argv[++i]);
        else rest.push_back(argv[i]);
    }
    Args args(int(rest.size()), rest.data(), {"revision", "out", "endpoint", "token-file", "connections"}, {"json"});
    if (args.positional().size() != 1 || !args.has("out"))
        throw Error("usage: peng-cli download REPO --out DIR [--revision REV] [--endpoint URL] [--token-file F] "
                    "[--connections N] [--include GLOB]...");
    download::DownloadOptions o;
    o.repo = args.positional()[0];
    o.out = *args.get("out");
    o.revision = args.get_or("revision", "main");
    const char* env_endpoint = std::getenv("HF_ENDPOINT");
    o.endpoint = args.get_or("endpoint", env_endpoint && *env_endpoint ? env_endpoint : "https://huggingface.co");
    if (args.has("token-file")) o.token = read_secret_file(*args.get("token-file"), "token");
    o.connections = args.get_int("connections", 4, kConnectionsRange);
    o.includes = includes;
    o.cancel = &g_cancel;
    const bool json = args.has("json");
    o.progress = [json](const download::DownloadProgress& p) {
        if (json) return;
        // done_bytes never passes total_bytes, but an unsigned difference must not wrap if it did.
        const uint64_t remaining = p.total_bytes > p.done_bytes ? p.total_bytes - p.done_bytes : 0;
        const double left = p.bytes_per_s > 0 ? double(remaining) / p.bytes_per_s : 0;
        std::fprintf(stderr, "\r%s of %s, %d/%d files, %s/s, %.0f s left   ", amount(double(p.done_bytes)).c_str(),
                     amount(double(p.total_bytes)).c_str(), p.files_done, p.files_total, amount(p.bytes_per_s).c_str(),
                     left);
    };
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    const download::DownloadResult r = download::download_repo(o);
    if (!json) std::fputs("\n", stderr);
    nlohmann::json report = {{"repo", o.repo},          {"commit", r.commit},
                             {"files", r.files},        {"bytes", r.bytes},
                             {"fetched_bytes", r.fetched_bytes}, {"resumed_bytes", r.resumed_bytes},
                             {"retries", r.retries},    {"range_ignored", r.range_ignored},
                             {"checksum_retries", r.checksum_retries}, {"cancelled", r.cancelled},
                             {"seconds", r.seconds},    {"out", o.out}};
    if (json) std::printf("%s\n", report.dump(1).c_str());
    else if (r.cancelled) std::printf("stopped: run the same command again to resume\n");
    else std::printf("%s@%s: %d files, %s, verified, in %s\n", o.repo.c_str(), r.commit.substr(0, 12).c_str(), r.files,
                     amount(double(r.bytes)).c_str(), o.out.c_str());
    return r.cancelled ? 130 : 0;
}

const Command registered{"download",
                         "download REPO --out DIR [--revision REV] [--endpoint URL] [--token-file F] [--connections N] "
                         "[--include GLOB]... [--json]",
                         run};

}  // namespace
}  // namespace peng::cli
