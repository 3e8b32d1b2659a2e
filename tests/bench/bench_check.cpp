// `hyperlane check` on a full standard sheet at turn 21 of an all-computer standard game: the
// pack's grammar reads it (sheet/read.lua) and its checks run on a scratch copy of the state
// (sheet/check.lua, every action's check and estimate), as `check` and `submit` do once the
// game folder is loaded. It must stay under 20 ms (issue 14).

#include <benchmark/benchmark.h>

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
        CheckCase out{LoadedGame{GameInfo{}, bench::starchase(), bench::standard_game_at(20)}, ""};
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

}  // namespace
