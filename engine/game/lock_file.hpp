#pragma once

#include <chrono>

#include "game/game_dir.hpp"

namespace hl {

// Opens the game folder's lock file `name` (created 0600, never through a link) and takes an
// exclusive flock on it, trying again for up to `wait` while another process holds it. Returns
// the descriptor, or -1 if the lock was still held then. Throws InputError if the folder has
// no game.toml (no lock file is made there), FileError if the file cannot be opened.
int lock_game_file(const GameDir& dir, const char* name, std::chrono::milliseconds wait);

// Releases and closes a descriptor lock_game_file returned; -1 is left alone.
void unlock_game_file(int fd);

}  // namespace hl
