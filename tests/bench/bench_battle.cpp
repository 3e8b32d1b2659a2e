// The cost of scripting battle arithmetic: the same MOVE battles (one round, ambushed) fought
// by a pack script calling battle.fight (tests/bench/pack/bench.lua, inputs as
// lib/movement.lua builds them) and fought by C++ calling hl::fight; the summary divides the
// first by the second. The script fights kBatch battles per call, so the per-battle figure
// leaves out the engine's protected call (measured on its own, BM_ScriptCall). battle.outcome
// is the same arithmetic without tables, called through the FFI (lua/battle_ffi.hpp); the
// benchmark pack lists bench.lua in engine.jit_modules, and tests/bench/pack_interpreted runs
// the same loop interpreted. For scale, also a whole MOVE attack through actions/move.lua as
// the turn runner plays it (one order, no end of turn).

#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "core/battle.hpp"
#include "game/new_game.hpp"
#include "game/runtime.hpp"
#include "lua/convert.hpp"
#include "orders/action_registry.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"
#include "turn/turn_runner.hpp"

namespace {

using namespace hl;

constexpr int kBatch = 1000;

// ARC attacks BEL's 102 from 101 with 12 cruisers: BEL has 5 cruisers, 4 fighters and 3
// population there and ambushes attacks from 101.
const char* kBattle = R"(
[scenario]
name = "battle bench"
rules = "starchase"
order = ["ARC", "BEL"]
next_census = 9

[map]
places = [
  { code = "101", kind = "yellow", x = 0, y = 0, links = ["102"] },
  { code = "102", kind = "white", x = 1, y = 0, links = ["101"] },
]

[[empire]]
code = "ARC"
name = "Arcturans"
balance = 100
techs = { WT = 3, MC = 1 }

[[empire]]
code = "BEL"
name = "Bellatrix"
balance = 100
techs = { WT = 2, DT = 1 }

[[holding]]
system = "101"
owner = "ARC"
population = 5
industry = 5
cruisers = 12

[[holding]]
system = "102"
owner = "BEL"
population = 3
industry = 3
cruisers = 5
fighters = 4
mode = "ambush"
ambush = "101"
)";

GameState battle_game(const Pack& pack) {
    Diagnostics d;
    Scenario sc = parse_scenario(kBattle, "battle bench", pack, d);
    if (d.has_errors()) throw std::runtime_error(d.to_string());
    return create_game(sc, pack, 1);
}

void BM_BattleDirect(benchmark::State& state) {
    const Pack& pack = bench::bench_pack();
    BattleInput in;
    in.attacker_wt = 3;
    in.attacker_mc = 1;
    in.cruisers = 5;
    in.fighters = 4;
    in.colony_ships = 0;
    in.population = 3;
    in.planet = false;
    in.defender_wt = 2;
    in.defender_dt = 1;
    in.divisor = static_cast<int>(pack.const_int("battle.move_divisor"));
    in.rounds = false;
    in.ambush = true;
    in.ambush_extra_loss = static_cast<int>(pack.const_int("battle.ambush_extra_loss"));
    in.population_factor = static_cast<int>(pack.const_int("battle.planet_population_factor"));
    in.colony_ship_strength = static_cast<int>(pack.const_int("ships.colony_ship_strength"));
    int won = 0;
    for (auto _ : state) {
        for (int i = 1; i <= kBatch; ++i) {
            in.attackers = 8 + i % 8;
            BattleResult r = fight(in);
            won += r.won ? 1 : 0;
        }
        benchmark::DoNotOptimize(won);
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_BattleDirect)->Unit(benchmark::kMicrosecond);

void scripted(benchmark::State& state, const char* fn, const Pack& pack) {
    GameState st = battle_game(pack);
    Runtime rt(pack, st);
    const StreamKey key = rt.key("bench", "ARC", 1);
    int won = 0;
    for (auto _ : state) {
        rt.call(
            "bench", fn, key,
            [](lua_State* L) {
                push(L, kBatch);
                return 1;
            },
            1, [&](lua_State* L) { won = static_cast<int>(lua_tointeger(L, -1)); });
        benchmark::DoNotOptimize(won);
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}

void BM_BattleScripted(benchmark::State& state) {
    scripted(state, "fight", bench::bench_pack());
}
BENCHMARK(BM_BattleScripted)->Unit(benchmark::kMicrosecond);

void BM_BattleScriptedOutcome(benchmark::State& state) {
    scripted(state, "outcome", bench::bench_pack());
}
BENCHMARK(BM_BattleScriptedOutcome)->Unit(benchmark::kMicrosecond);

void BM_BattleScriptedOutcomeInterpreted(benchmark::State& state) {
    scripted(state, "outcome", bench::bench_pack_interpreted());
}
BENCHMARK(BM_BattleScriptedOutcomeInterpreted)->Unit(benchmark::kMicrosecond);

void BM_ScriptCall(benchmark::State& state) {
    const Pack& pack = bench::bench_pack();
    GameState st = battle_game(pack);
    Runtime rt(pack, st);
    const StreamKey key = rt.key("bench", "ARC", 1);
    for (auto _ : state) {
        rt.call(
            "bench", "fight", key,
            [](lua_State* L) {
                push(L, 0);
                return 1;
            },
            1);
    }
}
BENCHMARK(BM_ScriptCall)->Unit(benchmark::kNanosecond);

void BM_MoveAttackAction(benchmark::State& state) {
    const Pack& pack = bench::bench_pack();
    const GameState start = battle_game(pack);
    GameState st = start;
    Runtime rt(pack, st);
    Diagnostics d;
    ActionRegistry actions = ActionRegistry::load(rt, d);
    std::string text =
        "EMPIRE ARC\nSECRET " + start.find_empire("ARC")->secret + "\nTURN 1\n1 MOVE 101 102 12\n";
    Turnsheet sheet = parse_turnsheet(text, "bench.txt", actions, turnsheet_limits(pack), d);
    if (d.has_errors()) throw std::runtime_error(d.to_string());
    TurnInput in;
    in.sheets["ARC"] = sheet;
    in.end_of_turn = false;
    for (auto _ : state) {
        st = start;
        TurnRecord rec = run_turn(rt, actions, in);
        benchmark::DoNotOptimize(rec.actions.data());
    }
}
BENCHMARK(BM_MoveAttackAction)->Unit(benchmark::kMicrosecond);

}  // namespace
