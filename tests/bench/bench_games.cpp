// Whole 50-turn games of the standard scenario, all 12 empires computer players, in memory
// (no files, no reports): games per minute on one thread and on two (wall clock), and the CPU
// seconds each game took, which other load on the machine does not change. The same games with
// the Lua memory budget's accounting off measure what it costs (docs/performance.md).

#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>

#include "bench_support.hpp"
#include "lua/memory_budget.hpp"
#include "sim/sim_run.hpp"

namespace {

using namespace hl;

// Plays the games; accounting says whether Lua states count their memory.
void play_games(benchmark::State& state, bool accounting) {
    set_memory_accounting(accounting);
    const Scenario sc = bench::scenario("standard", bench::starchase());
    const int jobs = static_cast<int>(state.range(0));
    std::uint64_t seed = 1;
    std::int64_t games = 0;
    auto start = std::chrono::steady_clock::now();
    std::clock_t cpu_start = std::clock();  // CPU time of the whole process, every thread
    for (auto _ : state) {
        SimConfig cfg;
        cfg.games = jobs;  // one game per thread per iteration
        cfg.turns = 50;
        cfg.jobs = jobs;
        cfg.first_seed = seed;
        std::vector<SimGame> out = run_sim(sc, bench::starchase(), cfg);
        benchmark::DoNotOptimize(out.data());
        seed += static_cast<std::uint64_t>(jobs);
        games += jobs;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    state.counters["games_per_min"] = static_cast<double>(games) * 60.0 / seconds;
    state.counters["cpu_s_per_game"] = cpu / static_cast<double>(games);
    set_memory_accounting(true);
}

void BM_Game50Turns12Empires(benchmark::State& state) {
    play_games(state, true);
}
BENCHMARK(BM_Game50Turns12Empires)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Game50Turns12EmpiresNoMemoryAccounting(benchmark::State& state) {
    play_games(state, false);
}
BENCHMARK(BM_Game50Turns12EmpiresNoMemoryAccounting)
    ->Arg(1)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
