#include "game/read_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/diagnostics.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// A game folder this thread holds locked, and how.
struct Held {
    dev_t dev;
    ino_t ino;
    bool exclusive;
};

thread_local std::vector<Held> held_here;

Held* find_held(const struct stat& st) {
    for (Held& h : held_here)
        if (h.dev == st.st_dev && h.ino == st.st_ino) return &h;
    return nullptr;
}

// Takes flock `op` on fd, trying again until `until`; false if it stayed taken. A file system
// without flock leaves the folder unlocked (true): a reader then reads as before.
bool lock_until(int fd, int op, std::chrono::steady_clock::time_point until) {
    auto nap = std::chrono::milliseconds(1);
    for (;;) {
        if (::flock(fd, op | LOCK_NB) == 0) return true;
        if (errno == EINTR) continue;
        if (errno != EWOULDBLOCK) return true;
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(nap);
        nap = std::min(nap * 2, std::chrono::milliseconds(10));
    }
}

}  // namespace

GameReadLock::GameReadLock(const GameDir& dir, std::chrono::milliseconds wait)
    : GameReadLock(dir, wait, false) {}

GameReadLock::GameReadLock(const GameDir& dir, std::chrono::milliseconds wait, bool exclusive) {
    gate_ = ::open(dir.dir().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (gate_ < 0) return;  // no game folder: its reader says so
    struct stat st {};
    if (::fstat(gate_, &st) != 0) {
        ::close(gate_);
        gate_ = -1;
        return;
    }
    if (Held* h = find_held(st)) {
        ::close(gate_);
        gate_ = -1;
        // Nested in a lock this thread holds, which is released last.
        if (exclusive && !h->exclusive)
            throw std::logic_error("a reader of a game cannot change it while it reads");
        return;
    }
    turns_ = ::open((dir.dir() / "turns").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (turns_ < 0) {
        ::close(gate_);
        gate_ = -1;
        return;
    }
    const auto until = std::chrono::steady_clock::now() + wait;
    bool got = lock_until(gate_, LOCK_EX, until);
    if (got) got = lock_until(turns_, exclusive ? LOCK_EX : LOCK_SH, until);
    if (!got) {
        ::close(turns_);
        ::close(gate_);
        turns_ = gate_ = -1;
        throw InputError(
            {dir.dir().generic_string(), 0, 0},
            exclusive
                ? fmt::format("readers of the game kept it for {} s; nothing was changed, try "
                              "again",
                              wait.count() / 1000)
                : fmt::format("another hyperlane command kept changing the game for {} s; "
                              "try again",
                              wait.count() / 1000));
    }
    // A reader lets the next one (or a writer) through the gate at once; a writer keeps it, so
    // readers queue there rather than on turns/.
    if (!exclusive) {
        ::flock(gate_, LOCK_UN);
        ::close(gate_);
        gate_ = -1;
    }
    held_here.push_back({st.st_dev, st.st_ino, exclusive});
    dev_ = st.st_dev;
    ino_ = st.st_ino;
    outer_ = true;
}

GameReadLock::~GameReadLock() {
    if (!outer_) return;  // nested, or nothing was locked
    for (auto it = held_here.begin(); it != held_here.end(); ++it)
        if (it->dev == dev_ && it->ino == ino_) {
            held_here.erase(it);
            break;
        }
    if (turns_ >= 0) {
        ::flock(turns_, LOCK_UN);
        ::close(turns_);
    }
    if (gate_ >= 0) {
        ::flock(gate_, LOCK_UN);
        ::close(gate_);
    }
}

GameChangeLock::GameChangeLock(const GameDir& dir, std::chrono::milliseconds wait)
    : lock_(dir, wait, true) {}

}  // namespace hl
