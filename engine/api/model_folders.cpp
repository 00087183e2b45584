#include "api/model_folders.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "io/checksum_manifest.h"
#include "io/file.h"
#include "platform/data_dir.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace peng {
namespace {

// "owner/name" or "name" of Hub-style characters: a word that can only be a model
// name, never a path someone meant (no "./", "..", no leading "/").
bool looks_like_model_name(const std::string& word) {
    const size_t slash = word.find('/');
    if (slash != std::string::npos && word.find('/', slash + 1) != std::string::npos) return false;
    const auto part_ok = [](const std::string& part) {
        return !part.empty() && part[0] != '.' && std::all_of(part.begin(), part.end(), [](unsigned char c) {
                   return std::isalnum(c) || c == '-' || c == '_' || c == '.';
               });
    };
    return slash == std::string::npos ? part_ok(word) : part_ok(word.substr(0, slash)) && part_ok(word.substr(slash + 1));
}

uint64_t bytes_under(const fs::path& dir) {
    uint64_t total = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        std::error_code size_ec;
        if (it->is_regular_file(size_ec)) {
            const uint64_t size = it->file_size(size_ec);
            if (!size_ec) total += size;
        }
    }
    return total;
}

// The repository a finished download recorded (download/hub_download.h), else "".
// Read the engine's one way (a regular file of bounded size), so a FIFO or a huge file
// left in a models folder cannot stall `list` or a name lookup.
std::string downloaded_repo(const fs::path& dir) {
    try {
        const nlohmann::json source = nlohmann::json::parse(read_text_file(download_source_path(dir.string())));
        return source.is_object() ? source.value("repo", "") : "";
    } catch (const std::exception&) {  // missing, not a regular file, too big, not JSON, repo not a string
        return "";
    }
}

}  // namespace

std::string models_root() {
    const std::string home = user_home_dir();
    return (fs::path(home.empty() ? "." : home) / "models").string();
}

std::string model_folder_for(const std::string& repo) {
    return (fs::path(models_root()) / repo.substr(repo.find_last_of('/') + 1)).string();
}

std::vector<ModelFolder> list_model_folders(const std::string& root) {
    std::vector<ModelFolder> found;
    std::error_code ec;
    for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code kind_ec;
        if (!it->is_directory(kind_ec)) continue;
        const fs::path dir = it->path();
        const bool download = fs::is_directory(dir / kDownloadStateDir, kind_ec);
        if (!download && !fs::is_regular_file(dir / "config.json", kind_ec)) continue;
        ModelFolder m;
        m.dir = dir.string();
        const std::string repo = downloaded_repo(dir);
        m.name = repo.empty() ? dir.filename().string() : repo;
        m.bytes = bytes_under(dir);
        m.state = !repo.empty() ? "verified" : download ? "partial" : "local";
        found.push_back(std::move(m));
    }
    std::sort(found.begin(), found.end(), [](const ModelFolder& a, const ModelFolder& b) { return a.name < b.name; });
    return found;
}

std::string resolve_model_folder(const std::string& word) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(word, ec)) || !looks_like_model_name(word)) return word;
    const std::string folder = model_folder_for(word);
    if (fs::exists(folder, ec)) return folder;
    for (const ModelFolder& m : list_model_folders())
        if (m.name == word) return m.dir;
    throw Error("no model '" + word + "': it is not a folder here, and " + folder +
                " does not exist (peng-cli list shows the models in " + models_root() +
                "); download it with: peng-cli download " + word);
}

}  // namespace peng
