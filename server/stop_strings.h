#pragma once
// OpenAI's `stop`: the answer ends before the first stop string, which is not
// returned. As text streams, the tail that may still become a stop string is held
// back, so no part of one is ever sent.
#include <string>
#include <string_view>
#include <vector>

namespace peng::server {

class StopStrings {
public:
    explicit StopStrings(std::vector<std::string> stops);

    // Adds generated text; returns what may be passed on now.
    std::string feed(std::string_view text);
    // The output ended without a match: what was held back.
    std::string finish();
    bool matched() const { return matched_; }

private:
    std::vector<std::string> stops_;
    std::string held_;
    bool matched_ = false;
};

}  // namespace peng::server
