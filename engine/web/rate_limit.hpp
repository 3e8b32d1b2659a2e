#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace hl::web {

// Counts failed sign-ins per key (a client address, or a game and empire) over a sliding
// window, and refuses further tries once a key has failed `limit` times in it.
class SignInLimiter {
  public:
    // At most `limit` failures per key within `window`.
    SignInLimiter(int limit, std::chrono::seconds window) : limit_(limit), window_(window) {}
    // True if the key may try again now.
    bool allowed(const std::string& key);
    // Records a failed try for the key.
    void failed(const std::string& key);
    // Seconds until the key may try again (0 if it may now).
    long long retry_after(const std::string& key);

  private:
    void prune(std::deque<std::chrono::steady_clock::time_point>& q,
               std::chrono::steady_clock::time_point now);
    int limit_;
    std::chrono::seconds window_;
    std::mutex mutex_;
    std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> failures_;
};

}  // namespace hl::web
