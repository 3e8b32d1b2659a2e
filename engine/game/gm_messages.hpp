#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "game/game_dir.hpp"

namespace hl {

// The most characters one GM message may have.
inline constexpr std::size_t kGmMessageMaxLength = 1000;

// The most GM messages one turn may have.
inline constexpr std::size_t kGmMessagesPerTurn = 100;

// orders/NNNN/GM.toml: the GM's messages for turn N, as `messages = ["...", ...]`.
std::filesystem::path gm_messages_file(const GameDir& dir, int turn);

// The GM's messages for a turn, oldest first; none if the file is missing. Throws InputError
// (file:line:col) if GM.toml cannot be read or holds anything else.
std::vector<std::string> read_gm_messages(const GameDir& dir, int turn);

// An empty string if text may be a GM message (1 to kGmMessageMaxLength characters of valid
// UTF-8, not blank, no control characters or line breaks), else why not.
std::string check_gm_message(std::string_view text);

// Adds a message to a turn's GM.toml (written to a temporary file and renamed into place).
// The caller holds the game lock (GameLock), as `submit` does for sheets. Throws InputError
// for a message check_gm_message refuses or a turn that already has kGmMessagesPerTurn.
void add_gm_message(const GameDir& dir, int turn, const std::string& text);

}  // namespace hl
