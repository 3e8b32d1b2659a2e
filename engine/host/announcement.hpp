#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_dir.hpp"

namespace hl {

// The most lines one GM announcement may have.
inline constexpr std::size_t kAnnouncementMaxLines = 50;

// The GM's announcement to every player: its number (1 for the game's first; a new one never
// reuses a number, so mail-out knows what it has sent) and its lines (blank ones kept).
struct Announcement {
    int number = 0;
    std::vector<std::string> lines;
};

// <game>/announcement.toml.
std::filesystem::path announcement_file(const GameDir& dir);

// The announcement in force, or none (no file, or the last one was removed). Throws InputError
// (file:line:col) if the file cannot be read or holds anything else.
std::optional<Announcement> read_announcement(const GameDir& dir);

// The lines of an announcement file's text (`shown` names it in errors), trailing blank lines
// dropped; throws InputError (shown:line) for text that is not valid UTF-8, a line that is not
// a valid GM message (control characters, too long), more than kAnnouncementMaxLines lines, or
// no text at all.
std::vector<std::string> parse_announcement(std::string_view text, const std::string& shown);

// Makes `lines` the announcement in force, under the next number; the caller holds the game
// lock. Returns it.
Announcement set_announcement(const GameDir& dir, const std::vector<std::string>& lines);

// Removes the announcement in force (keeping its number); the caller holds the game lock.
// Returns false if there was none.
bool remove_announcement(const GameDir& dir);

}  // namespace hl
