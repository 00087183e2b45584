#include "download/hub_api.h"

#include <curl/curl.h>
#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "io/checksum_manifest.h"
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

std::string lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
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

std::string unsafe_repo_path(const std::string& path) {
    if (path.empty()) return "is empty";
    for (unsigned char c : path)
        if (c < 0x20 || c == 0x7f) return "holds a control character";
    if (path.front() == '/') return "is absolute";
    if (path.find('\\') != std::string::npos) return "holds a backslash, a folder separator on Windows";
    if (path.find(':') != std::string::npos) return "holds ':', a drive letter or a hidden data stream on Windows";
    size_t start = 0;
    for (bool first = true;; first = false) {
        const size_t end = path.find('/', start);
        const std::string part = lower(path.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (part.empty()) return "has an empty folder name";
        // Windows drops a name's trailing dots and spaces: ".. " is "..", ".git." is ".git".
        const std::string bare = part.substr(0, part.find_last_not_of(". ") + 1);
        if (bare.empty()) return "leaves its folder (a name of dots and spaces only, like '..')";
        if (bare == ".git" || bare == "git~1")
            return "enters a .git folder, where a repository's files could configure git (a hook or "
                   "core.fsmonitor runs programs)";
        if (first && part.rfind(kDownloadStateDir, 0) == 0) return "is inside Peng's own download state (.peng-download)";
        if (end == std::string::npos) return "";
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
        // Folders list nothing to fetch. (value() would throw a json exception for a
        // "type" that is not a string.)
        const auto type = entry.is_object() ? entry.find("type") : entry.end();
        if (type == entry.end() || !type->is_string() || *type != "file") continue;
        if (!entry.contains("path") || !entry["path"].is_string() || !entry.contains("size") ||
            !entry["size"].is_number_unsigned())
            throw Error(origin + ": a file entry has no path or size: " + entry.dump().substr(0, 200));
        RepoFile file;
        file.path = entry["path"];
        file.size = entry["size"];
        const std::string unsafe = unsafe_repo_path(file.path);
        if (!unsafe.empty()) throw Error(origin + ": refusing the file path '" + file.path + "': it " + unsafe);
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

namespace {

// libcurl's URL parser (RFC 3986, as the transfers themselves read URLs).
struct ParsedUrl {
    CURLU* handle = curl_url();
    ~ParsedUrl() { curl_url_cleanup(handle); }
    bool set(const std::string& url) { return handle && curl_url_set(handle, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK; }
    std::string part(CURLUPart which, unsigned flags = 0) const {
        char* text = nullptr;
        if (curl_url_get(handle, which, &text, flags) != CURLUE_OK || !text) return "";
        std::string out(text);
        curl_free(text);
        return out;
    }
    bool http() const {
        const std::string scheme = lower(part(CURLUPART_SCHEME));
        return scheme == "http" || scheme == "https";
    }
};

}  // namespace

std::string resolve_reference(const std::string& base, const std::string& reference) {
    ParsedUrl url;
    if (reference.empty() || !url.set(base) || !url.http() || !url.set(reference) || !url.http()) return "";
    return url.part(CURLUPART_URL);
}

std::string origin_of(const std::string& text) {
    ParsedUrl url;
    if (!url.set(text) || !url.http()) return "";
    const std::string host = url.part(CURLUPART_HOST), port = url.part(CURLUPART_PORT, CURLU_DEFAULT_PORT);
    if (host.empty() || port.empty()) return "";
    return lower(url.part(CURLUPART_SCHEME)) + "://" + lower(host) + ":" + port;
}

bool selected(const std::string& path, const std::vector<std::string>& patterns) {
    if (patterns.empty()) return true;
    for (const std::string& pattern : patterns)
        if (fnmatch(pattern.c_str(), path.c_str(), 0) == 0) return true;
    return false;
}

}  // namespace peng::download
