#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

#include <fmt/format.h>

#include "io/bounded_read.hpp"
#include "io/folder_below.hpp"

namespace fs = std::filesystem;

namespace hl {

void write_file_atomic(const fs::path& path, std::string_view content) {
    fs::path folder = path.parent_path();
    OpenFolder at = open_folder_below(folder.empty() ? fs::path(".") : folder,
                                      folder.empty() ? fs::path(".") : folder, false);
    write_into(at, path.filename().string(), path, content, WriteHow::replace_flushed);
}

void write_file_atomic_below(const fs::path& root, const fs::path& path, std::string_view content) {
    OpenFolder at = open_folder_below(root, path.parent_path(), true);
    write_into(at, path.filename().string(), path, content, WriteHow::replace_flushed);
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
