// cgroup v2 and v1 memory limits (see cgroup_memory.h). Linux only.
#ifndef _WIN32
#include "plan/cgroup_memory.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace peng {
namespace {

// v1 reports "no limit" as a huge page-rounded number rather than "max".
constexpr uint64_t kUnlimitedFloor = uint64_t(1) << 62;

struct Hierarchy {
    std::string mount_point;  // where it is mounted
    std::string mount_root;   // which cgroup the mount shows at its top
    std::string cgroup_path;  // this process's cgroup, as /proc/self/cgroup names it
    bool v2 = false;
};

std::optional<uint64_t> read_number(const std::string& path) {
    std::ifstream in(path);
    std::string word;
    if (!(in >> word)) return std::nullopt;
    if (word == "max") return std::nullopt;
    try {
        size_t used = 0;
        const unsigned long long value = std::stoull(word, &used);
        if (used != word.size() || value >= kUnlimitedFloor) return std::nullopt;
        return value;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The value of `key` in a "key value" per line file such as memory.stat.
uint64_t read_stat(const std::string& path, const std::string& key) {
    std::ifstream in(path);
    std::string name;
    unsigned long long value = 0;
    while (in >> name >> value)
        if (name == key) return value;
    return 0;
}

// The v2 hierarchy and the v1 one with the memory controller, those this process is
// in. A hybrid system mounts both, with memory in either.
std::vector<Hierarchy> find_hierarchies(const std::string& root) {
    std::optional<Hierarchy> v1, v2;
    std::ifstream mountinfo(root + "/proc/self/mountinfo");
    for (std::string line; std::getline(mountinfo, line);) {
        // id parent major:minor root mount-point options [optional...] - fstype source super-options
        std::istringstream fields(line);
        std::string id, parent, device, mount_root, mount_point, word;
        fields >> id >> parent >> device >> mount_root >> mount_point;
        while (fields >> word && word != "-") {}
        std::string fstype, source, super_options;
        fields >> fstype >> source >> super_options;
        if (fstype == "cgroup2" && !v2) v2 = Hierarchy{mount_point, mount_root, "", true};
        if (fstype == "cgroup" && !v1 && ("," + super_options + ",").find(",memory,") != std::string::npos)
            v1 = Hierarchy{mount_point, mount_root, "", false};
    }
    std::ifstream cgroups(root + "/proc/self/cgroup");
    for (std::string line; std::getline(cgroups, line);) {
        // hierarchy-id:controllers:path
        const size_t first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string path = line.substr(second + 1);
        if (line.compare(0, first, "0") == 0 && controllers.empty() && v2) v2->cgroup_path = path;
        if (v1 && ("," + controllers + ",").find(",memory,") != std::string::npos) v1->cgroup_path = path;
    }
    std::vector<Hierarchy> found;
    for (const auto& hierarchy : {v2, v1})
        if (hierarchy && !hierarchy->cgroup_path.empty()) found.push_back(*hierarchy);
    return found;
}

// The tightest limit along one hierarchy, from the process's cgroup up to the top.
void find_tightest(const std::string& root, const Hierarchy& hierarchy, std::optional<CgroupMemory>& tightest) {
    // The cgroup's directory below the mount point: its path less the mount's root
    // (inside a cgroup namespace both are usually "/").
    std::string relative = hierarchy.cgroup_path;
    if (hierarchy.mount_root != "/" && relative.rfind(hierarchy.mount_root, 0) == 0)
        relative = relative.substr(hierarchy.mount_root.size());
    std::vector<std::string> levels;  // the cgroup first, then each ancestor
    for (std::string path = relative;;) {
        while (path.size() > 1 && path.back() == '/') path.pop_back();
        levels.push_back(root + hierarchy.mount_point + (path == "/" ? "" : path));
        if (path.empty() || path == "/") break;
        path = path.substr(0, path.rfind('/'));
        if (path.empty()) path = "/";
    }
    const std::string limit_name = hierarchy.v2 ? "/memory.max" : "/memory.limit_in_bytes";
    const std::string usage_name = hierarchy.v2 ? "/memory.current" : "/memory.usage_in_bytes";
    const std::string inactive_key = hierarchy.v2 ? "inactive_file" : "total_inactive_file";
    for (const std::string& level : levels) {
        const std::optional<uint64_t> limit = read_number(level + limit_name);
        if (!limit || (tightest && *limit >= tightest->limit_bytes)) continue;
        const uint64_t charged = read_number(level + usage_name).value_or(0);
        const uint64_t inactive = read_stat(level + "/memory.stat", inactive_key);
        tightest = CgroupMemory{*limit, charged > inactive ? charged - inactive : 0, level + limit_name};
    }
}

}  // namespace

std::optional<CgroupMemory> read_cgroup_memory(const std::string& root) {
    std::optional<CgroupMemory> tightest;
    for (const Hierarchy& hierarchy : find_hierarchies(root)) find_tightest(root, hierarchy, tightest);
    return tightest;
}

}  // namespace peng
#endif
