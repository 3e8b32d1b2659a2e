#include "mail/mail_journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "io/atomic_file.hpp"
#include "io/folder_below.hpp"
#include "mail/gmime_support.hpp"

namespace fs = std::filesystem;

namespace hl::mail {

namespace {

bool is_key(const std::string& k) {
    std::size_t dash = k.find('-');
    if (dash == std::string::npos || k.size() - dash - 1 != 32) return false;
    std::string kind = k.substr(0, dash);
    return (kind == "id" || kind == "body") &&
           k.find_first_not_of("0123456789abcdef", dash + 1) == std::string::npos;
}

bool is_sheet_hash(const std::string& h) {
    return h.size() == 64 && h.find_first_not_of("0123456789abcdef") == std::string::npos;
}

bool is_outcome(const std::string& w) {
    return w == "stored" || w == "refused" || w == "ignored";
}

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    std::string w;
    while (in >> w)
        out.push_back(w);
    return out;
}

}  // namespace

fs::path journal_file(const GameDir& dir) {
    return dir.dir() / "mail" / "journal.txt";
}

std::string mail_key(const std::string& message_id, std::string_view bytes) {
    if (!message_id.empty()) return "id-" + sha256_hex(message_id).substr(0, 32);
    return "body-" + sha256_hex(bytes).substr(0, 32);
}

MailJournal::MailJournal(const GameDir& dir) : file_(journal_file(dir)) {
    std::error_code ec;
    if (!fs::exists(file_, ec)) return;
    std::string text;
    try {
        text = read_file(file_);
    } catch (const std::exception& e) {
        throw InputError({file_.generic_string(), 0, 0}, e.what());
    }
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) break;  // torn by a crash: never counted
        std::vector<std::string> w = words(text.substr(pos, nl - pos));
        pos = nl + 1;
        if (w.size() == 4 && w[0] == "take" && is_key(w[1])) {
            if (is_sheet_hash(w[3])) {
                try {
                    sheets_[w[3]] = std::stoll(w[2]);
                } catch (const std::exception&) {
                }
            }
        } else if (w.size() == 3 && w[0] == "done" && is_key(w[1]) && is_outcome(w[2])) {
            done_.insert(w[1]);
        }
    }
}

bool MailJournal::done(const std::string& key) const {
    return done_.count(key) > 0;
}

std::optional<std::int64_t> MailJournal::sheet_written(const std::string& sheet_hash) const {
    auto it = sheets_.find(sheet_hash);
    if (it == sheets_.end()) return std::nullopt;
    return it->second;
}

void MailJournal::take(const std::string& key, std::int64_t written,
                       const std::string& sheet_hash) {
    append(fmt::format("take {} {} {}\n", key, written, sheet_hash.empty() ? "-" : sheet_hash));
    if (!sheet_hash.empty()) sheets_[sheet_hash] = written;
}

void MailJournal::finish(const std::string& key, const std::string& outcome) {
    append(fmt::format("done {} {}\n", key, outcome));
    done_.insert(key);
}

void MailJournal::append(const std::string& line) {
    auto fail = [&](const char* what) {
        int e = errno;
        throw std::runtime_error(
            fmt::format("{}: cannot {}: {}", file_.generic_string(), what, std::strerror(e)));
    };
    make_folders_from_existing(file_.parent_path());
    int fd = ::open(file_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW,
                    kPrivateFileMode);
    if (fd < 0) fail("open");
    struct stat st {};
    std::string text;
    if (::fstat(fd, &st) == 0 && st.st_size == 0)
        text =
            "# What hyperlane mail-in has handled, so that no mail is handled twice "
            "(docs/mail.md).\n";
    char last = '\n';
    if (st.st_size > 0 && ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
        text = "\n";  // end a line torn by a crash first
    text += line;
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int e = errno;
            if (::ftruncate(fd, st.st_size) != 0) {
                // the torn line is ignored when read
            }
            ::close(fd);
            errno = e;
            fail("write");
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        int e = errno;
        ::close(fd);
        errno = e;
        fail("flush");
    }
    ::close(fd);
}

}  // namespace hl::mail
