#include "web/rate_limit.hpp"

namespace hl::web {

SignInLimiter::SignInLimiter(int free_tries, std::chrono::seconds first_delay,
                             std::chrono::seconds window, std::size_t capacity)
    : free_tries_(free_tries < 1 ? 1 : free_tries),
      first_delay_(first_delay),
      window_(window),
      capacity_(capacity < 1 ? 1 : capacity) {}

void SignInLimiter::drop_expired(Clock::time_point now) {
    while (!order_.empty()) {
        auto it = entries_.find(order_.front());
        if (it->second.last + window_ > now) break;
        entries_.erase(it);
        order_.pop_front();
    }
}

long long SignInLimiter::retry_after(const std::string& key, Clock::time_point now) {
    std::lock_guard<std::mutex> g(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end() || it->second.last + window_ <= now || it->second.blocked_until <= now)
        return 0;
    auto wait = it->second.blocked_until - now;
    return std::chrono::duration_cast<std::chrono::seconds>(wait).count() + 1;
}

void SignInLimiter::failed(const std::string& key, Clock::time_point now) {
    std::lock_guard<std::mutex> g(mutex_);
    drop_expired(now);
    auto it = entries_.find(key);
    if (it == entries_.end()) {
        if (entries_.size() >= capacity_) {
            entries_.erase(order_.front());
            order_.pop_front();
        }
        it = entries_.emplace(key, Entry{}).first;
        it->second.order = order_.insert(order_.end(), key);
    } else {
        order_.splice(order_.end(), order_, it->second.order);
    }
    Entry& e = it->second;
    e.failures += 1;
    e.last = now;
    if (e.failures >= free_tries_) {
        auto delay = first_delay_;
        for (int i = free_tries_; i < e.failures && delay < window_; ++i)
            delay *= 2;
        if (delay > window_) delay = window_;
        e.blocked_until = now + delay;
    }
}

void SignInLimiter::succeeded(const std::string& key) {
    std::lock_guard<std::mutex> g(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) return;
    order_.erase(it->second.order);
    entries_.erase(it);
}

std::size_t SignInLimiter::size() {
    std::lock_guard<std::mutex> g(mutex_);
    return entries_.size();
}

}  // namespace hl::web
