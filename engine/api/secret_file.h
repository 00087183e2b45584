#pragma once
// An API key or access token kept in a file of its own, read by one rule wherever Peng
// takes one (peng-cli serve --api-key-file and download --token-file, the app's
// --api-key-file and its local server's key file): the file's one line, surrounding
// spaces and the line end trimmed.
#include <string>

namespace peng {

// The secret in `path`. Throws peng::Error naming the file and `what` ("API key",
// "token") when it is not a regular file of at most 64 KiB (a FIFO or /dev/zero is
// refused without waiting on it), holds nothing, holds more than one line, or holds
// anything but visible ASCII (a space, a control character, a non-ASCII letter), which
// an HTTP Authorization header cannot carry reliably.
std::string read_secret_file(const std::string& path, const std::string& what);

// Whether `secret` can go into an Authorization header: visible ASCII only.
bool usable_secret(const std::string& secret);

}  // namespace peng
