#pragma once
// The one engine that every caller shares: the server's requests and, in the app, the
// window's own chat. The engine runs one generation at a time, so callers take turns
// in arrival order (a ticket lock); the server's requests wait in a bounded line, and
// a request that finds the line full is answered 429 instead of queueing without end.
// The engine may change while the server runs (the app opens another model, or none):
// it is read and replaced only by whoever holds the turn.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/served_model.h"

namespace peng {
class Engine;
}

namespace peng::server {

class EngineHost {
public:
    // `max_waiting`: how many server requests may wait for their turn (not counting
    // the one running). The app's own turns always join the line.
    explicit EngineHost(int max_waiting);

    // A place in line, taken when a request arrives (so the 429 answer is immediate);
    // `valid()` is false when the line was full.
    class Ticket {
    public:
        Ticket() = default;
        Ticket(Ticket&& other) noexcept;
        Ticket& operator=(Ticket&& other) noexcept;
        ~Ticket();
        bool valid() const { return host_ != nullptr; }

    private:
        friend class EngineHost;
        Ticket(EngineHost* host, uint64_t number, bool bounded) : host_(host), number_(number), bounded_(bounded) {}
        void leave();
        EngineHost* host_ = nullptr;
        uint64_t number_ = 0;
        bool holding_ = false;
        bool bounded_ = false;   // counted against max_waiting while it waits
    };

    Ticket try_join();   // a server request: invalid when max_waiting server requests already wait
    Ticket join();       // the app: always gets a place, and takes none of the server's
    // Blocks until `ticket`'s turn. Returns false (and leaves the line) when `give_up`
    // says so first; it is asked every `poll_ms` (a client that went away).
    template <class GiveUp>
    bool wait(Ticket& ticket, GiveUp give_up, int poll_ms = 50);
    void wait(Ticket& ticket);

    // Only while holding a turn. `model_id` names it to clients ("" = its folder's name).
    Engine* engine() const { return engine_; }
    void set_engine(Engine* engine, const std::string& model_id = {});
    // What clients are told about the engine's model (null while none is open); any thread.
    std::shared_ptr<const ServedModel> model() const;

    int max_waiting() const { return max_waiting_; }

    int waiting() const;   // tickets not yet holding the turn
    bool busy() const;     // a turn is held

private:
    bool my_turn(const Ticket& ticket) const { return ticket.number_ == serving_; }
    void leave(Ticket& ticket);   // ends a turn, or gives up a place in line

    const int max_waiting_;
    mutable std::mutex mutex_;
    std::condition_variable turn_changed_;
    uint64_t next_ = 0;       // the number the next ticket gets
    uint64_t serving_ = 0;    // the number whose turn it is
    bool held_ = false;
    std::vector<uint64_t> gone_;  // numbers that left the line early
    int bounded_waiting_ = 0;     // server requests waiting (what max_waiting bounds)
    Engine* engine_ = nullptr;
    std::shared_ptr<const ServedModel> model_;
};

template <class GiveUp>
bool EngineHost::wait(Ticket& ticket, GiveUp give_up, int poll_ms) {
    std::unique_lock lock(mutex_);
    while (!my_turn(ticket)) {
        if (give_up()) {
            lock.unlock();
            ticket.leave();
            return false;
        }
        turn_changed_.wait_for(lock, std::chrono::milliseconds(poll_ms));
    }
    held_ = true;
    ticket.holding_ = true;
    if (ticket.bounded_) --bounded_waiting_;
    return true;
}

}  // namespace peng::server
