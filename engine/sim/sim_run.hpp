#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/sim_game.hpp"

namespace hl {

// What `hyperlane sim` runs: how many games, how long, on how many threads, with which seeds
// and computer players.
struct SimConfig {
    int games = 10;
    int turns = 50;
    int jobs = 1;                    // worker threads, each playing whole games
    std::uint64_t first_seed = 1;    // game i has seed first_seed + i
    std::vector<std::string> modes;  // rotated over the empires (play_sim_game); empty: computer
};

// The games of one run under one pack, by index.
struct SimRun {
    std::string pack;  // the pack's id, e.g. "starchase"
    std::vector<SimGame> games;
    SimColumns columns;  // what the games' numbers are called
};

// Called now and then on the calling thread with games finished and games in all.
using SimProgress = std::function<void(int done, int total)>;

// Plays config.games games of `scenario` with `pack` over config.jobs threads (each game has
// its own Lua state) and returns them by index, so the result does not depend on jobs. If a
// game fails, the others are abandoned and the first failure is rethrown here.
std::vector<SimGame> run_sim(const Scenario& scenario, const Pack& pack, const SimConfig& config,
                             const SimProgress& progress = {});

}  // namespace hl
