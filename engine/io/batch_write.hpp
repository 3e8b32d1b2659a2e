#pragma once

#include <filesystem>
#include <string_view>

namespace hl {

// Writes a file without flushing it to disk: for files in a folder that is only renamed into
// place after sync_filesystem, so readers never see a partial file and one flush covers all.
// Writing back to disk is started (sync_file_range), not waited for.
void write_file_unsynced(const std::filesystem::path& path, std::string_view content);

// Replaces a file through a temporary file and a rename (readers see the old or the whole new
// content, even if the writer is killed) without flushing it: a later sync_filesystem does.
void write_file_replacing(const std::filesystem::path& path, std::string_view content);

// Flushes everything written to the file system holding `path` (syncfs), with one call
// instead of one per file.
void sync_filesystem(const std::filesystem::path& path);

}  // namespace hl
