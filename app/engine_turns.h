#pragma once
// The app's side of the one engine it shares with its local server (issue 21). Every
// use of the engine on the worker thread takes a turn on server::EngineHost, in
// arrival order with the server's requests, so a request and the window's answer never
// run on the engine at once, and the server always sees the engine the window has
// open (or none). Built without the server (PENG_HAS_SERVER undefined) a turn costs
// nothing: the worker thread is then the engine's only user.
#include <atomic>

#ifdef PENG_HAS_SERVER
#include "server/engine_host.h"
#endif

namespace peng {
class Engine;
}

class EngineTurns {
public:
    // `max_waiting`: how many server requests may wait in line (more get 429).
    explicit EngineTurns(int max_waiting);

    // Held until destroyed; `held()` is false when the caller gave up waiting.
    class Turn {
    public:
        bool held() const { return held_; }

    private:
        friend class EngineTurns;
#ifdef PENG_HAS_SERVER
        peng::server::EngineHost::Ticket ticket_;
#endif
        bool held_ = false;
    };

    // Blocks until it is this caller's turn, or until `give_up` becomes true (then the
    // place in line is left and the turn is not held).
    Turn take(const std::atomic<bool>* give_up = nullptr);
    // Only while holding a turn: the engine the server answers with (null: none open).
    void share(peng::Engine* engine);

#ifdef PENG_HAS_SERVER
    peng::server::EngineHost& host() { return host_; }

private:
    peng::server::EngineHost host_;
#endif
};
