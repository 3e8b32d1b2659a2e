#include "io/batch_write.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "io/file_error.hpp"
#include "io/folder_below.hpp"

namespace hl {

void write_file_unsynced_below(const std::filesystem::path& root, const std::filesystem::path& path,
                               std::string_view content) {
    OpenFolder at = open_folder_below(root, path.parent_path(), true);
    write_into(at, path.filename().string(), path, content, WriteHow::in_place_unflushed);
}

void write_file_replacing_below(const std::filesystem::path& root,
                                const std::filesystem::path& path, std::string_view content) {
    OpenFolder at = open_folder_below(root, path.parent_path(), true);
    write_into(at, path.filename().string(), path, content, WriteHow::replace_unflushed);
}

void sync_filesystem(const std::filesystem::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw FileError(path, "open to flush", errno);
    int rc = ::syncfs(fd);
    int err = errno;
    ::close(fd);
    if (rc != 0) throw FileError(path, "flush", err);
}

}  // namespace hl
