#include "host/host_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

#include <fmt/format.h>

#include "io/file_error.hpp"
#include "io/folder_below.hpp"

namespace fs = std::filesystem;

namespace hl {

HostLock::HostLock(const GameDir& dir, std::chrono::milliseconds wait) {
    // Never leave a lock file in a folder that is not a game (a mistyped path).
    if (!fs::is_regular_file(dir.game_file()))
        throw InputError({dir.game_file().generic_string(), 0, 0},
                         "cannot read game.toml: is this a game folder?");
    fs::path file = dir.dir() / ".host.lock";
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, kPrivateFileMode);
    if (fd_ < 0) {
        int err = errno;
        if (err == ELOOP)
            throw FileError(file, "open the lock file",
                            "it is a symbolic link, and links are never followed (remove the "
                            "link)");
        throw FileError(file, "open the lock file", err);
    }
    const auto until = std::chrono::steady_clock::now() + wait;
    auto nap = std::chrono::milliseconds(5);
    while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            until - std::chrono::steady_clock::now());
        if (left.count() > 0) {
            std::this_thread::sleep_for(std::min(nap, left));
            nap = std::min(nap * 2, std::chrono::milliseconds(200));
            continue;
        }
        ::close(fd_);
        fd_ = -1;
        throw InputError({dir.dir().generic_string(), 0, 0},
                         fmt::format("another hyperlane host was working on this game for all "
                                     "the {} s waited (nothing was done)",
                                     (wait.count() + 999) / 1000));
    }
}

HostLock::~HostLock() {
    if (fd_ >= 0) {
        ::flock(fd_, LOCK_UN);
        ::close(fd_);
    }
}

}  // namespace hl
