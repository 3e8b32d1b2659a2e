#pragma once

#include <filesystem>
#include <string_view>

namespace hl {

// Writes a file so that readers see either the old or the whole new content: the text goes
// to a temporary file in the same folder, is flushed to disk, then renamed over the target.
// The file gets mode 0600 whatever the umask (game files hold secrets). A symbolic link in the
// file's place is refused (FileError), never followed; so is any failure of the system (a full
// disk, no permission), and the temporary file is removed.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// The same for a file below `root` (a game folder, a Maildir): no folder between root and the
// file may be a symbolic link either, and missing folders are made (mode 0700).
void write_file_atomic_below(const std::filesystem::path& root, const std::filesystem::path& path,
                             std::string_view content);

// True if a file name is a temporary file of write_file_atomic (NAME.tmp-PID) left behind by a
// writer that died before renaming it.
bool is_unfinished_write(const std::filesystem::path& path);

// Reads a whole file of at most kMaxFileBytes (io/bounded_read.hpp); throws std::runtime_error
// naming the file if it cannot be read or is longer.
std::string read_file(const std::filesystem::path& path);

// Flushes a folder's entry list to disk (after renames into it).
void sync_dir(const std::filesystem::path& dir);

}  // namespace hl
