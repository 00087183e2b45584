// peng-cli list [--json]: the models in the folder the app and `peng-cli download` put
// them in (api/model_folders.h), each with its size on disk and whether its download
// finished verified; other commands take the names shown here as MODEL.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/model_folders.h"
#include "args.h"
#include "byte_amount.h"
#include "commands.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "the downloaded models, by name, with their folders and sizes";

int run(int argc, char** argv) {
    Args args("list", kSummary);
    args.flag("json", "print the list as JSON").parse(argc, argv);
    if (!args.positional().empty()) args.usage_error();
    const std::string root = models_root();
    const std::vector<ModelFolder> models = list_model_folders(root);
    if (args.has("json")) {
        nlohmann::json out = {{"root", root}, {"models", nlohmann::json::array()}};
        for (const ModelFolder& m : models)
            out["models"].push_back({{"name", m.name}, {"dir", m.dir}, {"bytes", m.bytes}, {"state", m.state}});
        std::printf("%s\n", out.dump(1).c_str());
        return 0;
    }
    if (models.empty()) {
        std::printf("no models in %s yet: peng-cli download REPO puts one there\n", root.c_str());
        return 0;
    }
    size_t width = 4;
    for (const ModelFolder& m : models) width = std::max(width, m.name.size());
    std::printf("%-*s  %10s  %-8s  %s\n", int(width), "NAME", "SIZE", "STATE", "FOLDER");
    for (const ModelFolder& m : models)
        std::printf("%-*s  %10s  %-8s  %s\n", int(width), m.name.c_str(), byte_amount(double(m.bytes)).c_str(),
                    m.state.c_str(), m.dir.c_str());
    return 0;
}

const Command registered{"list", kSummary, run};

}  // namespace
}  // namespace peng::cli
