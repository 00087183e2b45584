// libFuzzer target for the downloader's listing parser (download/hub_api.h): what a
// hostile Hub mirror controls in a listing, its JSON pages and their Link header.
// Layout: bytes up to the first NUL are the Link header, the rest is the page's JSON
// (and the revision answer's). Seeds: tests/fuzz/corpus/hub_listing (with
// -dict=tests/fuzz/fuzz_hub_listing.dict).
// Checked: nothing but a clean return or a peng::Error (no other exception, crash or
// sanitizer report); every path accepted is safe to write (no .git, no way out of the
// folder); a next page resolved from the header is an http(s) URL with an origin.
#include <cstdint>
#include <string>

#include "download/hub_api.h"
#include "util/error.h"

namespace {

constexpr const char* kPage = "https://huggingface.co/api/models/o/n/tree/0123?recursive=true";

bool escapes(const std::string& path) {
    // Independently of unsafe_repo_path: a component that is ".." once trailing dots
    // and spaces go (as Windows reads it), or ".git" in any case, or a separator or
    // drive that is not '/'.
    if (path.empty() || path.front() == '/' || path.find_first_of("\\:") != std::string::npos) return true;
    size_t start = 0;
    for (;;) {
        const size_t end = path.find('/', start);
        std::string part = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        while (!part.empty() && (part.back() == '.' || part.back() == ' ')) part.pop_back();
        for (char& c : part) c = char(c >= 'A' && c <= 'Z' ? c + 32 : c);
        if (part.empty() || part == ".git") return true;
        if (end == std::string::npos) return false;
        start = end + 1;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const size_t nul = input.find('\0');
    const std::string link = nul == std::string::npos ? "" : input.substr(0, nul);
    const std::string json = nul == std::string::npos ? input : input.substr(nul + 1);
    using namespace peng::download;
    try {
        for (const RepoFile& file : parse_tree_page(json, "fuzz")) {
            if (escapes(file.path) || !safe_repo_path(file.path)) __builtin_trap();
            if (!file.sha256.empty() && file.sha256.size() != 64) __builtin_trap();
        }
    } catch (const peng::Error&) {
    }
    try {
        if (parse_revision_commit(json, "fuzz").size() != 40) __builtin_trap();
    } catch (const peng::Error&) {
    }
    const std::string written = next_page_url(link);
    const std::string next = resolve_reference(kPage, written);
    if (!next.empty() && origin_of(next).empty()) __builtin_trap();
    (void)origin_of(written);
    (void)unsafe_repo_path(link);
    return 0;
}
