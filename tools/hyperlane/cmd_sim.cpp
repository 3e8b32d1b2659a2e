// hyperlane sim --scenario FILE [--rules PACK] [--vs PACK2] --games N [--turns T] [--jobs J]
//               [--seed S] [--modes LIST] --out DIR

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/scenario.hpp"
#include "io/atomic_file.hpp"
#include "pack/rules_roots.hpp"
#include "sim/sim_csv.hpp"
#include "sim/sim_report.hpp"
#include "sim/sim_run.hpp"
#include "sim/sim_svg.hpp"

namespace hl::cli {

namespace {

struct SimOptions {
    std::string scenario;
    std::string rules;
    std::string vs;
    int games = 0;
    int turns = 50;
    int jobs = 0;
    std::uint64_t seed = 1;
    std::string modes;
    std::string out;
    bool quiet = false;
};

std::vector<std::string> parse_modes(const std::string& text) {
    std::vector<std::string> modes;
    std::stringstream in(text);
    std::string m;
    while (std::getline(in, m, ','))
        if (!m.empty()) modes.push_back(m);
    for (const std::string& mode : modes)
        if (mode != "computer" && mode != "dropout" && mode != "missed" && mode != "none")
            throw InputError({"--modes", 0, 0},
                             fmt::format("unknown computer player '{}' (known: computer, dropout, "
                                         "missed, none)",
                                         mode));
    return modes;
}

// A progress bar on stderr, redrawn in place.
void draw_progress(const std::string& label, int done, int total) {
    const int width = 30;
    int filled = total > 0 ? done * width / total : width;
    std::fprintf(stderr, "\r%s [%s%s] %d/%d games", label.c_str(), std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), done, total);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
}

SimRun run_pack(const std::string& text, const std::string& shown, const std::string& spec,
                const SimConfig& cfg, bool bar) {
    Pack pack = load_pack_or_throw(spec);
    Diagnostics diags;
    Scenario sc = parse_scenario(text, shown, pack, diags);
    if (diags.has_errors()) throw InputError(diags);
    SimRun run;
    run.pack = pack.top().id;
    run.columns = sim_columns(pack);
    SimProgress progress;
    if (bar) progress = [&](int done, int total) { draw_progress(run.pack, done, total); };
    run.games = run_sim(sc, pack, cfg, progress);
    return run;
}

int run_sim_command(const SimOptions& o) {
    std::filesystem::path scen_path = resolve_scenario(o.scenario);
    std::string shown = scen_path.generic_string();
    std::string text = read_scenario_or_throw(scen_path);
    Diagnostics diags;
    std::string rules = o.rules.empty() ? scenario_pack_spec(scenario_rules(text, shown, diags),
                                                             scen_path, rules_roots())
                                        : o.rules;
    if (diags.has_errors()) throw InputError(diags);
    if (rules.empty())
        throw InputError({shown, 0, 0},
                         "scenario.rules: missing; name the rules pack in the scenario or pass "
                         "--rules PACK");
    SimConfig cfg;
    cfg.games = o.games;
    cfg.turns = o.turns;
    cfg.jobs =
        o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (o.seed > kMaxSeed - static_cast<std::uint64_t>(o.games - 1))
        throw InputError({"--seed", 0, 0},
                         fmt::format("the seeds {}..{}+{} go past the largest seed {}", o.seed,
                                     o.seed, o.games - 1, kMaxSeed));
    cfg.first_seed = o.seed;
    cfg.modes = parse_modes(o.modes);
    const bool bar = !o.quiet && isatty(STDERR_FILENO);

    std::vector<SimRun> runs;
    runs.push_back(run_pack(text, shown, rules, cfg, bar));
    if (!o.vs.empty()) {
        runs.push_back(run_pack(text, shown, o.vs, cfg, bar));
        if (runs[0].pack == runs[1].pack) {
            runs[0].pack += " (A)";
            runs[1].pack += " (B)";
        }
    }

    std::filesystem::path out(o.out);
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec || !std::filesystem::is_directory(out))
        throw InputError({o.out, 0, 0}, "--out: cannot create this folder for the results" +
                                            (ec ? " (" + ec.message() + ")" : std::string()));
    write_file_atomic(out / "games.csv", games_csv(runs));
    write_file_atomic(out / "empires.csv", empires_csv(runs));
    const SimColumns& columns = runs.front().columns;
    std::string title = fmt::format("{} by turn, mean over {} games of {}", columns.score_label,
                                    cfg.games, scen_path.filename().generic_string());
    const std::filesystem::path chart = out / (columns.score + ".svg");
    write_file_atomic(chart, score_chart_svg(runs, title));

    if (!o.quiet) {
        std::printf("%d games of %s, at most %d turns, seeds %llu..%llu, %d worker threads.\n\n",
                    cfg.games, shown.c_str(), cfg.turns,
                    static_cast<unsigned long long>(cfg.first_seed),
                    static_cast<unsigned long long>(cfg.first_seed + cfg.games - 1), cfg.jobs);
        if (runs.size() == 2)
            std::printf("%s", render_comparison(runs[0], runs[1]).c_str());
        else
            std::printf("%s", render_run_summary(runs[0]).c_str());
        bool several = false;
        for (const std::string& m : cfg.modes)
            several = several || m != cfg.modes.front();
        if (several)
            for (const SimRun& r : runs)
                std::printf("\n%s: %s", r.pack.c_str(),
                            render_mode_table(r.games, cfg.modes, r.columns).c_str());
        std::printf("\nWrote %s, %s and %s.\n", (out / "games.csv").generic_string().c_str(),
                    (out / "empires.csv").generic_string().c_str(), chart.generic_string().c_str());
    }
    return kExitOk;
}

}  // namespace

void register_sim(CLI::App& app, Action& action) {
    auto o = std::make_shared<SimOptions>();
    CLI::App* sub = app.add_subcommand(
        "sim",
        "Play many seeded computer games in memory and compare rules packs (the balance "
        "lab)");
    sub->add_option("--scenario,-s", o->scenario,
                    "Scenario file, or the name of one in scenarios/ (e.g. standard, small)")
        ->required();
    sub->add_option("--rules,-r", o->rules, "Rules pack (default: the scenario's)");
    sub->add_option("--vs", o->vs,
                    "A second rules pack: play the same seeds under both and print the "
                    "differences with 95% confidence intervals");
    sub->add_option("--games,-n", o->games, "Games to play (per pack)")
        ->required()
        ->check(CLI::Range(1, 1000000));
    sub->add_option("--turns,-t", o->turns, "Turns per game at most (a game may end sooner)")
        ->check(CLI::Range(1, 100000));
    sub->add_option("--jobs,-j", o->jobs,
                    "Worker threads (default: one per core); the results do not depend on it")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--seed", o->seed,
                    "Seed of the first game; game i has seed SEED + i (default 1)")
        ->check(seed_validator());
    sub->add_option("--modes", o->modes,
                    "Computer players to rotate over the empires, e.g. dropout,missed,none "
                    "(default: computer for all)");
    sub->add_option(
           "--out,-o", o->out,
           "Folder for games.csv, empires.csv and the score chart (<score>.svg, e.g. vps.svg)")
        ->required();
    sub->add_flag("--quiet,-q", o->quiet, "Print nothing and draw no progress bar");
    sub->callback([o, &action] { action = [o] { return run_sim_command(*o); }; });
}

}  // namespace hl::cli
