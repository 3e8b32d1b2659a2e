#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lua/runtime.hpp"

namespace hl {

// What a pack's reports are told besides the state (docs/report.md "What the pack is given").
struct ReportFacts {
    std::string game_name;
    std::string gm;
    std::string gm_address;
    std::vector<std::string> gm_messages;  // the GM's messages for this turn
    const nlohmann::ordered_json* record =
        nullptr;  // the turn's record (results.json); null at set-up
};

// The documents a pack built for one turn, as it returned them (the report layer checks them).
struct PackDocuments {
    std::vector<std::pair<std::string, nlohmann::ordered_json>> empires;  // code, document
    nlohmann::ordered_json game;                                          // null unless asked for
};

// Builds a turn's reports in the runtime's one Lua state, reading the state without changing
// it: report.empire(ctx, code, secret) for each code of `empires` in order (the secret for its
// blank turnsheet), then report.game(ctx) if `game`. The context table (game, GM, GM
// messages, turn, pack, record) is built once and given to every call. Throws ScriptError if
// the pack has no report module or a call fails, and std::runtime_error if a call returns
// something that is not a document table.
PackDocuments build_pack_documents(Runtime& rt, const ReportFacts& facts,
                                   const std::vector<std::string>& empires, bool game);

// Receives each document as soon as the pack has built it: the empire's code ("" for the game
// report) and the document.
using PackDocumentSink = std::function<void(const std::string&, nlohmann::ordered_json&&)>;

// The same, handing each document to `sink` in the same order instead of keeping them, so the
// caller can work on one while the pack builds the next.
void build_pack_documents(Runtime& rt, const ReportFacts& facts,
                          const std::vector<std::string>& empires, bool game,
                          const PackDocumentSink& sink);

// The lines a report.lua hook returns for the GM: report.<hook>(ctx) with the context of
// `facts`, or report.<hook>() when facts is null; none if the pack lacks the hook. Read-only,
// as build_pack_documents.
std::vector<std::string> pack_report_lines(Runtime& rt, const std::string& hook,
                                           const ReportFacts* facts);

}  // namespace hl
