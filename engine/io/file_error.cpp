#include "io/file_error.hpp"

#include <cstring>

#include <fmt/format.h>

namespace hl {

namespace {

std::string problem_text(const std::string& doing, const std::string& reason) {
    return fmt::format("cannot {}: {}", doing, reason);
}

}  // namespace

FileError::FileError(const std::filesystem::path& file, const std::string& doing,
                     const std::string& reason)
    : std::runtime_error(fmt::format("{}: {}", file.generic_string(), problem_text(doing, reason))),
      file_(file.generic_string()),
      problem_(problem_text(doing, reason)) {}

FileError::FileError(const std::filesystem::path& file, const std::string& doing, int error_number)
    : FileError(file, doing, std::string(std::strerror(error_number))) {}

}  // namespace hl
