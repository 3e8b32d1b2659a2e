// The reports of one standard turn: every empire's report (text, HTML, JSON and SVG map) and
// the game report, built and rendered in memory for turn 21 of an all-computer standard game
// (12 empires), as `hyperlane run` writes them into the turn folder.

#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "game/autoplay.hpp"
#include "report/report_files.hpp"

namespace {

using namespace hl;

// The standard game after turn 21 and the record of turn 21.
struct TurnAndRecord {
    GameState state;
    TurnRecord record;
};

const TurnAndRecord& turn_21() {
    static const TurnAndRecord t = [] {
        TurnAndRecord out{bench::standard_game_at(20), {}};
        AutoplayOptions opts;
        opts.turns = 1;
        opts.on_turn = [&](const GameState&, const TurnRecord& rec) { out.record = rec; };
        autoplay(out.state, bench::starchase(), opts);
        return out;
    }();
    return t;
}

void BM_StandardTurnReports(benchmark::State& state) {
    const TurnAndRecord& t = turn_21();
    GameState st = t.state;
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto files = report_files(st, &t.record, bench::starchase(),
                                  ReportContext{"Bench game", "The GM"});
        for (const auto& [path, text] : files)
            bytes += text.size();
        benchmark::DoNotOptimize(files);
    }
    state.counters["bytes_per_turn"] =
        benchmark::Counter(static_cast<double>(bytes) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_StandardTurnReports)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
