#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace hl {

// A file or folder the system would not write, make, flush or rename (a full disk, no
// permission, a read-only file system) or a symbolic link refused in its place: the input was
// fine, the machine refused. what() is "FILE: cannot DO: REASON".
class FileError : public std::runtime_error {
  public:
    // `doing` says what failed ("write", "create the folder"); `reason` the system's words.
    FileError(const std::filesystem::path& file, const std::string& doing,
              const std::string& reason);
    // The same with errno's text as the reason.
    FileError(const std::filesystem::path& file, const std::string& doing, int error_number);
    // The file (or folder) named in the message.
    const std::string& file() const { return file_; }
    // What failed and why, without the file: "cannot write: No space left on device".
    const std::string& problem() const { return problem_; }

  private:
    std::string file_;
    std::string problem_;
};

}  // namespace hl
