#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/state.hpp"
#include "pack/pack.hpp"
#include "turn/turn_record.hpp"

namespace hl {

// Facts about the game a report names: from game.toml, and the GM's messages for the turn.
struct ReportContext {
    std::string game_name;
    std::string gm;
    std::string gm_address;                // the GM's mail address; empty if unset
    std::vector<std::string> gm_messages;  // shown in every report of the turn
};

// An empire's report as data (shape in docs/report.md): its actions and their results, what
// happened to it, its economy, systems, probes, scouting and every system it has seen, with
// nothing it may not know (RULINGS.md "Visibility and reports"). The text, HTML and JSON
// reports are all rendered from this. `record` is null for the set-up turn.
nlohmann::ordered_json empire_report(const GameState& state, const TurnRecord* record,
                                     const Pack& pack, const ReportContext& ctx,
                                     const std::string& empire);

// The game report, the same for every player (rule 1.9): the roundup (empires, players, top
// three tech levels, next order of play, PHONE and EMAIL lines), the messages of the turn, and
// census and victory warnings.
nlohmann::ordered_json game_report(const GameState& state, const TurnRecord* record,
                                   const Pack& pack, const ReportContext& ctx);

}  // namespace hl
