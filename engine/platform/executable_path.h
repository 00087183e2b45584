#pragma once
// The running program's own file: what ships with Peng (the trained demo model) is
// found relative to it, and peng-cli runs itself again from it.
#include <string>

namespace peng {

// Absolute path of the running executable. Throws peng::Error when the system
// cannot say (no /proc, a path longer than Windows allows).
std::string executable_path();

}  // namespace peng
