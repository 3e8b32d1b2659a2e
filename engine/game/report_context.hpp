#pragma once

#include "game/game_dir.hpp"
#include "report/report_files.hpp"

namespace hl {

// What the reports of turn `turn` name beyond the state: game.toml's name, GM and GM's address,
// and the GM's messages for the turn (orders/NNNN/GM.toml, `messages = [...]`; none if the file
// is missing). Throws InputError (file:line:col) if GM.toml cannot be read.
ReportContext report_context(const GameDir& dir, const GameInfo& info, int turn);

}  // namespace hl
