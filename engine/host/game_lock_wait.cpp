#include "host/game_lock_wait.hpp"

#include <filesystem>
#include <map>
#include <string>

namespace fs = std::filesystem;

namespace hl {

namespace {

// One mutex per game folder, for the life of the process.
std::mutex& game_mutex(const GameDir& dir) {
    static std::mutex guard;
    static std::map<std::string, std::unique_ptr<std::mutex>> mutexes;
    std::error_code ec;
    fs::path key = fs::weakly_canonical(fs::absolute(dir.dir()), ec);
    std::lock_guard<std::mutex> g(guard);
    auto& m = mutexes[key.generic_string()];
    if (!m) m = std::make_unique<std::mutex>();
    return *m;
}

}  // namespace

WaitingGameLock::WaitingGameLock(const GameDir& dir, std::chrono::milliseconds wait)
    : in_process_(game_mutex(dir)), file_(std::make_unique<GameLock>(dir, wait)) {}

}  // namespace hl
