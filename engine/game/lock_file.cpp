#include "game/lock_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

#include "io/file_error.hpp"
#include "io/folder_below.hpp"

namespace fs = std::filesystem;

namespace hl {

int lock_game_file(const GameDir& dir, const char* name, std::chrono::milliseconds wait) {
    // Never leave a lock file in a folder that is not a game (a mistyped path).
    if (!fs::is_regular_file(dir.game_file()))
        throw InputError({dir.game_file().generic_string(), 0, 0},
                         "cannot read game.toml: is this a game folder?");
    fs::path file = dir.dir() / name;
    int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, kPrivateFileMode);
    if (fd < 0) {
        int err = errno;
        if (err == ELOOP)
            throw FileError(file, "open the lock file",
                            "it is a symbolic link, and links are never followed (remove the "
                            "link)");
        throw FileError(file, "open the lock file", err);
    }
    const auto until = std::chrono::steady_clock::now() + wait;
    auto nap = std::chrono::milliseconds(5);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            until - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            ::close(fd);
            return -1;
        }
        std::this_thread::sleep_for(std::min(nap, left));
        nap = std::min(nap * 2, std::chrono::milliseconds(200));
    }
    return fd;
}

void unlock_game_file(int fd) {
    if (fd < 0) return;
    ::flock(fd, LOCK_UN);
    ::close(fd);
}

}  // namespace hl
