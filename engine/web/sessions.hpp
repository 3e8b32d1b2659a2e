#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace hl::web {

// One browser's session: who signed in to which game, and the token every form must carry.
struct Session {
    std::string id;    // the cookie value
    std::string csrf;  // the hidden field every form posts back
    std::string game;  // empty until signed in
    std::string who;   // an empire code, or "GM"
    std::chrono::steady_clock::time_point expires;
};

// Sessions in memory (a restart signs everyone out), each expiring after a time without use.
class SessionStore {
  public:
    // Sessions live `idle` after their last use.
    explicit SessionStore(std::chrono::seconds idle) : idle_(idle) {}
    // A new session nobody has signed in to (it carries the sign-in form's token).
    Session create();
    // The live session with this id (its expiry renewed), or nullopt.
    std::optional<Session> find(const std::string& id);
    // Ends the session `old_id` and returns a new one signed in as `who` to `game` (a new id,
    // so a session id seen before signing in is worth nothing after).
    Session sign_in(const std::string& old_id, const std::string& game, const std::string& who);
    // Ends a session.
    void end(const std::string& id);
    // How many sessions are alive (for tests).
    std::size_t size();

  private:
    void drop_expired(std::chrono::steady_clock::time_point now);
    std::chrono::seconds idle_;
    std::mutex mutex_;
    std::map<std::string, Session> sessions_;
};

}  // namespace hl::web
