#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "game/game_dir.hpp"
#include "game/turn_store.hpp"

namespace hl {

// The game stayed locked for the whole wait (most likely its turn is being run), or too many
// requests already wait for it: nothing was done, try again later.
class GameBusy : public InputError {
  public:
    using InputError::InputError;
};

// How many threads of a server may wait at once for games that another process has locked:
// per game and in all, so that waiting for one game never takes every thread from the others.
class LockWaitPermits {
  public:
    LockWaitPermits(int per_game, int total) : per_game_(per_game), total_(total) {}
    // True (and counted) if one more thread may wait for the game `key`.
    bool try_acquire(const std::string& key);
    // Ends a wait counted by try_acquire.
    void release(const std::string& key);

  private:
    int per_game_;
    int total_;
    int waiting_ = 0;
    std::mutex mutex_;
    std::map<std::string, int> by_game_;
};

// The game lock taken by a long-running process (the web server, mail-in) that must wait its
// turn: threads of this process queue for the game, then the file lock is tried, until `wait`
// runs out (another process, such as `hyperlane run`, may hold it). With `permits`, a thread
// that would wait while another process holds the game needs a permit, and gives up at once
// without one.
class WaitingGameLock {
  public:
    // Takes both locks; throws GameBusy once `wait` has run out or no permit is left, and
    // InputError like GameLock if the folder is not a game.
    WaitingGameLock(const GameDir& dir, std::chrono::milliseconds wait,
                    LockWaitPermits* permits = nullptr);

  private:
    std::unique_lock<std::timed_mutex> in_process_;
    std::unique_ptr<GameLock> file_;
};

}  // namespace hl
