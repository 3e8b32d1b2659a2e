#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace hl::mail {

// The dot-lock of an mbox, MBOX.lock, as mail delivery agents take it: a file created only if
// it does not exist (O_EXCL), holding its owner "PID HOST". A lock left by a process that is
// gone is taken over at once; others are waited for up to `wait`. Removed by the destructor.
class DotLock {
  public:
    // Takes the lock of `mbox`. Throws InputError naming the owner if it stays held.
    DotLock(const std::filesystem::path& mbox, std::chrono::milliseconds wait);
    ~DotLock();
    DotLock(const DotLock&) = delete;
    DotLock& operator=(const DotLock&) = delete;

  private:
    std::filesystem::path file_;
};

// Why a dot-lock file may be taken over, or "" if its owner may still hold it: its owner (same
// host, or no host given) is no process, or a process started after the lock was written (its
// number was used again); or a lock without an owner on this host is older than ten minutes.
std::string stale_lock_reason(const std::filesystem::path& lock_file);

}  // namespace hl::mail
