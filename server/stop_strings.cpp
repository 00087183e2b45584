#include "server/stop_strings.h"

#include <algorithm>

namespace peng::server {

StopStrings::StopStrings(std::vector<std::string> stops) : stops_(std::move(stops)) {}

std::string StopStrings::feed(std::string_view text) {
    if (matched_) return {};
    held_.append(text);
    // The earliest stop string in what is held ends the answer there.
    size_t first = std::string::npos;
    for (const std::string& stop : stops_) first = std::min(first, held_.find(stop));
    if (first != std::string::npos) {
        matched_ = true;
        std::string out = held_.substr(0, first);
        held_.clear();
        return out;
    }
    // Keep the longest tail that is a proper prefix of some stop string.
    size_t keep = 0;
    for (const std::string& stop : stops_)
        for (size_t n = std::min(stop.size() - 1, held_.size()); n > keep; --n)
            if (held_.compare(held_.size() - n, n, stop, 0, n) == 0) {
                keep = n;
                break;
            }
    std::string out = held_.substr(0, held_.size() - keep);
    held_.erase(0, held_.size() - keep);
    return out;
}

std::string StopStrings::finish() {
    std::string out = matched_ ? std::string() : held_;
    held_.clear();
    return out;
}

}  // namespace peng::server
