#include "download/hub_api.h"

#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "util/error.h"

namespace peng::download {

namespace {

// Percent-encodes a path segment's bytes outside RFC 3986's unreserved set; '/'
// stays when `keep_slash` (a repo path keeps its folders).
std::string encode(const std::string& text, bool keep_slash) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || (keep_slash && c == '/')) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string trimmed_endpoint(const std::string& endpoint) {
    std::string e = endpoint;
    while (!e.empty() && e.back() == '/') e.pop_back();
    return e;
}

}  // namespace

std::string revision_url(const std::string& endpoint, const std::string& repo, const std::string& revision) {
    return trimmed_endpoint(endpoint) + "/api/models/" + repo + "/revision/" + encode(revision, false);
}

std::string tree_url(const std::string& endpoint, const std::string& repo, const std::string& commit) {
    return trimmed_endpoint(endpoint) + "/api/models/" + repo + "/tree/" + encode(commit, false) + "?recursive=true";
}

std::string resolve_url(const std::string& endpoint, const std::string& repo, const std::string& commit,
                        const std::string& path) {
    return trimmed_endpoint(endpoint) + "/" + repo + "/resolve/" + encode(commit, false) + "/" + encode(path, true);
}

void check_repo_id(const std::string& repo) {
    const size_t slash = repo.find('/');
    bool ok = slash != std::string::npos && slash > 0 && slash + 1 < repo.size() && repo.find('/', slash + 1) == std::string::npos &&
              repo.size() <= 200;
    for (char c : repo) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/');
    if (!ok || repo.find("..") != std::string::npos)
        throw Error("'" + repo + "' is not a Hugging Face repository id (owner/name, e.g. XiaomiMiMo/MiMo-V2.6-Flash)");
}

bool safe_repo_path(const std::string& path) {
    if (path.empty() || path.front() == '/' || path.find('\\') != std::string::npos ||
        path.find('\0') != std::string::npos || path.rfind(".peng-download", 0) == 0)
        return false;
    size_t start = 0;
    for (;;) {
        const size_t end = path.find('/', start);
        const std::string part = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (part.empty() || part == "." || part == "..") return false;
        if (end == std::string::npos) return true;
        start = end + 1;
    }
}

std::string parse_revision_commit(const std::string& json, const std::string& origin) {
    const nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("sha") || !parsed["sha"].is_string())
        throw Error(origin + ": the answer has no commit id ('sha'); is this a Hugging Face API endpoint?");
    const std::string sha = parsed["sha"];
    bool hex = sha.size() == 40;
    for (char c : sha) hex = hex && std::isxdigit(static_cast<unsigned char>(c));
    if (!hex) throw Error(origin + ": the commit id '" + sha + "' is not 40 hexadecimal digits");
    return sha;
}

std::vector<RepoFile> parse_tree_page(const std::string& json, const std::string& origin) {
    const nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_array())
        throw Error(origin + ": the file list is not a JSON array; is this a Hugging Face API endpoint?");
    std::vector<RepoFile> files;
    for (const nlohmann::json& entry : parsed) {
        if (!entry.is_object() || entry.value("type", "") != "file") continue;   // folders list nothing to fetch
        if (!entry.contains("path") || !entry["path"].is_string() || !entry.contains("size") ||
            !entry["size"].is_number_unsigned())
            throw Error(origin + ": a file entry has no path or size: " + entry.dump().substr(0, 200));
        RepoFile file;
        file.path = entry["path"];
        file.size = entry["size"];
        if (!safe_repo_path(file.path)) throw Error(origin + ": refusing the file path '" + file.path + "'");
        if (entry.contains("lfs") && entry["lfs"].is_object()) {
            const nlohmann::json& lfs = entry["lfs"];
            if (!lfs.contains("oid") || !lfs["oid"].is_string())
                throw Error(origin + ": " + file.path + " is an LFS file without an object id");
            file.sha256 = lfs["oid"];
            bool hex = file.sha256.size() == 64;
            for (char& c : file.sha256) {
                hex = hex && std::isxdigit(static_cast<unsigned char>(c));
                c = char(std::tolower(static_cast<unsigned char>(c)));
            }
            if (!hex) throw Error(origin + ": " + file.path + " has an LFS object id that is not a SHA-256");
            if (lfs.contains("size") && lfs["size"].is_number_unsigned()) file.size = lfs["size"];
        }
        files.push_back(std::move(file));
    }
    return files;
}

std::string next_page_url(const std::string& link_header) {
    // Link: <https://...&cursor=...>; rel="next", <...>; rel="prev"
    size_t at = 0;
    while ((at = link_header.find('<', at)) != std::string::npos) {
        const size_t close = link_header.find('>', at);
        if (close == std::string::npos) return "";
        const size_t end = link_header.find(',', close);
        const std::string params = link_header.substr(close + 1, end == std::string::npos ? std::string::npos : end - close - 1);
        if (params.find("rel=\"next\"") != std::string::npos || params.find("rel=next") != std::string::npos)
            return link_header.substr(at + 1, close - at - 1);
        at = close;
    }
    return "";
}

bool selected(const std::string& path, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return true;
    for (const std::string& pattern : patterns)
        if (fnmatch(pattern.c_str(), path.c_str(), 0) == 0) return true;
    return false;
}

}  // namespace peng::download
