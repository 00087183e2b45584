#pragma once
// Hugging Face's HTTP API as huggingface_hub uses it, for one model repository:
//   GET {endpoint}/api/models/{repo}/revision/{rev}        -> {"sha": commit, ...}
//   GET {endpoint}/api/models/{repo}/tree/{commit}?recursive=true
//       -> a page of entries {type, path, size, oid, lfs: {oid: sha256, size}}; the next
//          page, if any, in the `Link: <url>; rel="next"` header
//   GET {endpoint}/{repo}/resolve/{commit}/{path}            -> the file (LFS files by redirect)
// Parsing is separate from fetching so it can be tested, and fuzzed, on its own.
#include <cstdint>
#include <string>
#include <vector>

namespace peng::download {

struct RepoFile {
    std::string path;      // '/'-separated, inside the repository
    uint64_t size = 0;
    std::string sha256;    // the LFS object id (64 hex); "" for a small file kept in git
};

std::string revision_url(const std::string& endpoint, const std::string& repo, const std::string& revision);
std::string tree_url(const std::string& endpoint, const std::string& repo, const std::string& commit);
std::string resolve_url(const std::string& endpoint, const std::string& repo, const std::string& commit,
                        const std::string& path);

// "owner/name" with the characters the Hub allows; throws peng::Error otherwise.
void check_repo_id(const std::string& repo);
// "" when `path` is safe to write under the output folder; else why not, in words
// that follow the path: it must stay inside the folder on every system Peng runs on
// (no "..", absolute path, backslash, drive letter or ':', control character, or a
// component of dots and spaces only, which Windows reads as "."/".."), enter no `.git`
// folder in any letter case (a repository's files could configure git there, e.g.
// core.fsmonitor runs a program), and stay out of Peng's own download state.
std::string unsafe_repo_path(const std::string& path);
inline bool safe_repo_path(const std::string& path) { return unsafe_repo_path(path).empty(); }

// Throws peng::Error naming `origin` when the JSON is not what the API gives.
std::string parse_revision_commit(const std::string& json, const std::string& origin);
std::vector<RepoFile> parse_tree_page(const std::string& json, const std::string& origin);
// The rel="next" URL of a Link header ("" when none), as written there.
std::string next_page_url(const std::string& link_header);
// `reference` (absolute, or relative as a Link header may give it) resolved against
// `base`; "" when either is not an http(s) URL.
std::string resolve_reference(const std::string& base, const std::string& reference);
// "scheme://host:port" of an http(s) URL, the port always written and scheme and host
// in lower case; "" when `url` is not one. Two URLs are on the same origin when equal.
std::string origin_of(const std::string& url);

// `patterns` empty selects every file; else a file is kept when one pattern matches
// its path as fnmatch(3) does (as huggingface_hub's allow_patterns).
bool selected(const std::string& path, const std::vector<std::string>& patterns);

}  // namespace peng::download
