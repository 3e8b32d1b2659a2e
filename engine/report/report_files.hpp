#pragma once

#include <map>
#include <string>

#include "core/state.hpp"
#include "pack/pack.hpp"
#include "report/report_model.hpp"
#include "turn/turn_record.hpp"

namespace hl {

// Every report of a turn, by path relative to the turn folder: reports/EMP.txt, .html, .json
// and .svg for each empire, and reports/game.txt, .html, .json. `record` is null for turn 0.
std::map<std::string, std::string> report_files(const GameState& state, const TurnRecord* record,
                                                const Pack& pack, const ReportContext& ctx);

// One report as text: an empire's (empire not empty) or the game report, in "text", "html"
// or "json".
std::string render_report(const GameState& state, const TurnRecord* record, const Pack& pack,
                          const ReportContext& ctx, const std::string& empire,
                          const std::string& format);

}  // namespace hl
