#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace hl {

// A folder held open (its file descriptor), closed with the object.
class OpenFolder {
  public:
    // Holds fd, which names `shown` in messages.
    OpenFolder(int fd, std::filesystem::path shown) : fd_(fd), shown_(std::move(shown)) {}
    ~OpenFolder();
    OpenFolder(OpenFolder&& other) noexcept;
    OpenFolder& operator=(OpenFolder&& other) noexcept;
    OpenFolder(const OpenFolder&) = delete;
    OpenFolder& operator=(const OpenFolder&) = delete;
    // The file descriptor, for the *at system calls.
    int fd() const { return fd_; }
    // The folder's path as messages show it.
    const std::filesystem::path& path() const { return shown_; }

  private:
    int fd_ = -1;
    std::filesystem::path shown_;
};

// The mode of every folder the engine makes in a game folder or Maildir: its owner's only.
inline constexpr unsigned kPrivateFolderMode = 0700;
// The mode of every file the engine writes there (they hold secrets): its owner's only.
inline constexpr unsigned kPrivateFileMode = 0600;

// Opens the folder `folder`, which lies at or below `root` (a game folder, a Maildir), without
// following a symbolic link anywhere below root (root itself is the user's path and may be one);
// with `make`, missing folders are made with kPrivateFolderMode whatever the umask. Throws
// FileError naming a link met on the way, or the folder that cannot be opened or made.
OpenFolder open_folder_below(const std::filesystem::path& root, const std::filesystem::path& folder,
                             bool make);

// Makes `folder` and every missing folder between root and it (kPrivateFolderMode), refusing
// links below root as open_folder_below does.
void make_folders_below(const std::filesystem::path& root, const std::filesystem::path& folder);

// Makes `folder` and every missing folder above it: the deepest folder of its path that exists
// is taken as the user's (links there are followed); every folder made below it gets
// kPrivateFolderMode, and no link below it is followed.
void make_folders_from_existing(const std::filesystem::path& folder);

// Renames `from` to `to` (both below root, links below root refused on the way; `to` itself is
// replaced if it is an empty folder); throws FileError with the system's reason.
void rename_below(const std::filesystem::path& root, const std::filesystem::path& from,
                  const std::filesystem::path& to);

// Throws FileError if `name` in the open folder is a symbolic link (`shown` names it).
void refuse_link(const OpenFolder& folder, const char* name, const std::filesystem::path& shown);

// How write_into writes a file: through a temporary file renamed over it (flushed first, or left
// to a later sync_filesystem), or in place (in a folder no reader sees yet).
enum class WriteHow { replace_flushed, replace_unflushed, in_place_unflushed };

// Writes the file `name` of an open folder (`shown` names it in messages) with mode
// kPrivateFileMode whatever the umask; a symbolic link in its place (or in its temporary file's)
// is refused, never followed. Throws FileError naming the file (not its temporary file) with the
// system's reason if anything fails, and then leaves no temporary file behind.
void write_into(const OpenFolder& folder, const std::string& name,
                const std::filesystem::path& shown, std::string_view content, WriteHow how);

}  // namespace hl
