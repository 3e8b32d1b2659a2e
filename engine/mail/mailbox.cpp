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

#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"

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
    explicit Maildir(const fs::path& dir) : dir_(dir) {
        fs::path lock = dir / ".hyperlane-mail-in.lock";
        fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, kPrivateFileMode);
        if (fd_ < 0)
            fail(dir, fmt::format("cannot create the lock file: {}",
                                  errno == ELOOP ? "it is a symbolic link (remove it)"
                                                 : std::strerror(errno)));
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd_);
            fail(dir,
                 "another hyperlane mail-in is reading this Maildir right now; try again "
                 "when it has finished");
        }
        std::error_code ec;
        make_folders_below(dir, dir / "cur");  // never through a link
        std::vector<std::pair<fs::file_time_type, fs::path>> files;
        for (const auto& e : fs::directory_iterator(dir / "new", ec)) {
            std::string name = e.path().filename().string();
            if (name.empty() || name[0] == '.' || !e.is_regular_file()) continue;
            files.emplace_back(e.last_write_time(ec), e.path());
        }
        std::sort(files.begin(), files.end());
        for (const auto& [when, path] : files) {
            try {
                mails_.push_back({path.filename().string(), read_file(path)});
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
        rename_below(dir_, paths_[i], dir_ / "cur" / name);
        sync_dir(dir_ / "cur");
        sync_dir(dir_ / "new");
    }
    void finish() override {}
    std::string handled_place() const override { return (dir_ / "cur").generic_string(); }

  private:
    fs::path dir_;
    int fd_ = -1;
    std::vector<WaitingMail> mails_;
    std::vector<fs::path> paths_;
};

class Mbox final : public Mailbox {
  public:
    explicit Mbox(const fs::path& file) : file_(file) {
        dotlock_ = file;
        dotlock_ += ".lock";
        take_dotlock();
        fd_ = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
        if (fd_ < 0) {
            ::unlink(dotlock_.c_str());
            fail(file, fmt::format("cannot open the mbox: {}", std::strerror(errno)));
        }
        struct flock fl {};
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (::fcntl(fd_, F_SETLK, &fl) != 0) {
            release();
            fail(file, "another program has this mbox locked; try again later");
        }
        std::string text;
        try {
            text = read_file(file);
        } catch (const std::exception&) {
            release();
            fail(file, "cannot read the mbox");
        }
        raw_ = text;
        std::vector<std::size_t> starts = mbox_starts(raw_);
        if (!raw_.empty() && (starts.empty() || starts[0] != 0)) {
            release();
            fail(file, "this is not an mbox file: it does not start with a \"From \" line");
        }
        for (std::size_t i = 0; i < starts.size(); ++i) {
            std::size_t end = i + 1 < starts.size() ? starts[i + 1] : raw_.size();
            pieces_.emplace_back(starts[i], end - starts[i]);
            mails_.push_back(
                {fmt::format("message {}", i + 1),
                 unquote_from(std::string_view(raw_).substr(starts[i], end - starts[i]))});
        }
        done_.assign(mails_.size(), false);
    }
    ~Mbox() override { release(); }
    const std::vector<WaitingMail>& waiting() const override { return mails_; }
    void handled(std::size_t i) override { done_[i] = true; }
    void finish() override {
        std::string archived, kept;
        for (std::size_t i = 0; i < pieces_.size(); ++i) {
            std::string piece = raw_.substr(pieces_[i].first, pieces_[i].second);
            if (!piece.empty() && piece.back() != '\n') piece += "\n\n";
            (done_[i] ? archived : kept) += piece;
        }
        if (archived.empty()) return;
        // First keep a copy of what was handled, then take it out of the mbox: a crash in
        // between leaves the messages in both, and the next run handles them again.
        fs::path archive = file_;
        archive += ".processed";
        int a = ::open(archive.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC,
                       kPrivateFileMode);
        if (a < 0)
            throw std::runtime_error(
                fmt::format("{}: cannot open: {}", archive.generic_string(), std::strerror(errno)));
        write_all(a, archived, archive);
        ::fsync(a);
        ::close(a);
        if (::lseek(fd_, 0, SEEK_SET) != 0 || ::ftruncate(fd_, 0) != 0)
            throw std::runtime_error(fmt::format("{}: cannot rewrite: {}", file_.generic_string(),
                                                 std::strerror(errno)));
        write_all(fd_, kept, file_);
        ::fsync(fd_);
        done_.assign(done_.size(), false);
    }
    std::string handled_place() const override { return file_.generic_string() + ".processed"; }

  private:
    static void write_all(int fd, const std::string& s, const fs::path& p) {
        const char* d = s.data();
        std::size_t left = s.size();
        while (left > 0) {
            ssize_t n = ::write(fd, d, left);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                throw std::runtime_error(
                    fmt::format("{}: cannot write: {}", p.generic_string(), std::strerror(errno)));
            d += n;
            left -= static_cast<std::size_t>(n);
        }
    }
    void take_dotlock() {
        for (int attempt = 0; attempt < 2; ++attempt) {
            int fd = ::open(dotlock_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
            if (fd >= 0) {
                ::close(fd);
                have_dotlock_ = true;
                return;
            }
            // A lock file older than ten minutes was left by a program that died.
            struct stat st {};
            if (attempt == 0 && ::stat(dotlock_.c_str(), &st) == 0 &&
                std::chrono::system_clock::now().time_since_epoch() -
                        std::chrono::seconds(st.st_mtime) >
                    std::chrono::minutes(10)) {
                ::unlink(dotlock_.c_str());
                continue;
            }
            break;
        }
        fail(file_, fmt::format("the mbox is locked ({} exists); try again later",
                                dotlock_.generic_string()));
    }
    void release() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        if (have_dotlock_) ::unlink(dotlock_.c_str());
        have_dotlock_ = false;
    }
    fs::path file_;
    fs::path dotlock_;
    bool have_dotlock_ = false;
    int fd_ = -1;
    std::string raw_;
    std::vector<std::pair<std::size_t, std::size_t>> pieces_;
    std::vector<WaitingMail> mails_;
    std::vector<bool> done_;
};

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

std::unique_ptr<Mailbox> open_mailbox(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        if (!fs::is_directory(path / "new", ec))
            fail(path, "this folder is not a Maildir (it has no new/ folder)");
        return std::make_unique<Maildir>(path);
    }
    if (fs::is_regular_file(path, ec)) return std::make_unique<Mbox>(path);
    fail(path, "no such Maildir or mbox file");
}

}  // namespace hl::mail
