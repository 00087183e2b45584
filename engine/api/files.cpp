#include "api/files.h"

#include "io/atomic_write.h"

namespace peng {

void save_file(const std::string& path, const std::string& content) { write_file_atomically(path, content); }

}  // namespace peng
