#include "io/bounded_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "core/diagnostics.hpp"

namespace hl {

namespace {

ReadOutcome too_large(std::size_t max_bytes, std::string_view what) {
    ReadOutcome out;
    out.too_large = true;
    out.problem = fmt::format(
        "longer than {}: a {} is at most {} bytes, so it was refused (is "
        "this the right file?)",
        format_bytes(max_bytes), what, max_bytes);
    return out;
}

}  // namespace

std::string format_bytes(std::size_t bytes) {
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0)
        return fmt::format("{} MiB", bytes / (1024 * 1024));
    if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes / 1024);
    return fmt::format("{} bytes", bytes);
}

ReadOutcome read_fd_limited(int fd, std::size_t max_bytes, std::string_view what) {
    ReadOutcome out;
    std::string text;
    char buf[65536];
    for (;;) {
        // One byte past the limit tells a long input from one of exactly max_bytes.
        std::size_t want = std::min(sizeof buf, max_bytes + 1 - text.size());
        ssize_t n = ::read(fd, buf, want);
        if (n < 0) {
            if (errno == EINTR) continue;
            out.problem = fmt::format("cannot read the {}: {}", what, std::strerror(errno));
            return out;
        }
        if (n == 0) break;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > max_bytes) return too_large(max_bytes, what);
    }
    out.text = std::move(text);
    return out;
}

ReadOutcome read_limited(const std::filesystem::path& path, std::size_t max_bytes,
                         std::string_view what) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        ReadOutcome out;
        out.problem = fmt::format("cannot read the {}", what);
        return out;
    }
    struct stat st {};
    bool known = ::fstat(fd, &st) == 0;
    ReadOutcome out;
    if (known && S_ISDIR(st.st_mode))
        out.problem = fmt::format("cannot read the {}: this is a folder", what);
    else if (known && S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) > max_bytes)
        out = too_large(max_bytes, what);  // refused unread
    else
        out = read_fd_limited(fd, max_bytes, what);
    ::close(fd);
    return out;
}

std::string read_input(const std::filesystem::path& path, const std::string& shown,
                       std::size_t max_bytes, std::string_view what) {
    ReadOutcome r = read_limited(path, max_bytes, what);
    if (!r.text) throw InputError({shown, 0, 0}, r.problem);
    return std::move(*r.text);
}

}  // namespace hl
