#pragma once
// "1.23 GB" or "45.6 MB": a size or rate for a person to read.
#include <string>

namespace peng::cli {

std::string byte_amount(double bytes);

}  // namespace peng::cli
