#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "io/bounded_read.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

[[noreturn]] void fail(const fs::path& p, const char* what) {
    throw std::runtime_error(
        fmt::format("{}: cannot {}: {}", p.generic_string(), what, std::strerror(errno)));
}

}  // namespace

void write_file_atomic(const fs::path& path, std::string_view content) {
    // The process id keeps two writers of the same file from sharing a temporary file.
    fs::path tmp = path;
    tmp += fmt::format(".tmp-{}", ::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail(tmp, "create");
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            ::close(fd);
            fail(tmp, "write");
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        fail(tmp, "flush");
    }
    if (::close(fd) != 0) fail(tmp, "close");
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail(path, "rename into place");
}

bool is_unfinished_write(const fs::path& path) {
    std::string name = path.filename().string();
    std::size_t at = name.rfind(".tmp");
    if (at == std::string::npos || at == 0) return false;
    std::string rest = name.substr(at + 4);
    if (rest.empty()) return true;
    return rest.size() > 1 && rest[0] == '-' &&
           rest.find_first_not_of("0123456789", 1) == std::string::npos;
}

std::string read_file(const fs::path& path) {
    ReadOutcome r = read_limited(path, kMaxFileBytes, "file");
    if (!r.text) throw std::runtime_error(fmt::format("{}: {}", path.generic_string(), r.problem));
    return std::move(*r.text);
}

void sync_dir(const fs::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

}  // namespace hl
