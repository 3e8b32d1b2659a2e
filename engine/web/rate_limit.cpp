#include "web/rate_limit.hpp"

namespace hl::web {

void SignInLimiter::prune(std::deque<std::chrono::steady_clock::time_point>& q,
                          std::chrono::steady_clock::time_point now) {
    while (!q.empty() && q.front() + window_ <= now)
        q.pop_front();
}

bool SignInLimiter::allowed(const std::string& key) {
    return retry_after(key) == 0;
}

void SignInLimiter::failed(const std::string& key) {
    auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> g(mutex_);
    if (failures_.size() > 100000) failures_.clear();  // a flood of addresses: start over
    auto& q = failures_[key];
    prune(q, now);
    q.push_back(now);
}

long long SignInLimiter::retry_after(const std::string& key) {
    auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> g(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) return 0;
    prune(it->second, now);
    if (static_cast<int>(it->second.size()) < limit_) return 0;
    auto wait = it->second.front() + window_ - now;
    return std::chrono::duration_cast<std::chrono::seconds>(wait).count() + 1;
}

}  // namespace hl::web
