#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "lua/runtime.hpp"
#include "lua/shared_calls.hpp"
#include "pack/pack.hpp"
#include "report/default_reports.hpp"

namespace hl {

// Every report of a turn, by path relative to the turn folder: reports/EMP.txt, .html, .json
// (and .svg, the first map, when the report has one) for each empire, and reports/game.txt,
// .html, .json. The pack's report.lua builds the documents in `rt`'s Lua state, which must be
// bound to the state after the turn (report/default_reports.hpp for a pack without the hooks);
// `record` is null for the set-up (turn 0). Throws ScriptError or std::runtime_error naming the
// report when the pack fails or builds a document that does not follow docs/report.md.
std::map<std::string, std::string> report_files(Runtime& rt, const TurnRecord* record,
                                                const ReportContext& ctx);

// Receives one report file: its path relative to the turn folder and its text. Called from two
// threads, possibly at once, never twice for one path.
using ReportFileSink = std::function<void(const std::string&, std::string&&)>;

// The same files handed to `write` as each report is rendered, instead of kept: the reports are
// built and rendered by `rt` and a second Lua state on a thread of its own at once (`side`, or
// one made for this call if null; lua/shared_calls.hpp). Throws as report_files does, after the
// reports that could be built were written.
// `beside`, if given, is work without Lua that either thread does as one more job (the turn's
// own files): its exception is thrown after any of the reports'.
void write_report_files(Runtime& rt, const TurnRecord* record, const ReportContext& ctx,
                        const ReportFileSink& write, SideRuntime* side = nullptr,
                        const std::function<void()>& beside = nullptr);

// The same with a read-only Lua state of its own for `state`.
std::map<std::string, std::string> report_files(const GameState& state, const TurnRecord* record,
                                                const Pack& pack, const ReportContext& ctx);

// One report rendered afresh from the state and the record: an empire's (empire not empty) or
// the game report, as "text", "html", "json" or "svg" (an empire's first map). Throws
// std::invalid_argument for another format, or svg of a report without a map.
std::string render_report(const GameState& state, const TurnRecord* record, const Pack& pack,
                          const ReportContext& ctx, const std::string& empire,
                          const std::string& format);

}  // namespace hl
