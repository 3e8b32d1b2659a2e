#pragma once

#include <sys/types.h>

#include <chrono>

#include "game/game_dir.hpp"

namespace hl {

// How long a reader waits for a writer to finish changing what readers see (a writer holds the
// game only for a moment: a rename, a few flushed files).
inline constexpr std::chrono::milliseconds kReadLockWait{60'000};
// How long a writer waits for the readers already reading to finish.
inline constexpr std::chrono::milliseconds kChangeLockWait{60'000};

// Held by a reader of a game (status, show, report, check, the web pages' loads) for as long as it
// lives, so that it sees one consistent turn: no turn renamed into place, rolled back or edited
// meanwhile. It is a shared flock on the game's turns/ folder, taken after passing the gate (an
// exclusive flock on the game folder, held for a moment), so a stream of readers never keeps a
// writer out. Nested in one thread (a reader that loads the game), only the outermost one locks.
// A folder without turns/ is not locked (its reader reports what is missing).
class GameReadLock {
  public:
    // Takes the lock; throws InputError if writers kept it for `wait`.
    explicit GameReadLock(const GameDir& dir, std::chrono::milliseconds wait = kReadLockWait);
    ~GameReadLock();
    GameReadLock(const GameReadLock&) = delete;
    GameReadLock& operator=(const GameReadLock&) = delete;

  private:
    friend class GameChangeLock;
    GameReadLock(const GameDir& dir, std::chrono::milliseconds wait, bool exclusive);
    int gate_ = -1;
    int turns_ = -1;
    bool outer_ = false;  // this lock took the flocks (not nested in one of this thread)
    dev_t dev_ = 0;       // the game folder's device and inode, when outer_
    ino_t ino_ = 0;
};

// Held by a writer that already holds the GameLock while it changes what readers see (renames a
// turn into place, removes turns, rewrites the latest state or a sheet): the exclusive flock on
// turns/, once the readers already reading are done; new readers wait at the gate meanwhile.
class GameChangeLock {
  public:
    // Takes the lock; throws InputError if readers kept it for `wait`.
    explicit GameChangeLock(const GameDir& dir, std::chrono::milliseconds wait = kChangeLockWait);

  private:
    GameReadLock lock_;
};

}  // namespace hl
