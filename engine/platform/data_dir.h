#pragma once
// Where Peng keeps what it learns about a model (routing history, conversation KV):
// $XDG_DATA_HOME/peng (a relative XDG_DATA_HOME is ignored), else ~/.local/share/peng;
// on Windows %LOCALAPPDATA%\peng.
#include <string>

namespace peng {

std::string peng_data_dir();

// The user's home folder: $HOME, on Windows %USERPROFILE%; "" when unset.
std::string user_home_dir();

}  // namespace peng
