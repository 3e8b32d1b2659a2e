#pragma once

// Shared by the benchmarks: the packs, scenarios and games they run on.

#include <filesystem>
#include <string>

#include "core/state.hpp"
#include "game/scenario.hpp"
#include "pack/pack.hpp"

namespace hl::bench {

// rules/starchase, loaded once.
const Pack& starchase();
// tests/bench/pack: starchase plus bench.lua (compiled by LuaJIT), loaded once.
const Pack& bench_pack();
// tests/bench/pack_interpreted: the same with bench.lua interpreted, loaded once.
const Pack& bench_pack_interpreted();
// A scenario under scenarios/ parsed against `pack`.
Scenario scenario(const std::string& name, const Pack& pack);
// The standard game (12 computer empires, seed 7) after `turns` turns of computer play.
GameState standard_game_at(int turns);
// rules/cosmos, loaded once.
const Pack& cosmos();
// The 14-race COSMOS game (scenarios/cosmos.toml, every race a computer player, seed 7) after
// `turns` turns.
GameState cosmos_game_at(int turns);
// A fresh empty folder under the system temp folder.
std::filesystem::path temp_dir(const std::string& tag);

}  // namespace hl::bench
