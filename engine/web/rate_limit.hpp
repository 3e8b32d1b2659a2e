#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hl::web {

// Failed sign-ins per key (a client address, or a client address with a game's empire), with
// delays that grow: the first `free_tries` failures cost nothing; from then on each failure
// makes the key wait `first_delay`, then twice as long after the next, up to `window`. A key's
// failures are forgotten `window` after its last one. At most `capacity` keys are kept: the
// least recently failed one (the next to expire) makes room for a new one, so a flood of keys
// costs the same per call and never wipes the others.
class SignInLimiter {
  public:
    using Clock = std::chrono::steady_clock;

    SignInLimiter(int free_tries, std::chrono::seconds first_delay, std::chrono::seconds window,
                  std::size_t capacity = 100000);
    // Seconds until the key may try again (0 if it may now).
    long long retry_after(const std::string& key) { return retry_after(key, Clock::now()); }
    long long retry_after(const std::string& key, Clock::time_point now);
    // Records a failed try for the key.
    void failed(const std::string& key) { failed(key, Clock::now()); }
    void failed(const std::string& key, Clock::time_point now);
    // Forgets the key's failures (a right secret from that client for that empire).
    void succeeded(const std::string& key);
    // How many keys are kept (for tests).
    std::size_t size();

  private:
    struct Entry {
        int failures = 0;
        Clock::time_point last;           // the last failure
        Clock::time_point blocked_until;  // no try before this
        std::list<std::string>::iterator order;
    };
    void drop_expired(Clock::time_point now);

    int free_tries_;
    std::chrono::seconds first_delay_;
    std::chrono::seconds window_;
    std::size_t capacity_;
    std::mutex mutex_;
    std::unordered_map<std::string, Entry> entries_;
    std::list<std::string> order_;  // keys by their last failure, oldest first
};

}  // namespace hl::web
