#include "platform/data_dir.h"

#include <cstdlib>

namespace peng {

std::string peng_data_dir() {
    std::string base;
#ifdef _WIN32
    if (const char* local = std::getenv("LOCALAPPDATA"); local && *local) base = local;
#else
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home) base = std::string(home) + "/.local/share";
#endif
    else base = ".";
    return base + "/peng";
}

}  // namespace peng
