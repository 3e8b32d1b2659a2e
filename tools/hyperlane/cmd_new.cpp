// hyperlane new DIR --scenario FILE [--seed N] [--rules PACK] [--all-computer]

#include <cstdio>
#include <memory>
#include <random>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/gm_summary.hpp"
#include "game/new_game.hpp"
#include "game/pack_check.hpp"
#include "io/atomic_file.hpp"
#include "report/report_files.hpp"
#include "report/state_text.hpp"

namespace hl::cli {

namespace {

struct NewOptions {
    std::string dir;
    std::string scenario;
    std::string rules;
    std::optional<std::uint64_t> seed;
    bool all_computer = false;
    bool quiet = false;
};

int run_new(const NewOptions& o) {
    std::filesystem::path scen_path = resolve_scenario(o.scenario);
    std::string shown = scen_path.generic_string();
    std::string text = read_scenario_or_throw(scen_path);
    Diagnostics diags;
    std::string rules = o.rules.empty() ? scenario_rules(text, shown, diags) : o.rules;
    if (diags.has_errors()) throw InputError(diags);
    if (rules.empty())
        throw InputError({shown, 0, 0},
                         "scenario.rules: missing; name the rules pack in the "
                         "scenario or pass --rules PACK");
    Pack pack = load_pack_or_throw(rules);
    // A pack `rules check` refuses would fail later, in the middle of a game.
    Diagnostics checks;
    check_pack(pack, PackCheckOptions{}, checks);
    if (checks.has_errors()) {
        checks.error({pack.top().dir.generic_string(), 0, 0},
                     "the rules pack fails `hyperlane rules check` (above): no game was created");
        throw InputError(checks);
    }
    Scenario sc = parse_scenario(text, shown, pack, diags);
    if (diags.has_errors()) throw InputError(diags);
    if (o.all_computer)
        for (ScenarioEmpire& e : sc.empires)
            e.computer = true;
    std::uint64_t seed;
    if (o.seed)
        seed = *o.seed;
    else if (sc.seed)
        seed = *sc.seed;
    else
        seed = std::random_device{}() % 1000000000ULL;  // chosen once, then stored in the game
    GameState st = create_game(sc, pack, seed);
    GameDir dir(o.dir);
    write_new_game(dir, sc, pack, st,
                   report_files(st, nullptr, pack, ReportContext{sc.name, sc.gm}));
    if (!o.quiet) {
        std::printf("Created game \"%s\" in %s (rules %s %s, seed %llu).\n\n", sc.name.c_str(),
                    o.dir.c_str(), pack.top().id.c_str(), pack.top().version.c_str(),
                    static_cast<unsigned long long>(seed));
        std::printf("%s", render_state_text(st, pack, gm_summary(pack, st)).c_str());
        std::printf("\nSecrets for the players are in %s/game.toml.\n", o.dir.c_str());
    }
    return kExitOk;
}

}  // namespace

void register_new(CLI::App& app, Action& action) {
    auto o = std::make_shared<NewOptions>();
    CLI::App* sub = app.add_subcommand("new", "Create a game folder (turn 0) from a scenario");
    sub->add_option("DIR", o->dir, "Folder to create for the game (must not exist or be empty)")
        ->required();
    sub->add_option("--scenario,-s", o->scenario,
                    "Scenario file, or the name of one in scenarios/ (e.g. standard, small)")
        ->required();
    sub->add_option("--seed", o->seed,
                    "Game seed: the same scenario and seed give identical games (default: the "
                    "scenario's seed, else a random one, printed and stored)")
        ->check(seed_validator());
    sub->add_option("--rules,-r", o->rules,
                    "Rules pack (a folder or an id under rules/); default: the scenario's");
    sub->add_flag("--all-computer", o->all_computer,
                  "Make every empire a non-player empire run by the computer (rule 1.2): a game "
                  "that plays itself with hyperlane run (recorded in the state, not in the "
                  "scenario copy)");
    sub->add_flag("--quiet,-q", o->quiet, "Print nothing on success");
    sub->callback([o, &action] { action = [o] { return run_new(*o); }; });
}

}  // namespace hl::cli
