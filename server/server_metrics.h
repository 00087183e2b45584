#pragma once
// What GET /metrics reports, in Prometheus' text format: requests by endpoint and
// status, tokens, the expert cache's hits and misses, bytes read from disk, decode
// speed and time to first token, connections shed unserved, and (read at scrape
// time) the queue; histograms of time to first token, decode time per token and
// request duration by endpoint, for percentiles (histogram_quantile).
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "server/histogram.h"

namespace peng {
struct Reply;
}

namespace peng::server {

class ServerMetrics {
public:
    ServerMetrics();
    // A request answered with `status` after `seconds` (a stream's until its end).
    void count_request(const std::string& endpoint, int status, double seconds);
    void count_reply(const Reply& reply);
    // A connection closed before it was served: `reason` is a fixed name
    // ("head_timeout", "head_too_large", "address_cap", "connection_cap").
    void count_shed(const char* reason);
    uint64_t requests() const;   // every request answered, any status

    // `waiting`: requests in line; `running`: whether one is generating.
    std::string prometheus(int waiting, bool running, bool model_loaded) const;

private:
    mutable std::mutex mutex_;
    std::map<std::pair<std::string, int>, uint64_t> requests_;
    std::map<std::string, uint64_t> shed_;
    uint64_t replies_ = 0, prompt_tokens_ = 0, cached_prompt_tokens_ = 0, completion_tokens_ = 0;
    uint64_t expert_hits_ = 0, expert_misses_ = 0, disk_bytes_ = 0;
    double decode_seconds_ = 0, last_tokens_per_s_ = 0;
    uint64_t decoded_tokens_ = 0;   // tokens after each reply's first (what decode_seconds covers)
    Histogram ttft_;
    Histogram decode_per_token_;    // each generation's mean, observed once
    std::map<std::string, Histogram> durations_;   // by endpoint
};

}  // namespace peng::server
