#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hl {

// A line another empire's report gets because of an action (a battle at its system, ...).
struct TurnEvent {
    std::string empire;
    std::string text;
    bool operator==(const TurnEvent&) const = default;
};

// What one order did: the order as written, success or why it failed, what it cost and the
// numbers that decided it (battle rounds, finds, builds), as the pack's turn reports them.
struct ActionResult {
    std::string round;  // the pack's name for the round it ran in, e.g. "action"
    int slot = 0;       // its slot or box number in that round
    std::string empire;
    int line = 0;        // line on the turnsheet
    std::string action;  // the order's verb, e.g. "MOVE"
    std::string text;    // the line as written
    bool ok = true;
    std::string reason;      // why it failed (or what was reduced), in the player's terms
    std::int64_t spent = 0;  // what it cost, in the pack's money
    nlohmann::ordered_json details = nlohmann::ordered_json::object();
    std::vector<std::string> notes;  // lines for the acting empire's report
    std::vector<TurnEvent> events;   // lines for other empires' reports
};

// A note from a phase of the pack (e.g. research), in turn.log.
struct PhaseNote {
    std::string phase;   // the pack's name for the phase that made it
    std::string empire;  // empty for the whole game
    std::string text;
    nlohmann::ordered_json data = nlohmann::ordered_json::object();
    bool warning = false;  // the pack marked it a warning (the default reports put it first)
};

// A player message published in the game report (rule 1.7).
struct MessageRecord {
    std::string from;
    std::string to;  // ALL, an empire code, PHONE or EMAIL
    std::string text;
};

// Everything a turn did, saved as turns/NNNN/results.json.
struct TurnRecord {
    int turn = 0;
    std::vector<std::string> order_of_play;              // the order the turn was played in
    std::vector<std::string> late_orders;                // empires whose late sheet was used
    std::vector<std::string> no_orders;                  // empires with no orders at all
    std::map<std::string, std::string> computer_orders;  // empire -> computer player mode
    std::vector<ActionResult> actions;
    std::vector<PhaseNote> notes;
    std::vector<MessageRecord> messages;
};

// The record as JSON (the shape is in docs/state.md).
nlohmann::ordered_json turn_record_to_json(const TurnRecord& rec);

// Reads a record back; throws std::runtime_error naming the bad field.
TurnRecord turn_record_from_json(const nlohmann::ordered_json& j);

}  // namespace hl
