#include "platform/data_dir.h"

#include <cstdlib>

namespace peng {

std::string user_home_dir() {
#ifdef _WIN32
    const char* home = std::getenv("USERPROFILE");
#else
    const char* home = std::getenv("HOME");
#endif
    return home ? home : "";
}

std::string peng_data_dir() {
    std::string base;
#ifdef _WIN32
    if (const char* local = std::getenv("LOCALAPPDATA"); local && *local) base = local;
#else
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') base = xdg;
    else if (const std::string home = user_home_dir(); !home.empty()) base = home + "/.local/share";
#endif
    else base = ".";
    return base + "/peng";
}

}  // namespace peng
