// `hyperlane check` on a full standard sheet at turn 21 of an all-computer standard game: the
// pack's grammar reads it (sheet/read.lua) and its checks run on a scratch copy of the state
// (sheet/check.lua, every action's check and estimate), as `check` and `submit` do once the
// game folder is loaded. It must stay under 20 ms (issue 14). The same for a full COSMOS sheet
// (rules/cosmos/turnsheet.lua, sheet/check.lua) at turn 7 of the 14-race game (issue 15).

#include <benchmark/benchmark.h>

#include <sstream>
#include <stdexcept>

#include "bench_support.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/runtime.hpp"
#include "turn/computer_orders.hpp"

namespace {

using namespace hl;

// The game at turn 20 and a full sheet for its first empire, now a player's: the actions its
// computer player writes, a PROBE line, two NAME lines and a MESSAGE.
struct CheckCase {
    LoadedGame game;
    std::string sheet;
};

const CheckCase& check_case() {
    static const CheckCase c = [] {
        CheckCase out{LoadedGame{GameInfo{}, bench::starchase(), bench::standard_game_at(20), {}},
                      ""};
        const GameState& st = out.game.state;
        const std::string empire = st.order_of_play.front();
        out.game.state.find_empire(empire)->computer = false;  // a player's sheet
        GameState scratch = st;
        Runtime rt(out.game.pack, scratch);
        out.sheet = computer_sheet(rt, empire, "dropout", st.turn + 1);
        out.sheet +=
            "PROBE 101 102 103\nNAME 101 New Hope\nNAME 102 Far Reach\n"
            "MESSAGE ALL Greetings from the benchmark\n";
        SheetCheck first = check_sheet(out.sheet, "bench.txt", out.game);
        if (first.orders.size() < 10)
            throw std::runtime_error("the benchmark sheet has few orders:\n" + out.sheet);
        return out;
    }();
    return c;
}

void BM_CheckFullSheet(benchmark::State& state) {
    const CheckCase& c = check_case();
    std::size_t findings = 0;
    for (auto _ : state) {
        SheetCheck r = check_sheet(c.sheet, "bench.txt", c.game);
        findings = r.findings.all().size();
        benchmark::DoNotOptimize(r.orders);
    }
    state.counters["findings"] = static_cast<double>(findings);
}
BENCHMARK(BM_CheckFullSheet)->Unit(benchmark::kMillisecond)->UseRealTime();

// The 14-race COSMOS game at turn 7 and a full sheet of race 1, now a player's: its blank sheet
// (turnsheet.blank) with research and policy orders, and orders under every colony and fleet
// block (construct and build with embedded orders; explore and farmove).
const CheckCase& cosmos_case() {
    static const CheckCase c = [] {
        CheckCase out{LoadedGame{GameInfo{}, bench::cosmos(), bench::cosmos_game_at(7), {}}, ""};
        out.game.state.find_empire("1")->computer = false;
        out.game.info.secrets["1"] = out.game.state.find_empire("1")->secret;
        std::istringstream blank(blank_sheet(out.game, "1"));
        for (std::string line; std::getline(blank, line);) {
            out.sheet += line + "\n";
            if (line == "race 1:")
                out.sheet +=
                    "research \"Robotic Industry\"\nresearch \"General Science I\" 5\n"
                    "policy 2 neutral\n";
            else if (line.size() > 5 && line[0] == 'C' && line[4] == ':')
                out.sheet +=
                    "  construct industries 5\n  build \"colony transport\"\n  orders:\n"
                    "    farmove H1416 H1417\n    colonize *\n  .\n  construct research\n";
            else if (line.size() > 6 && line[0] == 'S' && line[5] == ':')
                out.sheet += "  explore\n  farmove H1416 H1418\n  load 20 i.p. and 2 pop\n";
        }
        SheetCheck first = check_sheet(out.sheet, "bench.txt", out.game);
        if (first.orders.size() < 10 || !first.ok())
            throw std::runtime_error("the COSMOS benchmark sheet is short or has errors:\n" +
                                     first.findings.to_string() + out.sheet);
        return out;
    }();
    return c;
}

void BM_CheckCosmosSheet(benchmark::State& state) {
    const CheckCase& c = cosmos_case();
    std::size_t findings = 0;
    for (auto _ : state) {
        SheetCheck r = check_sheet(c.sheet, "bench.txt", c.game);
        findings = r.findings.all().size();
        benchmark::DoNotOptimize(r.orders);
    }
    state.counters["findings"] = static_cast<double>(findings);
    state.counters["orders"] = static_cast<double>(check_sheet(c.sheet, "b", c.game).orders.size());
}
BENCHMARK(BM_CheckCosmosSheet)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
