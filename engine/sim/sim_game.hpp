#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/scenario.hpp"
#include "pack/pack.hpp"
#include "sim/sim_columns.hpp"

namespace hl {

// One empire at the end of a simulated game (the fields are the pack's: sim/sim_columns.hpp).
struct SimEmpire {
    std::string code;
    std::string mode;        // the computer player that played it: "computer", "dropout", ...
    std::int64_t score = 0;  // the game's points
    int owned = 0;           // records it owns (systems, colonies ...)
    std::vector<std::int64_t> sums;  // the SimColumns::sums fields summed over them
    int levels = 0;                  // the sum of its levels (techs ...)
    bool eliminated = false;
};

// A whole computer game played in memory: how it ended and the scores turn by turn.
struct SimGame {
    int index = 0;  // position in the run: game i uses seed first_seed + i
    std::uint64_t seed = 0;
    int turns = 0;                   // turns played
    int ended_turn = 0;              // the turn the game ended with a winner (0: it did not)
    std::string winner;              // empire code, if it ended
    std::string condition;           // "runaway", "knockout" or "points", if it ended
    std::vector<SimEmpire> empires;  // by code
    std::vector<std::int64_t> leader_score;  // after each turn played: the highest score
    std::vector<double> mean_score;          // after each turn played: mean of surviving empires
    // The empire with the highest score at the end (the winner if there is one); ties go to
    // the first in code order.
    const SimEmpire& leader() const;
    // The leader's score over all surviving empires' scores (negative ones count as 0); 0 if
    // none.
    double leader_share() const;
};

// Plays one game of `scenario` (the `index`-th of a run) with seed `seed` for at most `turns`
// turns, every empire played by a computer player: empire i (in code order) gets
// modes[(i + index) % modes.size()], or "computer" when modes is empty. Pure function of its
// arguments: the same arguments give the same result on any thread.
SimGame play_sim_game(const Scenario& scenario, const Pack& pack, const SimColumns& columns,
                      std::uint64_t seed, int turns, const std::vector<std::string>& modes,
                      int index);

}  // namespace hl
