// One standard turn: the 12 computer players write their sheets and the turn is adjudicated,
// at turn 21 of an all-computer standard game. In memory (autoplay), and the way
// `hyperlane run` plays it: load the game folder, write the computer sheets, adjudicate, write
// the turn folder with every report (text, HTML, JSON and SVG map for each empire, and the
// game report), and the same without reports to show what they cost; and `hyperlane run`
// itself, a new process each time (loading the pack's scripts included), as a GM runs it.

#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_support.hpp"
#include "game/autoplay.hpp"
#include "game/game_dir.hpp"
#include "game/play_turn.hpp"
#include "game/turn_store.hpp"

namespace {

using namespace hl;

constexpr int kTurn = 20;

const GameState& at_turn() {
    static const GameState st = bench::standard_game_at(kTurn);
    return st;
}

void BM_StandardTurnInMemory(benchmark::State& state) {
    const GameState& start = at_turn();
    for (auto _ : state) {
        GameState st = start;
        AutoplayOptions opts;
        opts.turns = 1;
        benchmark::DoNotOptimize(autoplay(st, bench::starchase(), opts));
    }
}
BENCHMARK(BM_StandardTurnInMemory)->Unit(benchmark::kMillisecond)->UseRealTime();

// One COSMOS turn (turn 8 of the 14-race game, every race a computer player), in memory.
void BM_CosmosTurnInMemory(benchmark::State& state) {
    static const GameState start = bench::cosmos_game_at(7);
    for (auto _ : state) {
        GameState st = start;
        AutoplayOptions opts;
        opts.turns = 1;
        benchmark::DoNotOptimize(autoplay(st, bench::cosmos(), opts));
    }
}
BENCHMARK(BM_CosmosTurnInMemory)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_StandardTurnHyperlaneRun(benchmark::State& state) {
    const bool reports = state.range(0) != 0;
    // A game folder at turn kTurn, made by `hyperlane run`'s own path.
    Scenario sc = bench::scenario("standard", bench::starchase());
    for (ScenarioEmpire& e : sc.empires)
        e.computer = true;
    std::filesystem::path dir = bench::temp_dir("turn") / "game";
    GameDir game(dir);
    {
        GameState st = bench::standard_game_at(0);
        write_new_game(game, sc, bench::starchase(), st);
    }
    PlayOptions quick;
    quick.reports = false;
    for (int t = 1; t <= kTurn; ++t)
        play_next_turn(game, quick);
    PlayOptions opts;
    opts.reports = reports;
    for (auto _ : state) {
        PlayedTurn t = play_next_turn(game, opts);
        benchmark::DoNotOptimize(t.record.actions.data());
        state.PauseTiming();
        rollback_to(game, kTurn);
        std::filesystem::remove_all(game.orders_dir(kTurn + 1));
        state.ResumeTiming();
    }
    std::filesystem::remove_all(dir.parent_path());
}
// Runs `hyperlane run --quiet DIR` and returns its exit status (-1 if it could not start).
int run_cli(const std::filesystem::path& dir) {
    std::string cli = HYPERLANE_CLI, run = "run", quiet = "--quiet", game = dir.string();
    char* argv[] = {cli.data(), run.data(), quiet.data(), game.data(), nullptr};
    pid_t pid = 0;
    if (posix_spawn(&pid, cli.c_str(), nullptr, nullptr, argv, environ) != 0) return -1;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void BM_HyperlaneRunProcess(benchmark::State& state) {
    Scenario sc = bench::scenario("standard", bench::starchase());
    for (ScenarioEmpire& e : sc.empires)
        e.computer = true;
    std::filesystem::path dir = bench::temp_dir("process") / "game";
    GameDir game(dir);
    {
        GameState st = bench::standard_game_at(0);
        write_new_game(game, sc, bench::starchase(), st);
    }
    PlayOptions quick;
    quick.reports = false;
    for (int t = 1; t <= kTurn; ++t)
        play_next_turn(game, quick);
    for (auto _ : state) {
        if (run_cli(dir) != 0) {
            state.SkipWithError("hyperlane run failed");
            break;
        }
        state.PauseTiming();
        rollback_to(game, kTurn);
        std::filesystem::remove_all(game.orders_dir(kTurn + 1));
        state.ResumeTiming();
    }
    std::filesystem::remove_all(dir.parent_path());
}
BENCHMARK(BM_HyperlaneRunProcess)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK(BM_StandardTurnHyperlaneRun)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("reports")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
