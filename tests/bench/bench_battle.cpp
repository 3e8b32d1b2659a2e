// An honest pair: the same MOVE battle (one round, ambushed) with the same state lookups, done
// in C++ (BM_BattleDirect: holdings, techs and the place's kind read through the schema's field
// references, the sides built and fought with hl::attrition, the win decided) and done by the
// pack (BM_BattleScripted: tests/bench/pack/bench.lua reads the state as lib/movement.lua does
// and fights with lib/combat.lua). The summary divides the second by the first. The script
// fights kBatch battles per call, so the per-battle figure leaves out the engine's protected
// call (measured on its own, BM_ScriptCall). combat.outcome is the same battle without result
// tables, through the FFI (lua/battle_ffi.hpp); the benchmark pack lists bench.lua in
// engine.jit_modules, and tests/bench/pack_interpreted runs the same loop interpreted. For
// scale, also a whole MOVE attack through actions/move.lua as the turn runner plays it (one
// order, no end of turn).

#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "core/attrition.hpp"
#include "game/new_game.hpp"
#include "lua/convert.hpp"
#include "lua/runtime.hpp"
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
    GameState st = battle_game(pack);
    const int divisor = static_cast<int>(pack.const_int("battle.move_divisor"));
    const int extra = static_cast<int>(pack.const_int("battle.ambush_extra_loss"));
    const int factor = static_cast<int>(pack.const_int("battle.planet_population_factor"));
    const int col_strength = static_cast<int>(pack.const_int("ships.colony_ship_strength"));
    const FieldRef owner = st.field("holding", "owner"), crs = st.field("holding", "cruisers"),
                   ftr = st.field("holding", "fighters"), col = st.field("holding", "colony_ships"),
                   pop = st.field("holding", "population"), mode = st.field("holding", "mode"),
                   ambush = st.field("holding", "ambush");
    const PlaceCode from = 101, to = 102;
    int won = 0;
    for (auto _ : state) {
        for (int i = 1; i <= kBatch; ++i) {
            // The lookups lib/movement.lua makes, through the schema.
            const std::string& defender = st.text(owner, to);
            int awt = static_cast<int>(st.empire_entry("ARC", "techs", "WT"));
            int amc = static_cast<int>(st.empire_entry("ARC", "techs", "MC"));
            int dwt = static_cast<int>(st.empire_entry(defender, "techs", "WT"));
            int ddt = static_cast<int>(st.empire_entry(defender, "techs", "DT"));
            bool planet = st.galaxy.at(to).kind == "planet";
            int p = static_cast<int>(st.integer(pop, to));
            bool ambushed = st.integer(mode, to) == 2 && st.integer(ambush, to) == from;
            // The sides and the exchange, as lib/combat.lua builds them.
            int pp = p * (planet ? factor : 1), dt = planet && p > 0 ? ddt : 0;
            AttritionSide a{{8 + i % 8}, {1}, 0, awt};
            AttritionSide d{
                {static_cast<int>(st.integer(crs, to)), static_cast<int>(st.integer(ftr, to))},
                {1, 1},
                col_strength * static_cast<int>(st.integer(col, to)) + pp + dt,
                dwt};
            AttritionRules r;
            r.divisor = divisor;
            r.first_fire = ambushed ? 1 : -1;
            r.first_fire_extra = ambushed ? extra : 0;
            AttritionResult res = attrition(a, d, r);
            int level = std::max(0, pp + dt - amc);
            int left = res.left[0][0];
            won += res.left[1][0] + res.left[1][1] == 0 && left >= 1 && left + awt > level;
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
