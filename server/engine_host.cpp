#include "server/engine_host.h"

#include <algorithm>

namespace peng::server {

EngineHost::EngineHost(int max_waiting) : max_waiting_(max_waiting) {}

EngineHost::Ticket::Ticket(Ticket&& other) noexcept
    : host_(other.host_), number_(other.number_), holding_(other.holding_), bounded_(other.bounded_) {
    other.host_ = nullptr;
}

EngineHost::Ticket& EngineHost::Ticket::operator=(Ticket&& other) noexcept {
    if (this != &other) {
        leave();
        host_ = other.host_;
        number_ = other.number_;
        holding_ = other.holding_;
        bounded_ = other.bounded_;
        other.host_ = nullptr;
    }
    return *this;
}

EngineHost::Ticket::~Ticket() { leave(); }

void EngineHost::Ticket::leave() {
    if (host_) host_->leave(*this);
    host_ = nullptr;
    holding_ = false;
}

EngineHost::Ticket EngineHost::try_join() {
    std::lock_guard lock(mutex_);
    if (bounded_waiting_ >= std::max(0, max_waiting_)) return {};
    ++bounded_waiting_;
    return Ticket(this, next_++, true);
}

EngineHost::Ticket EngineHost::join() {
    std::lock_guard lock(mutex_);
    return Ticket(this, next_++, false);
}

void EngineHost::wait(Ticket& ticket) {
    wait(ticket, [] { return false; });
}

void EngineHost::leave(Ticket& ticket) {
    {
        std::lock_guard lock(mutex_);
        if (!ticket.holding_ && ticket.bounded_) --bounded_waiting_;
        if (ticket.holding_) {
            held_ = false;
            ++serving_;
        } else if (ticket.number_ == serving_) {
            ++serving_;  // its turn had come and it never took it
        } else {
            gone_.push_back(ticket.number_);
        }
        // Numbers that left early are skipped when their turn comes.
        for (auto it = std::find(gone_.begin(), gone_.end(), serving_); it != gone_.end();
             it = std::find(gone_.begin(), gone_.end(), serving_)) {
            gone_.erase(it);
            ++serving_;
        }
    }
    turn_changed_.notify_all();
}

void EngineHost::set_engine(Engine* engine, const std::string& model_id) {
    std::shared_ptr<const ServedModel> model =
        engine ? std::make_shared<const ServedModel>(describe_model(*engine, model_id)) : nullptr;
    std::lock_guard lock(mutex_);
    engine_ = engine;
    model_ = std::move(model);
}

std::shared_ptr<const ServedModel> EngineHost::model() const {
    std::lock_guard lock(mutex_);
    return model_;
}

int EngineHost::waiting() const {
    std::lock_guard lock(mutex_);
    return int(next_ - serving_ - gone_.size() - (held_ ? 1 : 0));
}

bool EngineHost::busy() const {
    std::lock_guard lock(mutex_);
    return held_;
}

}  // namespace peng::server
