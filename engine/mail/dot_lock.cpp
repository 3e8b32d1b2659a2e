#include "mail/dot_lock.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "core/diagnostics.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

std::string host_name() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "";
    return buf;
}

// When a process started (Unix seconds), from /proc; 0 if unknown.
std::int64_t process_start(long pid) try {
    std::ifstream stat(fmt::format("/proc/{}/stat", pid));
    std::string line;
    if (!std::getline(stat, line)) return 0;
    std::size_t paren = line.rfind(')');
    if (paren == std::string::npos) return 0;
    std::istringstream fields(line.substr(paren + 2));
    std::string f;
    unsigned long long ticks = 0;
    // Field 22 (starttime) is the 20th after the command name.
    for (int i = 3; i <= 22 && fields >> f; ++i)
        if (i == 22) ticks = std::stoull(f);
    std::ifstream boot("/proc/stat");
    std::int64_t btime = 0;
    while (std::getline(boot, line))
        if (line.rfind("btime ", 0) == 0) btime = std::stoll(line.substr(6));
    long hz = ::sysconf(_SC_CLK_TCK);
    if (btime == 0 || hz <= 0 || ticks == 0) return 0;
    return btime + static_cast<std::int64_t>(ticks / static_cast<unsigned long long>(hz));
} catch (const std::exception&) {
    return 0;
}

}  // namespace

std::string stale_lock_reason(const fs::path& lock_file) {
    struct stat st {};
    if (::stat(lock_file.c_str(), &st) != 0) return errno == ENOENT ? "it is gone" : "";
    std::ifstream in(lock_file);
    long pid = 0;
    std::string host;
    in >> pid >> host;
    const std::int64_t now = ::time(nullptr);
    if (pid > 0 && (host.empty() || host == host_name())) {
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            return fmt::format("its owner, process {}, is gone", pid);
        std::int64_t started = process_start(pid);
        if (started > st.st_mtime + 2)
            return fmt::format("process {} started after the lock was written", pid);
        return "";
    }
    if (now - st.st_mtime > 600) return "it is older than ten minutes";
    return "";
}

DotLock::DotLock(const fs::path& mbox, std::chrono::milliseconds wait) {
    file_ = mbox;
    file_ += ".lock";
    const std::string owner = fmt::format("{} {}\n", ::getpid(), host_name());
    auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
        int fd = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ssize_t n = ::write(fd, owner.data(), owner.size());
            ::close(fd);
            if (n == static_cast<ssize_t>(owner.size())) return;
            ::unlink(file_.c_str());
            throw InputError({mbox.generic_string(), 0, 0},
                             fmt::format("cannot write the dot-lock {}", file_.generic_string()));
        }
        if (errno != EEXIST)
            throw InputError({mbox.generic_string(), 0, 0},
                             fmt::format("cannot create the dot-lock {}: {}",
                                         file_.generic_string(), std::strerror(errno)));
        if (!stale_lock_reason(file_).empty()) {
            ::unlink(file_.c_str());  // its owner is gone: take it over at once
            continue;
        }
        if (std::chrono::steady_clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::string held;
    std::ifstream in(file_);
    std::getline(in, held);
    throw InputError({mbox.generic_string(), 0, 0},
                     fmt::format("the mbox is locked ({} held by {}); try again later",
                                 file_.generic_string(), held.empty() ? "an unknown owner" : held));
}

DotLock::~DotLock() {
    ::unlink(file_.c_str());
}

}  // namespace hl::mail
