#pragma once

#include <string>
#include <vector>

#include "pack/pack.hpp"

namespace hl {

// What `hyperlane sim` reads from a game's state and how it names it, from the pack's
// [constants.sim]: field and kind names of the pack's own schema.
struct SimColumns {
    std::string score;        // empire integer field ranking the empires (the game's points)
    std::string score_label;  // how texts and charts call it, e.g. "VPs"
    std::string out;          // empire flag field: out of the game ("" if none)
    std::string owned_kind;   // record kind whose records an empire owns (places, colonies ...)
    std::string owner;        // that kind's field naming the owning empire
    std::string owned_label;  // the column counting them, e.g. "systems"
    std::vector<std::string> sums;  // fields of owned records, summed per empire
    std::string levels;             // empire map field whose values are summed ("" if none)
    std::string ended_turn;         // game fields: the turn the game ended (0 if not), its winner
    std::string winner;             // and the condition it was won by ("" for any the pack lacks)
    std::string condition;
    std::vector<std::string> conditions;  // the conditions a game can be won by, in order
};

// Reads the pack's [constants.sim], checking every name against its schema. Throws InputError
// at the constant (or at the pack's pack.toml) when one is missing or wrong.
SimColumns sim_columns(const Pack& pack);

}  // namespace hl
