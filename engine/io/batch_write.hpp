#pragma once

#include <filesystem>
#include <string_view>

namespace hl {

// Writes a file below `root` (a game folder) without flushing it to disk: for files in a folder
// that is only renamed into place after sync_filesystem, so readers never see a partial file and
// one flush covers all. Writing back to disk is started (sync_file_range), not waited for. Like
// write_file_atomic_below: mode 0600, missing folders made (0700), links below root refused,
// failures thrown as FileError.
void write_file_unsynced_below(const std::filesystem::path& root, const std::filesystem::path& path,
                               std::string_view content);

// Replaces a file below `root` through a temporary file and a rename (readers see the old or the
// whole new content, even if the writer is killed) without flushing it: a later sync_filesystem
// does.
void write_file_replacing_below(const std::filesystem::path& root,
                                const std::filesystem::path& path, std::string_view content);

// Flushes everything written to the file system holding `path` (syncfs), with one call
// instead of one per file.
void sync_filesystem(const std::filesystem::path& path);

}  // namespace hl
