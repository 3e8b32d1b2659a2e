#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/turn_record.hpp"
#include "core/value_tree.hpp"
#include "lua/runtime.hpp"

namespace hl {

// What a pack's reports are told besides the state (docs/report.md "What the pack is given").
struct ReportFacts {
    std::string game_name;
    std::string gm;
    std::string gm_address;
    std::vector<std::string> gm_messages;  // the GM's messages for this turn
    const TurnRecord* record = nullptr;    // the turn's record (results.json); null at set-up
};

// The documents a pack built for one turn, the values of the tables it returned (the report
// layer reads and checks them).
struct PackDocuments {
    std::vector<std::pair<std::string, ValueTree>> empires;  // code, document
    ValueTree game;                                          // empty unless asked for
};

// The pack's report hooks in one Lua state, reading the state without changing it: the context
// table (game, GM, GM messages, turn, pack, record) is built once and given to every call.
class PackReportCalls {
  public:
    // Builds the context table in `rt`'s Lua state; calls through `rt` are read-only until the
    // object is gone.
    PackReportCalls(Runtime& rt, const ReportFacts& facts);
    ~PackReportCalls();
    PackReportCalls(const PackReportCalls&) = delete;
    PackReportCalls& operator=(const PackReportCalls&) = delete;
    // report.empire(ctx, code): an empire's document (never with its secret: the player writes
    // it on the blank turnsheet), as lua_to_tree reads it. Throws ScriptError if the pack has no
    // report module or the call fails, and std::runtime_error if it returns something that is not a
    // table.
    ValueTree empire(const std::string& code);
    // report.game(ctx): the game report's document; throws as empire() does.
    ValueTree game();

  private:
    ValueTree document(const char* fn, const std::string* empire);
    Runtime& rt_;
    bool was_read_only_;
    int ctx_ref_;
};

// Builds a turn's reports in the runtime's one Lua state with PackReportCalls: report.empire
// for each code of `empires` in order, then report.game if `game`. Throws as those do.
PackDocuments build_pack_documents(Runtime& rt, const ReportFacts& facts,
                                   const std::vector<std::string>& empires, bool game);

// The lines a report.lua hook returns for the GM: report.<hook>(ctx) with the context of
// `facts`, or report.<hook>() when facts is null; none if the pack lacks the hook. Read-only,
// as build_pack_documents.
std::vector<std::string> pack_report_lines(Runtime& rt, const std::string& hook,
                                           const ReportFacts* facts);

}  // namespace hl
