#pragma once

#include <chrono>

#include "game/game_dir.hpp"

namespace hl {

// Holds GAME/.host.lock (an flock) while `hyperlane host` decides, runs and mails a game's
// turn, so that two host runs never both find the same turn due: the second waits, then finds
// it played. The lock dies with the process.
class HostLock {
  public:
    // Takes the lock, trying again for up to `wait` while another host run holds it; throws
    // InputError if it is still held then, or if the folder has no game.toml.
    explicit HostLock(const GameDir& dir, std::chrono::milliseconds wait);
    ~HostLock();
    HostLock(const HostLock&) = delete;
    HostLock& operator=(const HostLock&) = delete;

  private:
    int fd_ = -1;
};

}  // namespace hl
