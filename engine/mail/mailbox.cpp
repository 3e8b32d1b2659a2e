#include "mail/mailbox.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "io/atomic_file.hpp"
#include "io/file_error.hpp"
#include "io/folder_below.hpp"
#include "mail/dot_lock.hpp"
#include "mail/gmime_support.hpp"
#include "mail/kill_point.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

[[noreturn]] void fail(const fs::path& p, const std::string& what) {
    throw InputError({p.generic_string(), 0, 0}, what);
}

// Where each message of an mbox starts: a "From " line at the start or after an empty line.
std::vector<std::size_t> mbox_starts(std::string_view text) {
    std::vector<std::size_t> starts;
    std::size_t pos = 0;
    bool after_blank = true;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string_view line = text.substr(pos, end - pos);
        if (after_blank && line.substr(0, 5) == "From ") starts.push_back(pos);
        after_blank = line.empty() || line == "\r";
        pos = end + 1;
    }
    return starts;
}

std::string unquote_from(std::string_view raw) {
    std::size_t nl = raw.find('\n');
    std::string_view body = nl == std::string_view::npos ? "" : raw.substr(nl + 1);
    std::string out;
    std::size_t pos = 0;
    while (pos < body.size()) {
        std::size_t e = body.find('\n', pos);
        std::size_t end = e == std::string_view::npos ? body.size() : e + 1;
        std::string_view line = body.substr(pos, end - pos);
        std::size_t gt = line.find_first_not_of('>');
        if (gt != std::string_view::npos && gt > 0 && line.substr(gt, 5) == "From ")
            line.remove_prefix(1);
        out += line;
        pos = end;
    }
    return out;
}

class Maildir final : public Mailbox {
  public:
    Maildir(const fs::path& dir, std::chrono::milliseconds wait) : dir_(dir) {
        fs::path lock = dir / ".hyperlane-mail-in.lock";
        fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, kPrivateFileMode);
        if (fd_ < 0)
            fail(dir, fmt::format("cannot create the lock file: {}",
                                  errno == ELOOP ? "it is a symbolic link (remove it)"
                                                 : std::strerror(errno)));
        // Another game's mail-in reading a shared Maildir holds it for a moment: wait for it.
        const auto until = std::chrono::steady_clock::now() + wait;
        while (::flock(fd_, LOCK_EX | LOCK_NB) != 0 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd_);
            fail(dir,
                 "another hyperlane mail-in is reading this Maildir right now; try again "
                 "when it has finished");
        }
        std::error_code ec;
        try {
            make_folders_below(dir, dir / "cur");  // never through a link
        } catch (...) {
            ::close(fd_);
            throw;
        }
        std::vector<std::pair<fs::file_time_type, fs::path>> files;
        for (const auto& e : fs::directory_iterator(dir / "new", ec)) {
            std::string name = e.path().filename().string();
            if (name.empty() || name[0] == '.' || !e.is_regular_file() || e.is_symlink()) continue;
            files.emplace_back(e.last_write_time(ec), e.path());
        }
        std::sort(files.begin(), files.end());
        for (const auto& [when, path] : files) {
            try {
                struct stat st {};
                if (::stat(path.c_str(), &st) != 0) continue;
                mails_.push_back({path.filename().string(), read_file(path), st.st_mtime});
                paths_.push_back(path);
            } catch (const std::exception&) {
                // Gone meanwhile (another reader of the Maildir took it): not ours.
            }
        }
    }
    ~Maildir() override { ::close(fd_); }
    const std::vector<WaitingMail>& waiting() const override { return mails_; }
    void handled(std::size_t i) override {
        std::string name = paths_[i].filename().string();
        std::size_t info = name.find(":2,");
        if (info == std::string::npos)
            name += ":2,S";
        else if (name.find('S', info) == std::string::npos)
            name += "S";
        // Neither new/ nor cur/ may be a link (the mail is moved, never written through one).
        OpenFolder from = open_folder_below(dir_, dir_ / "new", false);
        OpenFolder to = open_folder_below(dir_, dir_ / "cur", false);
        if (::renameat(from.fd(), paths_[i].filename().c_str(), to.fd(), name.c_str()) != 0 &&
            errno != ENOENT)
            throw FileError(paths_[i], "move it to cur/", errno);
        sync_dir(dir_ / "cur");
        sync_dir(dir_ / "new");
    }
    std::string handled_place() const override { return (dir_ / "cur").generic_string(); }
    std::string waiting_place() const override { return (dir_ / "new").generic_string(); }

  private:
    fs::path dir_;
    int fd_ = -1;
    std::vector<WaitingMail> mails_;
    std::vector<fs::path> paths_;
};

