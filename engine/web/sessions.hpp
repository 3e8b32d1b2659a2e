#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace hl::web {

// One browser's session: who signed in to which game, and the token every form must carry.
struct Session {
    std::string id;       // the cookie value
    std::string csrf;     // the hidden field every form posts back
    std::string game;     // empty until signed in
    std::string who;      // an empire code, or "GM"
    std::string binding;  // what it signed in with (web/secret_binding.hpp): valid while it holds
    std::chrono::steady_clock::time_point expires;
};

// How many sessions are kept, and for how long without use.
struct SessionLimits {
    std::chrono::seconds idle{12 * 3600};       // a signed-in session
    std::chrono::seconds anonymous_idle{3600};  // one made for a sign-in form
    std::size_t max_signed_in = 20000;          // the least recently used go first
    std::size_t max_anonymous = 10000;          // ... kept apart from the signed-in ones
};

// Sessions in memory (a restart signs everyone out), each expiring after a time without use.
// Anonymous sessions (one per visitor of a sign-in page) and signed-in ones are kept in two
// lists by last use, so every call costs the same however many there are, expired sessions
// are dropped from the front of their list, and a flood of visitors only ever pushes out other
// anonymous sessions, never a signed-in player.
class SessionStore {
  public:
    using Clock = std::chrono::steady_clock;

    explicit SessionStore(SessionLimits limits) : limits_(limits) {}
    // Sessions live `idle` after their last use (signed in), an hour at most (anonymous).
    explicit SessionStore(std::chrono::seconds idle);
    // A new session nobody has signed in to (it carries the sign-in form's token).
    Session create();
    // The live session with this id (its expiry renewed), or nullopt.
    std::optional<Session> find(const std::string& id);
    // Ends the session `old_id` and returns a new one signed in as `who` to `game`, bound to
    // `binding` (a new id, so a session id seen before signing in is worth nothing after).
    Session sign_in(const std::string& old_id, const std::string& game, const std::string& who,
                    const std::string& binding = "");
    // Ends a session.
    void end(const std::string& id);
    // How many sessions are alive (for tests): all, and the anonymous ones.
    std::size_t size();
    std::size_t anonymous();

  private:
    struct Entry {
        Session s;
        std::list<std::string>::iterator order;
    };
    std::list<std::string>& list_of(const Session& s) {
        return s.game.empty() ? anonymous_ : signed_in_;
    }
    void add(Session s);
    void erase(std::unordered_map<std::string, Entry>::iterator it);
    void drop_expired(std::list<std::string>& order, Clock::time_point now);

    SessionLimits limits_;
    std::mutex mutex_;
    std::unordered_map<std::string, Entry> sessions_;
    std::list<std::string> anonymous_;  // by last use, oldest first
    std::list<std::string> signed_in_;  // by last use, oldest first
};

}  // namespace hl::web
