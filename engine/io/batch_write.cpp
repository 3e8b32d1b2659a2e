#include "io/batch_write.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace hl {

void write_file_unsynced(const std::filesystem::path& path, std::string_view content) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        throw std::runtime_error(
            fmt::format("{}: cannot create: {}", path.generic_string(), std::strerror(errno)));
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            int err = errno;
            ::close(fd);
            throw std::runtime_error(
                fmt::format("{}: cannot write: {}", path.generic_string(), std::strerror(err)));
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    // The disk starts on it now, so the later flush of the whole folder finds less to do (a hint:
    // durability still comes from sync_filesystem).
    ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
    if (::close(fd) != 0)
        throw std::runtime_error(
            fmt::format("{}: cannot close: {}", path.generic_string(), std::strerror(errno)));
}

void write_file_replacing(const std::filesystem::path& path, std::string_view content) {
    std::filesystem::path tmp = path;
    tmp += fmt::format(".tmp-{}", ::getpid());
    write_file_unsynced(tmp, content);
    if (::rename(tmp.c_str(), path.c_str()) != 0)
        throw std::runtime_error(fmt::format("{}: cannot rename into place: {}",
                                             path.generic_string(), std::strerror(errno)));
}

void sync_filesystem(const std::filesystem::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw std::runtime_error(fmt::format("{}: cannot open to flush: {}", path.generic_string(),
                                             std::strerror(errno)));
    int rc = ::syncfs(fd);
    int err = errno;
    ::close(fd);
    if (rc != 0)
        throw std::runtime_error(
            fmt::format("{}: cannot flush: {}", path.generic_string(), std::strerror(err)));
}

}  // namespace hl
