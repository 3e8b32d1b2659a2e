#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace hl {

// The most bytes the engine reads from a turnsheet (a file or standard input).
inline constexpr std::size_t kMaxTurnsheetBytes = 64 * 1024;
// The most bytes of a scenario file.
inline constexpr std::size_t kMaxScenarioBytes = 4 * 1024 * 1024;
// The most bytes of a game's game.toml.
inline constexpr std::size_t kMaxGameFileBytes = 1024 * 1024;
// The most bytes of one TOML or Lua file of a rules pack.
inline constexpr std::size_t kMaxPackFileBytes = 4 * 1024 * 1024;
// The most bytes of all TOML and Lua files of a pack and the packs it extends.
inline constexpr std::size_t kMaxPackBytes = 32 * 1024 * 1024;
// The most Lua files a pack and the packs it extends may hold.
inline constexpr std::size_t kMaxPackScripts = 2000;
// The most bytes of any other file the engine reads (state files, turn records).
inline constexpr std::size_t kMaxFileBytes = 256 * 1024 * 1024;

// What reading an input gave: its whole text, or why there is none.
struct ReadOutcome {
    std::optional<std::string> text;  // set when the input was read whole
    bool too_large = false;           // the input went on past the limit
    std::string problem;              // why there is no text, in a user's words
};

// Reads a file of at most max_bytes. The limit is enforced while reading, so a device such as
// /dev/zero or a file that keeps growing is refused once it passes the limit; `what` names the
// input in the problem ("turnsheet", "scenario file").
ReadOutcome read_limited(const std::filesystem::path& path, std::size_t max_bytes,
                         std::string_view what);

// Reads an open file descriptor (standard input: 0) to its end, at most max_bytes.
ReadOutcome read_fd_limited(int fd, std::size_t max_bytes, std::string_view what);

// Reads a file of at most max_bytes; throws InputError at `shown` with the problem.
std::string read_input(const std::filesystem::path& path, const std::string& shown,
                       std::size_t max_bytes, std::string_view what);

// "64 KiB", "4 MiB": a byte count as people read it.
std::string format_bytes(std::size_t bytes);

}  // namespace hl
