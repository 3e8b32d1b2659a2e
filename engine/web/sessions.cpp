#include "web/sessions.hpp"

#include "web/random_token.hpp"

namespace hl::web {

namespace {

// Anonymous sessions are made for every visitor of a sign-in page; cap them all the same.
constexpr std::size_t kMaxSessions = 100000;

}  // namespace

Session SessionStore::create() {
    auto now = std::chrono::steady_clock::now();
    Session s{random_token(), random_token(), "", "", now + idle_};
    std::lock_guard<std::mutex> g(mutex_);
    drop_expired(now);
    if (sessions_.size() >= kMaxSessions) sessions_.erase(sessions_.begin());
    sessions_[s.id] = s;
    return s;
}

std::optional<Session> SessionStore::find(const std::string& id) {
    auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> g(mutex_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return std::nullopt;
    if (it->second.expires <= now) {
        sessions_.erase(it);
        return std::nullopt;
    }
    it->second.expires = now + idle_;
    return it->second;
}

Session SessionStore::sign_in(const std::string& old_id, const std::string& game,
                              const std::string& who) {
    auto now = std::chrono::steady_clock::now();
    Session s{random_token(), random_token(), game, who, now + idle_};
    std::lock_guard<std::mutex> g(mutex_);
    sessions_.erase(old_id);
    sessions_[s.id] = s;
    return s;
}

void SessionStore::end(const std::string& id) {
    std::lock_guard<std::mutex> g(mutex_);
    sessions_.erase(id);
}

std::size_t SessionStore::size() {
    std::lock_guard<std::mutex> g(mutex_);
    return sessions_.size();
}

void SessionStore::drop_expired(std::chrono::steady_clock::time_point now) {
    for (auto it = sessions_.begin(); it != sessions_.end();)
        it = it->second.expires <= now ? sessions_.erase(it) : std::next(it);
}

}  // namespace hl::web
