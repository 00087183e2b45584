// sync_to_disk and replace_file on POSIX systems (see durable_file.h).
#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "platform/durable_file.h"
#include "util/error.h"

namespace peng {

void sync_to_disk(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(path + ": cannot open to sync: " + std::strerror(errno));
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // EINVAL: a filesystem without fsync for this kind of file (e.g. some directories).
    if (rc != 0 && err != EINVAL) throw Error(path + ": cannot sync: " + std::strerror(err));
}

void replace_file(const std::string& from, const std::string& to) {
    if (std::rename(from.c_str(), to.c_str()) != 0)
        throw Error(to + ": cannot rename " + from + " into place: " + std::strerror(errno));
}

}  // namespace peng
#endif
