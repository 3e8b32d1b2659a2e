#pragma once

#include <string>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "report/document.hpp"

namespace hl {

// Facts about the game that reports name beyond its state: game.toml's name, GM and GM's
// address, and the GM's messages for the turn (orders/NNNN/GM.toml).
struct ReportContext {
    std::string game_name;
    std::string gm;
    std::string gm_address = {};
    std::vector<std::string> gm_messages = {};
};

// The report of an empire for a pack whose report.lua has no `empire` hook: the turn's lines
// for it as the record holds them: the warnings for it and for all, its orders and what they
// did, lines addressed to it, then a section for each of the pack's phases with its notes for
// the empire and for all exactly as written. `record` is null at the set-up.
Document default_empire_document(const GameState& state, const TurnRecord* record,
                                 const ReportContext& ctx, const std::string& empire);

// The game report for a pack whose report.lua has no `game` hook: the warnings for all, the GM
// and the GM's messages, the empires and their players, the next order of play, a section for
// each of the pack's phases with its notes for all, the players' messages.
Document default_game_document(const GameState& state, const TurnRecord* record,
                               const ReportContext& ctx);

}  // namespace hl
