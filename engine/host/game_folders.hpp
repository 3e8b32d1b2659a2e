#pragma once

#include <filesystem>
#include <vector>

namespace hl {

// The game folders in `dir` (a GM's folder of games: `serve --games-dir`, `host --games-dir`),
// sorted: each folder with a game.toml, except hidden ones and those `new` is still making
// (NAME.creating-PID). Throws InputError if `dir` cannot be read.
std::vector<std::filesystem::path> game_folders_in(const std::filesystem::path& dir);

}  // namespace hl
