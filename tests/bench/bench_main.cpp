// hyperlane_bench: Google Benchmark runs, then a summary of the figures docs/performance.md
// records: games per minute, one standard turn, and the scripted battle against the direct one
// as a ratio measured in this run.

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

// Prints like the console reporter and keeps each benchmark's real time per iteration (ns)
// and counters.
class Keeper : public benchmark::ConsoleReporter {
  public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            if (r.run_type != Run::RT_Iteration || r.error_occurred) continue;
            double ns =
                r.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(r.time_unit) * 1e9;
            time_ns[r.benchmark_name()] = ns;
            for (const auto& [name, c] : r.counters)
                counters[r.benchmark_name() + "/" + name] = c.value;
        }
    }
    std::map<std::string, double> time_ns;
    std::map<std::string, double> counters;
};

// The value of the first entry named `base` (a benchmark name without its arguments) whose
// name contains `part` after it, or -1. Names read "BM_X", "BM_X/real_time",
// "BM_X/threads:2/real_time/games_per_min", ...
double find(const std::map<std::string, double>& m, const std::string& base,
            const std::string& part = "") {
    for (const auto& [name, v] : m) {
        bool named = name == base || name.rfind(base + "/", 0) == 0;
        if (named && name.find(part, base.size()) != std::string::npos) return v;
    }
    return -1.0;
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    Keeper keeper;
    benchmark::RunSpecifiedBenchmarks(&keeper);
    benchmark::Shutdown();

    std::printf("\nSummary (this machine, this run):\n");
    const std::string game = "BM_Game50Turns12Empires";
    double g1 = find(keeper.counters, game, "threads:1/real_time/games_per_min");
    double g2 = find(keeper.counters, game, "threads:2/real_time/games_per_min");
    double cpu = find(keeper.counters, game, "threads:2/real_time/cpu_s_per_game");
    if (g1 > 0 || g2 > 0)
        std::printf(
            "  full 50-turn 12-empire computer games, no files: %.0f a minute on 1 thread "
            "and %.0f on 2 threads by the wall clock (whatever else the machine runs); "
            "%.3f CPU seconds a game, so %.0f a minute on 2 free cores (target: at least "
            "120 on 2 cores)\n",
            g1, g2, cpu, cpu > 0 ? 2 * 60 / cpu : 0.0);
    double g0 =
        find(keeper.counters, game + "NoMemoryAccounting", "threads:1/real_time/games_per_min");
    if (g1 > 0 && g0 > 0)
        std::printf(
            "  the Lua memory budget's accounting: %.0f games a minute on 1 thread "
            "without it, %.0f with it (%+.1f%%)\n",
            g0, g1, (g1 / g0 - 1) * 100);
    double tm = find(keeper.time_ns, "BM_StandardTurnInMemory");
    double tr = find(keeper.time_ns, "BM_StandardTurnHyperlaneRun", "reports:1");
    double tn = find(keeper.time_ns, "BM_StandardTurnHyperlaneRun", "reports:0");
    double tp = find(keeper.time_ns, "BM_HyperlaneRunProcess");
    if (tp > 0)
        std::printf(
            "  one standard turn (turn 21, 12 computer empires) by `hyperlane run`, a new "
            "process, every file flushed: %.1f ms (target: under 50 ms)\n",
            tp / 1e6);
    // Each figure only if its benchmark ran (a --benchmark_filter can leave any of them out).
    std::vector<std::string> turn_parts;
    if (tr > 0)
        turn_parts.push_back(fmt::format(
            "{:.1f} ms the way hyperlane run plays it, with every report written", tr / 1e6));
    if (tn > 0) turn_parts.push_back(fmt::format("{:.1f} ms without reports", tn / 1e6));
    if (tm > 0) turn_parts.push_back(fmt::format("{:.1f} ms in memory, no files", tm / 1e6));
    if (!turn_parts.empty())
        std::printf("  the same turn in one long-lived process: %s\n",
                    fmt::format("{}", fmt::join(turn_parts, "; ")).c_str());
    double tc = find(keeper.time_ns, "BM_CosmosTurnInMemory");
    if (tc > 0)
        std::printf(
            "  one COSMOS turn (turn 8, 14 computer races, 12 phases and production): %.1f ms "
            "in memory, no files\n",
            tc / 1e6);
    // Battles per second -> nanoseconds per battle.
    auto per_battle = [&](const char* name) {
        double rate = find(keeper.counters, name, "items_per_second");
        return rate > 0 ? 1e9 / rate : -1.0;
    };
    double bd = per_battle("BM_BattleDirect");
    double bs = per_battle("BM_BattleScripted");
    double bo = per_battle("BM_BattleScriptedOutcome");
    double bi = per_battle("BM_BattleScriptedOutcomeInterpreted");
    if (bd > 0 && bs > 0)
        std::printf(
            "  a MOVE battle (one round, ambushed) with its state lookups: %.0f ns done in C++ "
            "(schema field lookups + hl::attrition); %.0f ns = %.1fx done by the pack "
            "(lib/combat.lua as lib/movement.lua calls it, compiled module); without result "
            "tables (combat.outcome through the FFI) %.0f ns = %.1fx, interpreted %.0f ns = "
            "%.1fx\n",
            bd, bs, bs / bd, bo, bo / bd, bi, bi / bd);
    double call = find(keeper.time_ns, "BM_ScriptCall");
    if (call > 0)
        std::printf("  the engine's protected call of a script function: %.0f ns\n", call);
    double ck = find(keeper.time_ns, "BM_CheckFullSheet");
    if (ck > 0)
        std::printf(
            "  hyperlane check on a full standard sheet, the game loaded: %.1f ms (target: "
            "under 20 ms)\n",
            ck / 1e6);
    double cc = find(keeper.time_ns, "BM_CheckCosmosSheet");
    if (cc > 0)
        std::printf(
            "  hyperlane check on a full COSMOS sheet, the game loaded: %.1f ms (target: under "
            "20 ms)\n",
            cc / 1e6);
    double mv = find(keeper.time_ns, "BM_MoveAttackAction");
    if (mv > 0)
        std::printf(
            "  a whole MOVE attack through actions/move.lua (one order, one turn's action "
            "rounds): %.1f us\n",
            mv / 1e3);
    return 0;
}
