#pragma once
// Where downloaded models live, one rule for the app's "Get a model", `peng-cli download`
// and the model names peng-cli accepts: ~/models/<name> (%USERPROFILE%\models on
// Windows), <name> being the repository's last part ("XiaomiMiMo/MiMo-V2.6-Flash" ->
// ~/models/MiMo-V2.6-Flash).
#include <cstdint>
#include <string>
#include <vector>

namespace peng {

std::string models_root();
std::string model_folder_for(const std::string& repo);

struct ModelFolder {
    std::string name;      // the repository its download came from, else the folder's name
    std::string dir;
    uint64_t bytes = 0;    // on disk, the download's partial files included
    // "verified": a download finished, every file checked against the Hub's digests;
    // "partial": a download started and not finished; "local": not downloaded by Peng.
    std::string state;
};

// Every model folder (one holding config.json, or a download under way) in `root`, by name.
std::vector<ModelFolder> list_model_folders(const std::string& root = models_root());

// What a model argument names: an existing folder as it is; else a repository
// ("owner/name") or model name whose download folder exists. Throws peng::Error naming
// where it looked and how to download it.
std::string resolve_model_folder(const std::string& word);

}  // namespace peng
