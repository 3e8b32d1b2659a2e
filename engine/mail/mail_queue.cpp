#include "mail/mail_queue.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"
#include "mail/kill_point.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

struct State {
    std::string word;  // "", "handing", "sent" or "failed"
    std::string text;  // where it went, or why it failed
};

State read_state(const fs::path& file) {
    State st;
    std::error_code ec;
    if (!fs::exists(file, ec)) return st;
    std::string s = read_file(file);
    std::size_t nl = s.find('\n');
    st.word = s.substr(0, nl);
    if (nl != std::string::npos) st.text = s.substr(nl + 1);
    while (!st.text.empty() && st.text.back() == '\n')
        st.text.pop_back();
    return st;
}

void write_state(const fs::path& file, const std::string& word, const std::string& text) {
    write_file_atomic(file, word + "\n" + text + "\n");
}

// Takes an flock, waiting up to `limit` (a delivery agent of a killed run may hold it).
bool lock_within(int fd, std::chrono::milliseconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return true;
        if (errno != EWOULDBLOCK && errno != EINTR) return false;
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// Closes every descriptor but 0, 1, 2 and `keep`.
void close_all_but(int keep) {
    if (keep > 3) ::close_range(3, static_cast<unsigned>(keep - 1), 0);
    ::close_range(static_cast<unsigned>(std::max(keep, 2) + 1), ~0U, 0);
}

// The delivery agent: runs the command and writes the outcome as the mail's state.
[[noreturn]] void agent(const Delivery& how, const std::string& message, const fs::path& state,
                        int lock_fd) {
    disarm_kill_points();
    if (lock_fd <= 2) lock_fd = ::fcntl(lock_fd, F_DUPFD, 3);  // kept through the dup2s below
    ::setsid();  // a signal to the run's process group does not stop the hand-over
    int null = ::open("/dev/null", O_RDWR);
    if (null >= 0) {
        ::dup2(null, 0);
        ::dup2(null, 1);
        ::dup2(null, 2);
    }
    close_all_but(lock_fd);
    std::string where;
    std::string why = deliver(how, message, where);
    try {
        write_state(state, why.empty() ? "sent" : "failed", why.empty() ? where : why);
    } catch (const std::exception&) {
        ::_exit(1);
    }
    ::_exit(0);
}

// Hands a mail to the outbox Maildir `outbox` (through tmp/ into new/, never through a link
// below the outbox).
Handover to_outbox(const fs::path& outbox, const std::string& file, const fs::path& state,
                   const State& before, const std::string& message) {
    const fs::path tmp = outbox / "tmp" / file;
    const fs::path dest = outbox / "new" / file;
    std::error_code ec;
    if (before.word == "handing" && !fs::exists(tmp, ec)) {
        // A run was killed after the rename: the mail is in the outbox already.
        write_state(state, "sent", dest.generic_string());
        return {true, dest.generic_string(), ""};
    }
    if (before.word != "handing") {
        write_file_atomic_below(outbox, tmp, message);
        kill_point("handover-written");
        write_state(state, "handing", "");
        kill_point("handover-begun");
    }
    rename_below(outbox, tmp, dest);
    sync_dir(dest.parent_path());
    kill_point("handover-done");
    write_state(state, "sent", dest.generic_string());
    kill_point("delivered");
    return {true, dest.generic_string(), ""};
}

Handover to_command(const Delivery& how, const std::string& message, const fs::path& state,
                    int lock_fd) {
    // "handing" and no outcome means an agent died (a power cut) while the command ran: the
    // mail may have gone; it is sent again, with the same Message-ID.
    write_state(state, "handing", "");
    kill_point("handover-begun");
    pid_t pid = ::fork();
    if (pid == 0) agent(how, message, state, lock_fd);
    if (pid < 0) {
        std::string where;
        std::string why = deliver(how, message, where);
        write_state(state, why.empty() ? "sent" : "failed", why.empty() ? where : why);
    } else {
        kill_point("agent-started");
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    kill_point("handover-done");
    State after = read_state(state);
    if (after.word == "sent") return {true, after.text, ""};
    if (after.word == "failed") return {false, "", after.text};
    return {false, "", "the delivery agent stopped before it could write what happened"};
}

}  // namespace

fs::path queue_dir(const GameDir& dir) {
    return dir.dir() / "mail" / "queue";
}

void MailQueue::add(const std::string& name, const std::string& message) {
    fs::path eml = dir_ / (name + ".eml");
    std::error_code ec;
    if (fs::exists(eml, ec)) return;
    make_folders_from_existing(dir_);  // the owner's only, as every folder of a game
    fs::remove(dir_ / (name + ".state"), ec);
    write_file_atomic_below(dir_, eml, message);
    sync_dir(dir_);
}

bool MailQueue::has(const std::string& name) const {
    std::error_code ec;
    return fs::exists(dir_ / (name + ".eml"), ec);
}

std::vector<std::string> MailQueue::names(std::string_view prefix) const {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir_, ec)) {
        std::string file = e.path().filename().string();
        if (file.size() < 4 || file.compare(file.size() - 4, 4, ".eml") != 0) continue;
        std::string name = file.substr(0, file.size() - 4);
        if (name.compare(0, prefix.size(), prefix) == 0) out.push_back(name);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool MailQueue::delivered(const std::string& name) const {
    return read_state(dir_ / (name + ".state")).word == "sent";
}

Handover MailQueue::deliver(const std::string& name, const Delivery& how) {
    fs::path eml = dir_ / (name + ".eml");
    fs::path state = dir_ / (name + ".state");
    int fd = ::open(eml.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {false, "", fmt::format("{}: not in the queue", eml.generic_string())};
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(how.timeout) +
                std::chrono::seconds(10);
    if (!lock_within(fd, wait))
        return {false, "", "another process is still handing this mail over; try again later"};
    try {
        State before = read_state(state);
        if (before.word == "sent") return {true, before.text, ""};
        std::string message = read_file(eml);
        if (!how.sendmail.empty()) return to_command(how, message, state, fd);
        // The outbox's path is the GM's (links there are followed); the folders made for it are
        // the owner's only, and nothing inside it is followed through a link.
        make_folders_from_existing(how.outbox);
        for (const char* sub : {"tmp", "new", "cur"})
            make_folders_below(how.outbox, how.outbox / sub);
        return to_outbox(how.outbox, name + ".eml", state, before, message);
    } catch (const std::exception& e) {
        return {false, "", e.what(), true};
    }
}

void MailQueue::forget(const std::string& name) {
    std::error_code ec;
    fs::remove(dir_ / (name + ".eml"), ec);
    sync_dir(dir_);
    fs::remove(dir_ / (name + ".state"), ec);
}

}  // namespace hl::mail
