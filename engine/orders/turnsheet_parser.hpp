#pragma once

#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "core/place_code.hpp"
#include "core/schema.hpp"
#include "orders/action_registry.hpp"
#include "orders/order.hpp"

namespace hl {

// The limits a pack sets on a turnsheet (see turnsheet_limits() for where they come from).
struct TurnsheetLimits {
    int actions_per_turn = 16;      // slots 1..N (rule 1.6)
    int naming_lines = 2;           // NAME lines per sheet (rule 2.5)
    int name_max_length = 15;       // characters in a system name (rule 2.5)
    int max_probe_boxes = 9;        // the probe tech cap: boxes on the PROBE line (rule 5.2)
    int message_max_length = 400;   // characters in one MESSAGE line (rule 1.7)
    std::size_t max_bytes = 65536;  // a bigger file is refused unread
    int max_errors = 100;           // parsing stops after this many errors
    CodeFormat codes;               // how place codes are written
    EmpireCodeFormat empire_codes;  // how empire codes are written (schema.toml [empires])
};

// The keywords of turnsheet lines other than actions (upper case).
inline constexpr const char* kTurnsheetKeywords[] = {"EMPIRE", "SECRET", "TURN",
                                                     "PROBE",  "NAME",   "MESSAGE"};

// Parses a turnsheet (format in docs/turnsheet.md) with the actions a pack declares. A pure
// function of its arguments: never throws on any bytes, and reports every problem to diags as
// `file:LINE: error: ...` in the player's words. Lines with errors are left out of the result;
// the rest is parsed as far as it can be.
Turnsheet parse_turnsheet(std::string_view text, const std::string& file,
                          const ActionRegistry& registry, const TurnsheetLimits& limits,
                          Diagnostics& diags);

}  // namespace hl
