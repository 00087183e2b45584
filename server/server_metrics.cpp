#include "server/server_metrics.h"

#include <sstream>

#include "api/engine.h"

namespace peng::server {

namespace {

// Bounds in seconds. Experts streamed from disk make a first token take from a tenth of
// a second (all in RAM) to minutes (a long prompt, a cold cache), and a token from
// milliseconds (GPU, hits) to seconds (misses on a slow disk); requests range from
// /health's microseconds to answers of many minutes.
const std::vector<double> kTtftBounds{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320, 640};
const std::vector<double> kTokenBounds{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
const std::vector<double> kDurationBounds{0.001, 0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800};

}  // namespace

ServerMetrics::ServerMetrics() : ttft_(kTtftBounds), decode_per_token_(kTokenBounds) {}

void ServerMetrics::count_request(const std::string& endpoint, int status, double seconds) {
    std::lock_guard lock(mutex_);
    ++requests_[{endpoint, status}];
    durations_.try_emplace(endpoint, kDurationBounds).first->second.observe(seconds);
}

void ServerMetrics::count_reply(const Reply& reply) {
    std::lock_guard lock(mutex_);
    ++replies_;
    prompt_tokens_ += uint64_t(reply.prompt_tokens);
    cached_prompt_tokens_ += uint64_t(reply.prefix_reused_tokens);
    completion_tokens_ += reply.tokens.size();
    expert_hits_ += reply.phases.expert_hits;
    expert_misses_ += reply.phases.expert_misses;
    disk_bytes_ += reply.prefill_disk_bytes + reply.decode_disk_bytes;
    decode_seconds_ += reply.decode_s;
    if (reply.tokens.size() > 1) decoded_tokens_ += reply.tokens.size() - 1;
    if (!reply.tokens.empty()) ttft_.observe(reply.ttft_s);
    if (reply.tokens.size() > 1) decode_per_token_.observe(reply.decode_s / double(reply.tokens.size() - 1));
    if (reply.tokens_per_s > 0) last_tokens_per_s_ = reply.tokens_per_s;
}

void ServerMetrics::count_shed(const char* reason) {
    std::lock_guard lock(mutex_);
    ++shed_[reason];
}

uint64_t ServerMetrics::requests() const {
    std::lock_guard lock(mutex_);
    uint64_t total = 0;
    for (const auto& [key, count] : requests_) total += count;
    return total;
}

namespace {

void describe(std::ostringstream& out, const char* name, const char* type, const char* help) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
}

// One unlabelled series: its description, then its value.
template <typename Value>
void series(std::ostringstream& out, const char* name, const char* type, const char* help, Value value) {
    describe(out, name, type, help);
    out << name << ' ' << value << '\n';
}

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

}  // namespace

std::string ServerMetrics::prometheus(int waiting, bool running, bool model_loaded) const {
    std::lock_guard lock(mutex_);
    std::ostringstream out;
    out.precision(9);
    describe(out, "peng_requests_total", "counter", "HTTP requests answered, by endpoint and status code.");
    for (const auto& [key, count] : requests_)
        out << "peng_requests_total{endpoint=\"" << key.first << "\",code=\"" << key.second << "\"} " << count << '\n';
    describe(out, "peng_connections_shed_total", "counter",
             "Connections closed unserved: a head too slow or too large, an address or the server at its cap.");
    for (const auto& [reason, count] : shed_)
        out << "peng_connections_shed_total{reason=\"" << reason << "\"} " << count << '\n';
    const char* gauge = "gauge";
    const char* counter = "counter";
    series(out, "peng_queue_waiting", gauge, "Requests waiting for their turn on the engine.", waiting);
    series(out, "peng_generating", gauge, "1 while a generation holds the engine.", running ? 1 : 0);
    series(out, "peng_model_loaded", gauge, "1 while a model is open.", model_loaded ? 1 : 0);
    series(out, "peng_generations_total", counter, "Generations completed (answered, stopped or cancelled).", replies_);
    series(out, "peng_prompt_tokens_total", counter, "Prompt tokens of all generations.", prompt_tokens_);
    series(out, "peng_prompt_tokens_cached_total", counter, "Prompt tokens whose KV cache was reused.",
           cached_prompt_tokens_);
    series(out, "peng_generated_tokens_total", counter, "Tokens generated.", completion_tokens_);
    series(out, "peng_decode_seconds_total", counter, "Decode time after each generation's first token.",
           decode_seconds_);
    series(out, "peng_decode_tokens_per_second", gauge, "Decode speed over all generations.",
           ratio(double(decoded_tokens_), decode_seconds_));
    series(out, "peng_last_decode_tokens_per_second", gauge, "Decode speed of the last generation.",
           last_tokens_per_s_);
    series(out, "peng_expert_hits_total", counter, "Routed experts found in memory (VRAM or RAM).", expert_hits_);
    series(out, "peng_expert_misses_total", counter, "Routed experts read from disk.", expert_misses_);
    series(out, "peng_expert_hit_rate", gauge, "Hits over all expert lookups so far.",
           ratio(double(expert_hits_), double(expert_hits_ + expert_misses_)));
    series(out, "peng_disk_read_bytes_total", counter, "Expert bytes read from disk.", disk_bytes_);
    // Its _sum is what a counter of the times summed would say (and would clash with it in OpenMetrics).
    describe(out, "peng_time_to_first_token_seconds", "histogram", "Time to first token of each generation.");
    ttft_.write(out, "peng_time_to_first_token_seconds");
    describe(out, "peng_decode_seconds_per_token", "histogram",
             "Mean decode time per token after the first, one observation per generation of two or more tokens.");
    decode_per_token_.write(out, "peng_decode_seconds_per_token");
    describe(out, "peng_request_duration_seconds", "histogram",
             "Time from a worker taking up a request to its response's last byte, by endpoint.");
    for (const auto& [endpoint, histogram] : durations_)
        histogram.write(out, "peng_request_duration_seconds", "endpoint=\"" + endpoint + "\"");
    return out.str();
}

}  // namespace peng::server
