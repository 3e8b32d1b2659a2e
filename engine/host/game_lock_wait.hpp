#pragma once

#include <chrono>
#include <memory>
#include <mutex>

#include "game/game_dir.hpp"
#include "game/turn_store.hpp"

namespace hl {

// The game lock taken by a long-running process (the web server, mail-in) that must wait its
// turn: threads of this process queue on a mutex per game, then the file lock is tried until
// `wait` runs out (another process, such as `hyperlane run`, may hold it).
class WaitingGameLock {
  public:
    // Takes both locks; throws InputError like GameLock once `wait` has run out.
    WaitingGameLock(const GameDir& dir, std::chrono::milliseconds wait);

  private:
    std::unique_lock<std::mutex> in_process_;
    std::unique_ptr<GameLock> file_;
};

}  // namespace hl
