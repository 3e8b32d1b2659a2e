#include "host/host_lock.hpp"

#include <fmt/format.h>

#include "game/lock_file.hpp"
#include "io/file_error.hpp"

namespace hl {

HostLock::HostLock(const GameDir& dir, std::chrono::milliseconds wait)
    : fd_(lock_game_file(dir, ".host.lock", wait)) {
    if (fd_ < 0)
        throw InputError({dir.dir().generic_string(), 0, 0},
                         fmt::format("another hyperlane host was working on this game for all "
                                     "the {} s waited (nothing was done)",
                                     (wait.count() + 999) / 1000));
}

HostLock::~HostLock() {
    unlock_game_file(fd_);
}

}  // namespace hl
