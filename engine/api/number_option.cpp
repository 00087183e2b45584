#include "api/number_option.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "plan/memory_probe.h"
#include "util/error.h"

namespace peng {

namespace {

std::string shown(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}
std::string shown(long long v) { return std::to_string(v); }
std::string shown(unsigned long long v) { return std::to_string(v); }

[[noreturn]] void refuse(const std::string& option, const char* kind, const std::string& min, const std::string& max,
                         std::string_view text, const std::string& max_note = "") {
    throw Error(option + " must be " + kind + " from " + min + " to " + max + max_note + ", got '" +
                std::string(text) + "'");
}

// from_chars over the whole text: no sign prefix '+', no spaces, no trailing bytes.
template <typename T>
bool whole(std::string_view text, T& out) {
    const char* end = text.data() + text.size();
    auto [stop, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && stop == end && !text.empty();
}

template <typename T, typename Shown>
T parse_integer(const std::string& option, std::string_view text, NumberRange<T> range) {
    T v{};
    if (!whole(text, v) || v < range.min || v > range.max)
        refuse(option, "an integer", shown(Shown(range.min)), shown(Shown(range.max)), text);
    return v;
}

double parse_real_noted(const std::string& option, std::string_view text, NumberRange<double> range,
                        const std::string& max_note) {
    double v = 0;
    if (!whole(text, v) || !std::isfinite(v) || v < range.min || v > range.max)
        refuse(option, "a number", shown(range.min), shown(range.max), text, max_note);
    return v;
}

}  // namespace

int parse_int(const std::string& option, std::string_view text, NumberRange<int> range) {
    return parse_integer<int, long long>(option, text, range);
}

int64_t parse_int64(const std::string& option, std::string_view text, NumberRange<int64_t> range) {
    return parse_integer<int64_t, long long>(option, text, range);
}

uint64_t parse_uint64(const std::string& option, std::string_view text, NumberRange<uint64_t> range) {
    return parse_integer<uint64_t, unsigned long long>(option, text, range);
}

double parse_real(const std::string& option, std::string_view text, NumberRange<double> range) {
    return parse_real_noted(option, text, range, "");
}

double physical_memory_gigabytes() {
    const uint64_t total = probe_memory().total_bytes;
    return total ? static_cast<double>(total) / 1e9 : kMaxVramGigabytes;  // unknown: the same sane maximum as VRAM
}

uint64_t parse_ram_gigabytes(const std::string& option, std::string_view text) {
    // Rounded down to 0.01 GB so the limit shown is one the parser accepts.
    const double max = std::floor(physical_memory_gigabytes() * 100) / 100;
    return static_cast<uint64_t>(parse_real_noted(option, text, {0, max}, " (this machine's memory, in GB)") * 1e9);
}

uint64_t parse_vram_gigabytes(const std::string& option, std::string_view text) {
    return static_cast<uint64_t>(parse_real_noted(option, text, {0, kMaxVramGigabytes}, " GB") * 1e9);
}

}  // namespace peng
