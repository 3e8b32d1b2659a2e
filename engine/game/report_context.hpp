#pragma once

#include "game/game_dir.hpp"
#include "report/report_model.hpp"

namespace hl {

// What a report of `turn` names about the game: its name, the GM's name and address from
// game.toml and the GM's messages for the turn (orders/NNNN/GM.toml). Throws InputError
// (file:line:col) if GM.toml does not read cleanly.
ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn);

}  // namespace hl
