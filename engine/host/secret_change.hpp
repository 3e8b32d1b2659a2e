#pragma once

#include <map>
#include <string>
#include <vector>

#include "game/game_dir.hpp"

namespace hl {

// Gives new secrets, from the kernel's random source, to the empires named in `who` (empire
// codes, "GM" for the GM's own, or "all" for every empire and the GM) and writes them into
// game.toml at once, under the game lock; the old ones stop working for sheets, mail and web
// sign-ins. Returns the new secrets by code. Throws InputError, writing nothing, for a name that
// is not in the game.
std::map<std::string, std::string> renew_secrets(const GameDir& dir,
                                                 const std::vector<std::string>& who);

}  // namespace hl
