#include "mail/delivery.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

std::string to_maildir(const fs::path& outbox, const std::string& message, std::string& where) {
    static std::atomic<unsigned> counter{0};
    std::error_code ec;
    try {
        // The outbox's path is the GM's (links there are followed); the folders made for it are
        // the owner's only, and nothing inside it is followed through a link.
        make_folders_from_existing(outbox);
        for (const char* sub : {"tmp", "new", "cur"})
            make_folders_below(outbox, outbox / sub);
    } catch (const std::exception& e) {
        return fmt::format("cannot make the Maildir: {}", e.what());
    }
    struct timespec ts {};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    std::string name = fmt::format("{}.M{}P{}Q{}.hyperlane.eml", ts.tv_sec, ts.tv_nsec / 1000,
                                   ::getpid(), counter++);
    fs::path tmp = outbox / "tmp" / name;
    fs::path dest = outbox / "new" / name;
    try {
        write_file_atomic_below(outbox, tmp, message);
        rename_below(outbox, tmp, dest);
        sync_dir(outbox / "new");
    } catch (const std::exception& e) {
        fs::remove(tmp, ec);
        return e.what();
    }
    where = dest.generic_string();
    return "";
}

std::string to_command(const Delivery& how, const std::string& message, std::string& where) {
    where = how.sendmail[0];
    // A command that exits early must not kill this process with SIGPIPE.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, nullptr);
    // A parent that ignores SIGCHLD (some daemons) would have the command's exit status thrown
    // away, and a refused mail taken for one handed on: wait for it the default way.
    struct sigaction child {};
    child.sa_handler = SIG_DFL;
    ::sigaction(SIGCHLD, &child, nullptr);

    int in[2];
    if (::pipe2(in, O_CLOEXEC) != 0)
        return fmt::format("cannot make a pipe: {}", std::strerror(errno));
    char out_name[] = "/tmp/hyperlane-sendmail-XXXXXX";
    int out = ::mkostemp(out_name, O_CLOEXEC);
    if (out < 0) {
        ::close(in[0]);
        ::close(in[1]);
        return fmt::format("cannot make a temporary file: {}", std::strerror(errno));
    }
    ::unlink(out_name);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out, 1);
    posix_spawn_file_actions_adddup2(&fa, out, 2);
    std::vector<char*> argv;
    for (const std::string& a : how.sendmail)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    int rc = ::posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(in[0]);
    if (rc != 0) {
        ::close(in[1]);
        ::close(out);
        return fmt::format("cannot start '{}': {}", how.sendmail[0], std::strerror(rc));
    }
    auto deadline = std::chrono::steady_clock::now() + how.timeout;
    auto left_ms = [&] {
        auto d = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        return static_cast<int>(std::max<long long>(0, d.count()));
    };
    ::fcntl(in[1], F_SETFL, O_NONBLOCK);
    std::size_t sent = 0;
    bool timed_out = false;
    while (sent < message.size()) {
        struct pollfd p {
            in[1], POLLOUT, 0
        };
        int n = ::poll(&p, 1, std::min(left_ms(), 1000));
        if (n < 0 && errno == EINTR) continue;
        if (left_ms() == 0) {
            timed_out = true;
            break;
        }
        if (n <= 0) continue;
        ssize_t w = ::write(in[1], message.data() + sent, message.size() - sent);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (w < 0) break;  // the command closed its input: its exit status tells why
        sent += static_cast<std::size_t>(w);
    }
    ::close(in[1]);
    int status = 0;
    int lost = 0;  // not 0: the exit status could not be had (errno)
    for (;;) {
        pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) {
            lost = errno;
            break;
        }
        if (timed_out || left_ms() == 0) {
            timed_out = true;
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        struct timespec nap {
            0, 20 * 1000 * 1000
        };
        ::nanosleep(&nap, nullptr);
    }
    std::string said;
    ::lseek(out, 0, SEEK_SET);
    char buf[4096];
    ssize_t n;
    while ((n = ::read(out, buf, sizeof buf)) > 0 && said.size() < 2000)
        said.append(buf, static_cast<std::size_t>(n));
    ::close(out);
    while (!said.empty() && (said.back() == '\n' || said.back() == '\r'))
        said.pop_back();
    std::string tail = said.empty() ? "" : ": " + said;
    if (timed_out)
        return fmt::format("'{}' did not finish within {} s and was stopped{}", how.sendmail[0],
                           how.timeout.count(), tail);
    // Only a command that took the whole message and said so (exit 0) has handed it on.
    if (lost != 0)
        return fmt::format("could not learn whether '{}' took the mail: {}{}", how.sendmail[0],
                           std::strerror(lost), tail);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && sent == message.size()) return "";
    if (WIFEXITED(status))
        return fmt::format("'{}' failed with exit status {}{}", how.sendmail[0],
                           WEXITSTATUS(status), tail);
    return fmt::format("'{}' was killed by signal {}{}", how.sendmail[0],
                       WIFSIGNALED(status) ? WTERMSIG(status) : 0, tail);
}

}  // namespace

std::string deliver(const Delivery& how, const std::string& message, std::string& where) {
    if (how.sendmail.empty()) return to_maildir(how.outbox, message, where);
    return to_command(how, message, where);
}

}  // namespace hl::mail
