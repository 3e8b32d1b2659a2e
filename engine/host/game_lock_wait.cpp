#include "host/game_lock_wait.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <thread>

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
    : in_process_(game_mutex(dir)) {
    auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
        try {
            file_ = std::make_unique<GameLock>(dir);
            return;
        } catch (const InputError&) {
            // A folder that is not a game fails the same way every time: no point waiting.
            if (!fs::is_regular_file(dir.game_file()) || std::chrono::steady_clock::now() >= until)
                throw;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

}  // namespace hl
