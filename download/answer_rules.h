#pragma once
// How download_repo treats an HTTP answer: which failures pass (retried after a
// pause), the pause the server asks for, and the sentence for one that stops the run.
#include <atomic>
#include <string>

#include "download/http_transport.h"

namespace peng::download {

// A failure worth retrying: no answer (a transfer cut or stalled), 408, 429 or 5xx. A
// permanent transport error (over the cap, a bad redirect) is not.
bool transient(const HttpAnswer& a);
// "HTTP 503", or the transport's sentence.
std::string describe(const HttpAnswer& a);
// The server's Retry-After in seconds (at most 60), else `fallback`.
double retry_after(const HttpAnswer& a, double fallback);
// Sleeps `seconds`, waking within 50 ms when `cancel` (may be null) is set; false
// when it was cancelled.
bool pause(double seconds, const std::atomic<bool>* cancel);
// Throws the sentence for a failed answer about `what`: gated or private (naming how
// to give a token), not found, or what the answer was.
[[noreturn]] void refuse(const HttpAnswer& a, const std::string& repo, const std::string& what, bool has_token);

}  // namespace peng::download
