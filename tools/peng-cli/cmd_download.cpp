// peng-cli download REPO [--out DIR] [--revision REV] [--endpoint URL] [--token-file F] [--connections N]
//   [--include GLOB]... [--json]
// Without --out the model goes where the app puts it and where other commands find it
// by REPO (api/model_folders.h).
// Downloads a model repository from Hugging Face (or a mirror: --endpoint, or the
// HF_ENDPOINT environment variable as the official client reads it), resumable and
// verified (download/hub_download.h). Ctrl-C stops cleanly; running it again resumes.
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "api/model_folders.h"
#include "api/secret_file.h"
#include "args.h"
#include "byte_amount.h"
#include "commands.h"
#include "download/hub_download.h"
#include "util/error.h"

namespace peng::cli {
namespace {

std::atomic<bool> g_cancel{false};
void on_interrupt(int) { g_cancel = true; }

constexpr const char* kSummary = "downloads a model from Hugging Face (resumable, every file verified)";
constexpr NumberRange<int> kConnectionsRange{1, 64};

int run(int argc, char** argv) {
    Args args("download", kSummary);
    args.words("REPO", "REPO is the model's repository on Hugging Face, e.g. XiaomiMiMo/MiMo-V2.6-Flash.")
        .option("out", "DIR", "the model folder (default: " + model_folder_for("OWNER/NAME") +
                                  ", where the app and the other commands find it by REPO)")
        .option("revision", "REV", "a branch, tag or commit", "main")
        .option("endpoint", "URL", "a Hugging Face mirror (default: $HF_ENDPOINT, else https://huggingface.co)")
        .option("token-file", "FILE", "a file holding a Hugging Face access token (gated or private models)")
        .option("connections", "N", "files fetched at once", "4")
        .repeated("include", "GLOB", "only the files matching GLOB (may be given more than once)")
        .flag("json", "print the result as JSON, no progress")
        .footer("Ctrl-C stops cleanly; the same command again resumes.")
        .parse(argc, argv);
    if (args.positional().size() != 1) args.usage_error();
    download::DownloadOptions o;
    o.repo = args.positional()[0];
    o.out = args.get_or("out", model_folder_for(o.repo));
    o.revision = args.get_or("revision", "main");
    const char* env_endpoint = std::getenv("HF_ENDPOINT");
    o.endpoint = args.get_or("endpoint", env_endpoint && *env_endpoint ? env_endpoint : "https://huggingface.co");
    if (args.has("token-file")) o.token = read_secret_file(*args.get("token-file"), "token");
    o.connections = args.get_int("connections", 4, kConnectionsRange);
    o.includes = args.get_all("include");
    o.cancel = &g_cancel;
    const bool json = args.has("json");
    o.progress = [json](const download::DownloadProgress& p) {
        if (json) return;
        // done_bytes never passes total_bytes, but an unsigned difference must not wrap if it did.
        const uint64_t remaining = p.total_bytes > p.done_bytes ? p.total_bytes - p.done_bytes : 0;
        const double left = p.bytes_per_s > 0 ? double(remaining) / p.bytes_per_s : 0;
        std::fprintf(stderr, "\r%s of %s, %d/%d files, %s/s, %.0f s left   ", byte_amount(double(p.done_bytes)).c_str(),
                     byte_amount(double(p.total_bytes)).c_str(), p.files_done, p.files_total, byte_amount(p.bytes_per_s).c_str(),
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
                     byte_amount(double(r.bytes)).c_str(), o.out.c_str());
    return r.cancelled ? 130 : 0;
}

const Command registered{"download", kSummary, run};

}  // namespace
}  // namespace peng::cli
