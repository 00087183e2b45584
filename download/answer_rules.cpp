#include "download/answer_rules.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "util/error.h"

namespace peng::download {

bool transient(const HttpAnswer& a) {
    if (!a.transport_error.empty()) return !a.permanent;
    return a.status == 429 || a.status == 408 || a.status >= 500;
}

std::string describe(const HttpAnswer& a) {
    return a.transport_error.empty() ? "HTTP " + std::to_string(a.status) : a.transport_error;
}

double retry_after(const HttpAnswer& a, double fallback) {
    const auto it = a.headers.find("retry-after");
    if (it == a.headers.end()) return fallback;
    try {
        return std::min(60.0, std::max(0.0, std::stod(it->second)));
    } catch (...) {
        return fallback;
    }
}

bool pause(double seconds, const std::atomic<bool>* cancel) {
    using Clock = std::chrono::steady_clock;
    const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    for (;;) {
        if (cancel && cancel->load()) return false;
        const auto now = Clock::now();
        if (now >= until) return true;
        std::this_thread::sleep_for(std::min<Clock::duration>(until - now, std::chrono::milliseconds(50)));
    }
}

void refuse(const HttpAnswer& a, const std::string& repo, const std::string& what, bool has_token) {
    if (a.status == 401 || a.status == 403)
        throw Error(repo + " is gated or private: " +
                    (has_token ? "the token given is not allowed to read it (accept its terms on its page, or use "
                                 "a token of an account that may)"
                               : "give a Hugging Face access token with --token-file (create one at "
                                 "https://huggingface.co/settings/tokens after accepting the model's terms)"));
    if (a.status == 404) throw Error(what + ": not found (HTTP 404): check the repository id and revision");
    throw Error(what + ": " + describe(a));
}

}  // namespace peng::download