// Takes an fcntl and an flock lock on an open mbox, waiting up to `wait` (a delivery agent
// holds them for a moment).
void lock_mbox(int fd, const fs::path& file, std::chrono::milliseconds wait) {
    auto until = std::chrono::steady_clock::now() + wait;
    bool fcntl_held = false;
    for (;;) {
        struct flock fl {};
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        fcntl_held = fcntl_held || ::fcntl(fd, F_SETLK, &fl) == 0;
        if (fcntl_held && ::flock(fd, LOCK_EX | LOCK_NB) == 0) return;
        if (std::chrono::steady_clock::now() >= until)
            fail(file, "another program has this mbox locked; try again later");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// Writes each message of the mbox into the inbox's new/ (unless it is there or in cur/
// already), then empties the mbox.
void take_mbox(const fs::path& file, const fs::path& inbox, std::chrono::milliseconds wait) {
    // The inbox's folders are the owner's only, and nothing below it is followed through a link.
    make_folders_from_existing(inbox);
    for (const char* sub : {"tmp", "new", "cur"})
        make_folders_below(inbox, inbox / sub);
    DotLock dot(file, wait);
    int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) fail(file, fmt::format("cannot open the mbox: {}", std::strerror(errno)));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    lock_mbox(fd, file, wait);
    std::string raw;
    try {
        raw = read_file(file);
    } catch (const std::exception& e) {
        fail(file, e.what());
    }
    std::vector<std::size_t> starts = mbox_starts(raw);
    if (!raw.empty() && (starts.empty() || starts[0] != 0))
        fail(file, "this is not an mbox file: it does not start with a \"From \" line");
    if (raw.empty()) return;
    const auto base = std::chrono::system_clock::now().time_since_epoch();
    try {
        for (std::size_t i = 0; i < starts.size(); ++i) {
            std::size_t end = i + 1 < starts.size() ? starts[i + 1] : raw.size();
            std::string_view piece = std::string_view(raw).substr(starts[i], end - starts[i]);
            std::string name = "mbox-" + sha256_hex(piece).substr(0, 32);
            std::error_code ec;
            if (fs::exists(inbox / "new" / name, ec) ||
                fs::exists(inbox / "cur" / (name + ":2,S"), ec))
                continue;
            fs::path tmp = inbox / "tmp" / name;
            write_file_atomic_below(inbox, tmp, unquote_from(piece));
            // The mbox's order, for the inbox's oldest-first order.
            auto when = base + std::chrono::microseconds(i);
            auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(when).count();
            const timespec t{static_cast<time_t>(ns / 1000000000), ns % 1000000000};
            const timespec times[2] = {t, t};
            ::utimensat(AT_FDCWD, tmp.c_str(), times, 0);
            rename_below(inbox, tmp, inbox / "new" / name);
        }
        sync_dir(inbox / "new");
    } catch (const std::exception& e) {
        fail(file, fmt::format("could not take the messages into {}: {}; the mbox is unchanged",
                               inbox.generic_string(), e.what()));
    }
    kill_point("mbox-copied");
    // Every message is safe in the inbox: only now is the mbox emptied.
    if (::ftruncate(fd, 0) != 0 || ::fsync(fd) != 0)
        fail(file, fmt::format("cannot empty the mbox: {} (its messages are in {} as well, and "
                               "are taken once)",
                               std::strerror(errno), inbox.generic_string()));
    kill_point("mbox-emptied");
}

}  // namespace

std::vector<std::string> split_mbox(std::string_view text) {
    std::vector<std::string> out;
    std::vector<std::size_t> starts = mbox_starts(text);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
        out.push_back(unquote_from(text.substr(starts[i], end - starts[i])));
    }
    return out;
}

std::unique_ptr<Mailbox> open_mailbox(const fs::path& path, const fs::path& inbox,
                                      std::chrono::milliseconds wait) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        if (!fs::is_directory(path / "new", ec))
            fail(path, "this folder is not a Maildir (it has no new/ folder)");
        return std::make_unique<Maildir>(path, wait);
    }
    if (fs::is_regular_file(path, ec)) {
        take_mbox(path, inbox, wait);
        return std::make_unique<Maildir>(inbox, wait);
    }
    fail(path, "no such Maildir or mbox file");
}

}  // namespace hl::mail
