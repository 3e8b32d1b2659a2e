#include "host/game_lock_wait.hpp"

#include <atomic>
#include <filesystem>
#include <optional>
#include <thread>

#include <fmt/format.h>

namespace fs = std::filesystem;

namespace hl {

namespace {

// What the threads of this process share about one game folder.
struct GameGate {
    std::timed_mutex mutex;                 // one thread of the process at a time
    std::atomic<bool> held_outside{false};  // the last try found the file lock taken
};

// The gate of a game folder and its key, for the life of the process.
std::pair<GameGate*, std::string> game_gate(const GameDir& dir) {
    static std::mutex guard;
    static std::map<std::string, std::unique_ptr<GameGate>> gates;
    std::error_code ec;
    std::string key = fs::weakly_canonical(fs::absolute(dir.dir()), ec).generic_string();
    std::lock_guard<std::mutex> g(guard);
    auto& gate = gates[key];
    if (!gate) gate = std::make_unique<GameGate>();
    return {gate.get(), key};
}

// A permit held until the end of the constructor's wait.
class Permit {
  public:
    Permit(LockWaitPermits* permits, std::string key) : permits_(permits), key_(std::move(key)) {}
    ~Permit() {
        if (held_) permits_->release(key_);
    }
    Permit(const Permit&) = delete;
    Permit& operator=(const Permit&) = delete;
    // True if waiting is allowed (no permits are kept, or one was given).
    bool take() {
        if (!permits_ || held_) return true;
        held_ = permits_->try_acquire(key_);
        return held_;
    }

  private:
    LockWaitPermits* permits_;
    std::string key_;
    bool held_ = false;
};

// The same words as GameLock's refusals, so the command line reads the same either way: after
// waiting `waited` in vain, or at once (no permit to wait, or no wait asked for).
[[noreturn]] void busy(const GameDir& dir,
                       std::chrono::milliseconds waited = std::chrono::milliseconds(0)) {
    throw GameBusy(
        {dir.dir().generic_string(), 0, 0},
        waited.count() > 0
            ? fmt::format("another hyperlane command was running this game for all the {} s "
                          "waited (nothing was changed)",
                          (waited.count() + 999) / 1000)
            : std::string("another hyperlane command is running this game right now; wait for it "
                          "to finish (nothing was changed)"));
}

}  // namespace

bool LockWaitPermits::try_acquire(const std::string& key) {
    std::lock_guard<std::mutex> g(mutex_);
    int& n = by_game_[key];
    if (n >= per_game_ || waiting_ >= total_) {
        if (n == 0) by_game_.erase(key);
        return false;
    }
    ++n;
    ++waiting_;
    return true;
}

void LockWaitPermits::release(const std::string& key) {
    std::lock_guard<std::mutex> g(mutex_);
    auto it = by_game_.find(key);
    if (it == by_game_.end()) return;
    --waiting_;
    if (--it->second == 0) by_game_.erase(it);
}

WaitingGameLock::WaitingGameLock(const GameDir& dir, std::chrono::milliseconds wait,
                                 LockWaitPermits* permits) {
    auto until = std::chrono::steady_clock::now() + wait;
    auto [gate, key] = game_gate(dir);
    Permit permit(permits, key);
    in_process_ = std::unique_lock<std::timed_mutex>(gate->mutex, std::try_to_lock);
    // Threads of this process queue for a game freely while it changes hands among them (a
    // sheet is stored in milliseconds); once another process is found holding it, each needs
    // a permit to go on waiting.
    while (!in_process_.owns_lock()) {
        if (gate->held_outside && !permit.take()) busy(dir);
        if (std::chrono::steady_clock::now() >= until) busy(dir, wait);
        in_process_.try_lock_for(std::chrono::milliseconds(50));
    }
    for (;;) {
        try {
            file_ = std::make_unique<GameLock>(dir);
            gate->held_outside = false;
            return;
        } catch (const InputError&) {
            // A folder that is not a game fails the same way every time: no point waiting.
            if (!fs::is_regular_file(dir.game_file())) throw;
        }
        gate->held_outside = true;
        if (!permit.take()) busy(dir);
        if (std::chrono::steady_clock::now() >= until) busy(dir, wait);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

}  // namespace hl
