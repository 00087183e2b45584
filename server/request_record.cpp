#include "server/request_record.h"

namespace peng::server {

namespace {
thread_local RequestRecord* serving = nullptr;
}

double RequestRecord::elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

RequestRecord* RequestRecord::current() { return serving; }

RequestScope::RequestScope() : outer_(serving) { serving = &record_; }

RequestScope::~RequestScope() { serving = outer_; }

}  // namespace peng::server
