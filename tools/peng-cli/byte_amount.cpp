#include "byte_amount.h"

#include <cstdio>

namespace peng::cli {

std::string byte_amount(double bytes) {
    char text[32];
    if (bytes >= 1e9) std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
    else std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
    return text;
}

}  // namespace peng::cli
