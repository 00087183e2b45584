#include "io/atomic_write.h"

#include <filesystem>
#include <optional>
#include <random>

#include "platform/durable_file.h"
#include "platform/file_kind.h"
#include "util/error.h"

namespace peng {

namespace {

namespace fs = std::filesystem;

constexpr char kAlphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
constexpr size_t kRandomChars = 8;
constexpr std::string_view kTemporarySuffix = ".tmp";

// Peng's paths are UTF-8; a std::string would be read in the ANSI code page on Windows.
fs::path utf8_path(const std::string& path) { return fs::path(std::u8string(path.begin(), path.end())); }
std::string utf8_of(const fs::path& path) {
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
}

std::string random_name_part() {
    thread_local std::mt19937_64 random(std::random_device{}());
    std::string s(kRandomChars, '0');
    for (char& c : s) c = kAlphabet[random() % (sizeof kAlphabet - 1)];
    return s;
}

// Throws unless `path` may be replaced: it is a regular file or nothing, in a folder
// that exists.
void check_target(const std::string& path) {
    std::error_code ec;
    if (const std::string what = file_kind(fs::symlink_status(utf8_path(path), ec).type()); !what.empty())
        throw Error(path + ": is " + what + "; Peng saves only to regular files, so it was left as it is");
    const fs::path parent = utf8_path(path).parent_path();
    if (!parent.empty() && !fs::is_directory(parent, ec))
        throw Error(path + ": cannot save: the folder " + utf8_of(parent) + " does not exist");
}

void move_into_place(const std::string& temporary, const std::string& path) {
    check_target(path);  // again: it may have changed while the temporary was written
    replace_file(temporary, path);
}

// The rename itself is durable once the directory is synced (on Windows,
// MoveFileEx's write-through does it).
void sync_folder_of([[maybe_unused]] const std::string& path) {
#ifndef _WIN32
    const std::string parent = utf8_of(utf8_path(path).parent_path());
    sync_to_disk(parent.empty() ? "." : parent);
#endif
}

// A new file beside `path` that no one else writes.
NewFile create_temporary_beside(const std::string& path) {
    for (int attempt = 0; attempt < 100; ++attempt)
        if (std::optional<NewFile> file = NewFile::create(path + "." + random_name_part() + std::string(kTemporarySuffix)))
            return std::move(*file);
    throw Error(path + ": cannot create a temporary file beside it: every name tried is taken");
}

}  // namespace

void commit_file(const std::string& temporary, const std::string& path) {
    sync_to_disk(temporary);
    move_into_place(temporary, path);
    sync_folder_of(path);
}

void write_file_atomically(const std::string& path, const std::string& content) {
    write_file_atomically(path, std::vector<std::string_view>{content});
}

void write_file_atomically(const std::string& path, const std::vector<std::string_view>& pieces) {
    check_target(path);
    std::string temporary;
    try {
        NewFile file = create_temporary_beside(path);
        temporary = file.path();
        for (std::string_view piece : pieces) file.write(piece.data(), piece.size());
        file.sync();
        file.close();
        move_into_place(temporary, path);
    } catch (const Error& e) {
        // The temporary is closed here (NewFile's destructor ran); a half-written one is of no use.
        std::error_code ec;
        if (!temporary.empty()) fs::remove(utf8_path(temporary), ec);
        throw Error(path + ": not saved, the file on disk is unchanged: " + e.what());
    }
    sync_folder_of(path);
}

std::string temporary_target(const std::string& name) {
    const size_t tail = 1 + kRandomChars + kTemporarySuffix.size();  // ".k3x9q0ab.tmp"
    if (name.size() <= tail || name.compare(name.size() - kTemporarySuffix.size(), std::string::npos,
                                            kTemporarySuffix) != 0)
        return "";
    const size_t dot = name.size() - tail;
    if (name[dot] != '.') return "";
    for (size_t i = dot + 1; i < dot + 1 + kRandomChars; ++i)
        if (std::string_view(kAlphabet).find(name[i]) == std::string_view::npos) return "";
    return name.substr(0, dot);
}

}  // namespace peng
