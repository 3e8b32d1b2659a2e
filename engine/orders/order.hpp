#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/galaxy.hpp"

namespace hl {

// What a turnsheet box may hold, as an action format declares it (rules/<pack>/actions/*.lua).
enum class BoxType {
    none,    // "not used": must be empty
    system,  // a three-digit system code
    empire,  // a three-letter empire code
    tech,    // a two-letter tech code
    count,   // N, 0 (all) or AB-N (all but N) (rule 4.6)
    amount,  // a whole number N >= 1
    level,   // a tech level, N >= 1
};

// The Lua name of a box type ("none", "system", ...).
const char* box_type_name(BoxType t);

// Parses a box type name; nullopt if unknown.
std::optional<BoxType> parse_box_type(std::string_view name);

// One box of a format: its type, and whether it may be left blank (written "system?").
struct BoxSpec {
    BoxType type = BoxType::none;
    bool optional = false;
    bool operator==(const BoxSpec&) const = default;
};

// One format of an action: the three boxes after the action name.
struct ActionFormat {
    BoxSpec from;                            // WHERE FROM / WHERE / WHICH TECH
    BoxSpec to;                              // WHERE TO / WHOSE PROBE / WHICH EMPIRE
    BoxSpec number;                          // NUMBER / LEVEL
    bool blank_number_in_last_slot = false;  // STASH, ORDER: blank in the last slot = all left
    std::string help;                        // one line shown in docs and messages
};

// An action as its pack file declares it.
struct ActionDef {
    std::string name;     // upper case, e.g. "MOVE"
    std::string module;   // pack module, e.g. "actions/move"
    std::string rule;     // rulebook paragraph, e.g. "4.1"
    std::string cost;     // cost as text for players, e.g. "1 BP"
    std::string summary;  // one line
    std::vector<ActionFormat> formats;
    bool once_per_turn = false;               // e.g. TAKE
    std::vector<std::string> exclusive_with;  // actions it may not share a turn with
};

// A number box as written: N, 0 = all, AB-N = all but N, blank in the last slot = all left.
struct Amount {
    enum class Kind { none, n, all, all_but, rest };
    Kind kind = Kind::none;
    int value = 0;  // N for n and all_but
    bool operator==(const Amount&) const = default;
};

// One box of an order as parsed: its type (from the matched format) and value.
struct BoxValue {
    BoxType type = BoxType::none;
    std::optional<PlaceCode> system;  // BoxType::system, when filled
    std::string code;                  // BoxType::empire or tech
    Amount amount;                     // BoxType::count, amount or level
    std::string text;                  // as written, upper case
    int col = 0;                       // 1-based column of the box on its line, 0 if blank
    // True if the player left the box blank.
    bool blank() const { return text.empty(); }
};

// One action line of a turnsheet.
struct Order {
    int slot = 0;        // 1..actions per turn: action k of every empire runs in round k
    int line = 0;        // line in the turnsheet file
    std::string action;  // canonical name, e.g. "MOVE"
    int format = 0;      // 1-based index into ActionDef::formats
    std::string text;    // the line as written, trimmed
    BoxValue from, to, number;
};

// A system name given on a turnsheet (rule 2.5).
struct Naming {
    int line = 0;
    PlaceCode system = 0;
    std::string name;
};

// A player message (rule 1.7): to ALL, an empire code, PHONE or EMAIL.
struct Message {
    int line = 0;
    std::string to;  // upper case: "ALL", "PHONE", "EMAIL" or an empire code
    std::string text;
};

// A whole turnsheet as parsed.
struct Turnsheet {
    std::string file;
    std::string empire;  // upper case; empty if the sheet names none
    std::string secret;  // as written
    int turn = 0;        // 0 if the sheet names none
    int empire_line = 0, secret_line = 0, turn_line = 0;  // where the header lines are
    std::vector<Order> orders;                            // sorted by slot
    std::vector<PlaceCode> probes;
    int probe_line = 0;
    std::vector<Naming> names;
    std::vector<Message> messages;
};

}  // namespace hl
