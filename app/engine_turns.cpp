#include "engine_turns.h"

#ifdef PENG_HAS_SERVER

EngineTurns::EngineTurns(int max_waiting) : host_(max_waiting) {}

EngineTurns::Turn EngineTurns::take(const std::atomic<bool>* give_up) {
    Turn turn;
    turn.ticket_ = host_.join();
    turn.held_ = give_up ? host_.wait(turn.ticket_, [give_up] { return give_up->load(); })
                         : (host_.wait(turn.ticket_), true);
    return turn;
}

void EngineTurns::share(peng::Engine* engine) { host_.set_engine(engine); }

#else

EngineTurns::EngineTurns(int) {}

EngineTurns::Turn EngineTurns::take(const std::atomic<bool>* give_up) {
    Turn turn;
    turn.held_ = !(give_up && give_up->load());
    return turn;
}

void EngineTurns::share(peng::Engine*) {}

#endif
