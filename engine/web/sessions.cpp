#include "web/sessions.hpp"

#include <algorithm>

#include "web/random_token.hpp"

namespace hl::web {

namespace {

SessionLimits limits_for(std::chrono::seconds idle) {
    SessionLimits l;
    l.idle = idle;
    l.anonymous_idle = std::min(idle, l.anonymous_idle);
    return l;
}

}  // namespace

SessionStore::SessionStore(std::chrono::seconds idle) : limits_(limits_for(idle)) {}

void SessionStore::erase(std::unordered_map<std::string, Entry>::iterator it) {
    list_of(it->second.s).erase(it->second.order);
    sessions_.erase(it);
}

void SessionStore::drop_expired(std::list<std::string>& order, Clock::time_point now) {
    while (!order.empty()) {
        auto it = sessions_.find(order.front());
        if (it->second.s.expires > now) break;
        erase(it);
    }
}

void SessionStore::add(Session s) {
    auto& order = list_of(s);
    const std::size_t cap = s.game.empty() ? limits_.max_anonymous : limits_.max_signed_in;
    drop_expired(order, Clock::now());
    while (!order.empty() && order.size() >= std::max<std::size_t>(cap, 1))
        erase(sessions_.find(order.front()));
    std::string id = s.id;
    auto it = sessions_.emplace(id, Entry{std::move(s), {}}).first;
    it->second.order = order.insert(order.end(), id);
}

Session SessionStore::create() {
    Session s{random_token(), random_token(), "", "", "", Clock::now() + limits_.anonymous_idle};
    std::lock_guard<std::mutex> g(mutex_);
    add(s);
    return s;
}

std::optional<Session> SessionStore::find(const std::string& id) {
    auto now = Clock::now();
    std::lock_guard<std::mutex> g(mutex_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return std::nullopt;
    Session& s = it->second.s;
    if (s.expires <= now) {
        erase(it);
        return std::nullopt;
    }
    s.expires = now + (s.game.empty() ? limits_.anonymous_idle : limits_.idle);
    auto& order = list_of(s);
    order.splice(order.end(), order, it->second.order);
    return s;
}

Session SessionStore::sign_in(const std::string& old_id, const std::string& game,
                              const std::string& who, const std::string& binding) {
    Session s{random_token(), random_token(), game, who, binding, Clock::now() + limits_.idle};
    std::lock_guard<std::mutex> g(mutex_);
    if (auto it = sessions_.find(old_id); it != sessions_.end()) erase(it);
    add(s);
    return s;
}

void SessionStore::end(const std::string& id) {
    std::lock_guard<std::mutex> g(mutex_);
    if (auto it = sessions_.find(id); it != sessions_.end()) erase(it);
}

std::size_t SessionStore::size() {
    std::lock_guard<std::mutex> g(mutex_);
    return sessions_.size();
}

std::size_t SessionStore::anonymous() {
    std::lock_guard<std::mutex> g(mutex_);
    return anonymous_.size();
}

}  // namespace hl::web
