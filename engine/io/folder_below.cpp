#include "io/folder_below.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include <fmt/format.h>

#include "io/file_error.hpp"
#include "io/test_hooks.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// Why a link is refused, in the words of every message about one.
constexpr const char* kLinkRefused =
    "it is a symbolic link, and links are never followed when writing (remove the link)";

// root without a trailing separator ("g/" -> "g"), so paths below it compare part by part.
fs::path plain(const fs::path& p) {
    fs::path n = p.lexically_normal();
    if (n.has_filename() || !n.has_parent_path() || n == n.root_path()) return n;
    return n.parent_path();
}

// The parts of `path` below `root`; throws FileError if it does not lie there.
fs::path relative_below(const fs::path& root, const fs::path& path) {
    fs::path rel = plain(path).lexically_relative(plain(root));
    if (rel.empty() || *rel.begin() == "..")
        throw FileError(path, "write", "it is not inside " + root.generic_string());
    return rel;
}

bool is_link_at(int dirfd, const char* name) {
    struct stat st {};
    return ::fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
}

}  // namespace

OpenFolder::~OpenFolder() {
    if (fd_ >= 0) ::close(fd_);
}

OpenFolder::OpenFolder(OpenFolder&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), shown_(std::move(other.shown_)) {}

OpenFolder& OpenFolder::operator=(OpenFolder&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        shown_ = std::move(other.shown_);
    }
    return *this;
}

void refuse_link(const OpenFolder& folder, const char* name, const fs::path& shown) {
    if (is_link_at(folder.fd(), name)) throw FileError(shown, "write", kLinkRefused);
}

OpenFolder open_folder_below(const fs::path& root, const fs::path& folder, bool make) {
    const fs::path base = plain(root);
    int fd = ::open(base.empty() ? "." : base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw FileError(base, "open the folder", errno);
    OpenFolder at(fd, base);
    fs::path rel = plain(folder).lexically_relative(base);
    if (rel.empty() || *rel.begin() == "..")
        throw FileError(folder, "write", "it is not inside " + root.generic_string());
    fs::path shown = base;
    for (const fs::path& part : rel) {
        if (part == "." || part.empty()) continue;
        shown /= part;
        const char* name = part.c_str();
        int next = ::openat(at.fd(), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        bool made = false;
        if (next < 0 && errno == ENOENT && make) {
            if (::mkdirat(at.fd(), name, kPrivateFolderMode) != 0 && errno != EEXIST)
                throw FileError(shown, "create the folder", errno);
            made = true;
            next = ::openat(at.fd(), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (next < 0) {
            int err = errno;
            if (is_link_at(at.fd(), name)) throw FileError(shown, "write below", kLinkRefused);
            throw FileError(shown, "open the folder", err);
        }
        // The umask may have taken bits away, or left them: the mode is exactly the private one.
        if (made && ::fchmod(next, kPrivateFolderMode) != 0) {
            int err = errno;
            ::close(next);
            throw FileError(shown, "set the folder's mode", err);
        }
        at = OpenFolder(next, shown);
    }
    return at;
}

void write_into(const OpenFolder& folder, const std::string& name, const fs::path& shown,
                std::string_view content, WriteHow how) {
    const bool replace = how != WriteHow::in_place_unflushed;
    // The process id keeps two writers of the same file from sharing a temporary file.
    const std::string tmp = replace ? fmt::format("{}.tmp-{}", name, ::getpid()) : name;
    fs::path tmp_shown = shown.parent_path() / tmp;
    if (replace) ::unlinkat(folder.fd(), tmp.c_str(), 0);  // left by a killed writer, or planted
    int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replace ? O_EXCL : O_TRUNC);
    int fd = ::openat(folder.fd(), tmp.c_str(), flags, kPrivateFileMode);
    if (fd < 0) {
        int err = errno;
        if (err == ELOOP || is_link_at(folder.fd(), tmp.c_str()))
            throw FileError(tmp_shown, "write", kLinkRefused);
        throw FileError(shown, "create", err);
    }
    auto fail = [&](const char* doing, int err) {
        ::close(fd);
        if (replace) ::unlinkat(folder.fd(), tmp.c_str(), 0);
        throw FileError(shown, doing, err);
    };
    // The umask may have taken bits away, or an existing file kept wider ones.
    if (::fchmod(fd, kPrivateFileMode) != 0) fail("set the file's mode", errno);
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("write", errno);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (how == WriteHow::replace_flushed) {
        if (::fsync(fd) != 0) fail("flush", errno);
    } else {
        // The disk starts on it now, so the later flush of the whole folder finds less to do (a
        // hint: durability comes from sync_filesystem).
        ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
    }
    if (replace) crash_point("tmp-written");
    int closed = ::close(fd);
    int err = errno;
    auto drop_tmp = [&] {
        if (replace) ::unlinkat(folder.fd(), tmp.c_str(), 0);
    };
    if (closed != 0) {
        drop_tmp();
        throw FileError(shown, "close", err);
    }
    if (!replace) return;
    if (is_link_at(folder.fd(), name.c_str())) {
        drop_tmp();
        throw FileError(shown, "write", kLinkRefused);
    }
    if (::renameat(folder.fd(), tmp.c_str(), folder.fd(), name.c_str()) != 0) {
        err = errno;
        drop_tmp();
        throw FileError(shown, "rename into place", err);
    }
    crash_point("file-renamed");
}

void make_folders_below(const fs::path& root, const fs::path& folder) {
    if (plain(folder) == plain(root)) return;
    (void)open_folder_below(root, folder, true);
}

void make_folders_from_existing(const fs::path& folder) {
    std::error_code ec;
    fs::path base = plain(folder);
    while (!base.empty() && !fs::exists(base, ec))
        base = base.parent_path();
    make_folders_below(base.empty() ? fs::path(".") : base, folder);
}

void rename_below(const fs::path& root, const fs::path& from, const fs::path& to) {
    (void)relative_below(root, from);
    (void)relative_below(root, to);
    OpenFolder a = open_folder_below(root, plain(from).parent_path(), false);
    OpenFolder b = open_folder_below(root, plain(to).parent_path(), false);
    if (::renameat(a.fd(), plain(from).filename().c_str(), b.fd(), plain(to).filename().c_str()) !=
        0)
        throw FileError(from, "rename it to " + plain(to).filename().string(), errno);
}

}  // namespace hl
