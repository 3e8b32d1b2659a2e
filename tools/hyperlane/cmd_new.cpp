// hyperlane new DIR --scenario FILE [--seed N] [--rules PACK] [--all-computer] [--roster FILE]
//   [--player SPEC]... [--others-computer] [--deadline TIME] [--every DURATION]
//   [--gm-name NAME] [--gm-address ADDR]

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "game/pack_check.hpp"
#include "host/deadlines.hpp"
#include "host/roster.hpp"
#include "io/atomic_file.hpp"
#include "io/os_random.hpp"
#include "pack/rules_roots.hpp"
#include "report/report_files.hpp"

namespace hl::cli {

namespace {

// The player of an empire `new` gives the computer (--all-computer, --others-computer): not the
// scenario's placeholder ("Player 6"), which reads like a person in every report.
constexpr const char* kComputerPlayer = "Computer";

struct NewOptions {
    std::string dir;
    std::string scenario;
    std::string rules;
    std::optional<std::uint64_t> seed;
    bool all_computer = false;
    bool quiet = false;
    std::string roster;
    std::vector<std::string> players;
    bool others_computer = false;
    std::string deadline;
    std::string every;
    std::optional<std::string> gm_name;
    std::optional<std::string> gm_address;
};

// The roster from --roster and --player, checked against the scenario's empires; each
// listed empire becomes a player's empire with that player's name.
Roster apply_roster(const NewOptions& o, Scenario& sc) {
    Diagnostics diags;
    Roster roster;
    if (!o.roster.empty()) {
        std::string text;
        try {
            text = read_file(o.roster);
        } catch (const std::exception&) {
            throw InputError({o.roster, 0, 0}, "cannot read the roster file");
        }
        roster = parse_roster(text, o.roster, diags);
    }
    for (const std::string& spec : o.players)
        if (auto e = parse_player_spec(spec, "--player", diags)) roster.entries.push_back(*e);
    std::set<std::string> seen;
    for (const RosterEntry& r : roster.entries) {
        auto it = std::find_if(sc.empires.begin(), sc.empires.end(),
                               [&](const ScenarioEmpire& e) { return e.code == r.empire; });
        if (it == sc.empires.end()) {
            diags.error(r.where, fmt::format("empire {}: not in the scenario", r.empire));
            continue;
        }
        if (!seen.insert(r.empire).second) {
            diags.error(r.where, fmt::format("empire {}: listed twice in the roster", r.empire));
            continue;
        }
        if (o.all_computer) {
            diags.error(r.where, fmt::format("empire {}: --all-computer gives every empire to "
                                             "the computer; leave out the roster",
                                             r.empire));
            continue;
        }
        it->player = r.name;
        it->computer = false;
    }
    if (o.others_computer) {
        if (roster.entries.empty())
            diags.error({"--others-computer", 0, 0},
                        "needs players from --roster or --player (use --all-computer for a game "
                        "without players)");
        for (ScenarioEmpire& e : sc.empires)
            if (!seen.count(e.code)) {
                e.computer = true;
                e.player = kComputerPlayer;
            }
    }
    if (diags.has_errors()) throw InputError(diags);
    return roster;
}

// deadlines.toml from --deadline and --every, or empty text if neither is given.
std::string initial_deadlines(const NewOptions& o) {
    if (o.deadline.empty() && o.every.empty()) return "";
    Deadlines d;
    if (!o.deadline.empty()) {
        auto t = parse_time(o.deadline);
        if (!t)
            throw InputError(
                {"--deadline", 0, 0},
                fmt::format("'{}' is not a time such as \"2026-12-01 18:00 UTC\"", o.deadline));
        d.due[1] = *t;
    }
    if (!o.every.empty()) {
        auto s = parse_duration(o.every);
        if (!s || *s <= 0)
            throw InputError({"--every", 0, 0},
                             fmt::format("'{}' is not a duration such as 7d or 36h", o.every));
        if (o.deadline.empty())
            throw InputError({"--every", 0, 0}, "--every needs --deadline for turn 1");
        d.every = *s;
    }
    return deadlines_to_toml(d);
}

// What the GM does next, printed by `new`: the secrets, a report, sending turn 0 (by mail when
// the roster has addresses, else the report files) and the web address `serve` uses by default.
std::string next_steps(const NewOptions& o, const Scenario& sc, const Roster& roster) {
    std::string dir = o.dir;  // as given, but for trailing slashes
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    // `serve` names a game by its folder's name (docs/web.md).
    std::filesystem::path norm = std::filesystem::absolute(dir).lexically_normal();
    if (norm.filename().empty()) norm = norm.parent_path();
    const std::string id = norm.filename().string();
    std::string empire = sc.empires.empty() ? "CODE" : sc.empires.front().code;
    for (const ScenarioEmpire& e : sc.empires)
        if (!e.computer) {
            empire = e.code;
            break;
        }
    bool mail = std::any_of(roster.entries.begin(), roster.entries.end(),
                            [](const RosterEntry& r) { return !r.email.empty(); });
    std::string reports = dir + "/turns/0000/reports/";
    std::string out = "\nNext steps (docs/hosting.md):\n";
    auto step = [&](const std::string& cmd, const std::string& what) {
        out += fmt::format("  {:<44} {}\n", cmd, what);
    };
    if (!o.gm_name && !o.gm_address)
        step(fmt::format("hyperlane gm {} --name NAME --address ADDR", dir),
             fmt::format("your name in the reports (then: hyperlane rerender {})", dir));
    step(fmt::format("hyperlane secrets {}", dir),
         fmt::format("the empires' secrets and the GM's (kept in {}/game.toml)", dir));
    step(fmt::format("hyperlane report {} --empire {}", dir, empire),
         fmt::format("{}'s turn 0 report (all of them: {})", empire, reports));
    if (mail)
        step(fmt::format("hyperlane mail-out {}", dir),
             fmt::format("mail turn 0 with the secrets (set up {}/mail.toml: docs/mail.md)", dir));
    else
        step(fmt::format("send {}", reports),
             "each player the report of their empire (EMPIRE.txt or .html) and its secret");
    step(fmt::format("hyperlane serve {}", dir),
         fmt::format("the web pages, at http://127.0.0.1:8080/g/{}/ (docs/web.md)", id));
    step(fmt::format("hyperlane show {}", dir), "the GM's view of the game");
    return out;
}

int run_new(const NewOptions& o) {
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
    // As `gm --name/--address` would set them, but before turn 0's reports are written.
    if (o.gm_name) {
        check_gm_name(*o.gm_name, "--gm-name");
        sc.gm = *o.gm_name;
    }
    if (o.gm_address) {
        check_gm_address(*o.gm_address, "--gm-address");
        sc.gm_address = *o.gm_address;
    }
    if (o.all_computer)
        for (ScenarioEmpire& e : sc.empires) {
            e.computer = true;
            e.player = kComputerPlayer;
        }
    Roster roster = apply_roster(o, sc);
    std::map<std::string, std::string> game_files;
    if (!roster.entries.empty()) game_files["players.toml"] = roster_to_toml(roster);
    if (std::string d = initial_deadlines(o); !d.empty()) game_files["deadlines.toml"] = d;
    std::uint64_t seed;
    if (o.seed)
        seed = *o.seed;
    else if (sc.seed)
        seed = *sc.seed;
    else
        seed = os_random_below_or_equal(kMaxSeed);  // from the kernel, then stored in the game
    GameState st = create_game(sc, pack, seed);
    GameDir dir(o.dir);
    guard_writes(
        o.dir,
        [&] {
            write_new_game(
                dir, sc, pack, st,
                report_files(st, nullptr, pack, ReportContext{sc.name, sc.gm, sc.gm_address}),
                game_files);
            return kExitOk;
        },
        [] { return std::string("no game was created: nothing was left behind"); });
    if (!o.quiet) {
        std::printf("Created game \"%s\" in %s (rules %s %s, seed %llu).\n", sc.name.c_str(),
                    o.dir.c_str(), pack.top().id.c_str(), pack.top().version.c_str(),
                    static_cast<unsigned long long>(seed));
        std::printf("%s", next_steps(o, sc, roster).c_str());
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
                    "Rules pack (a folder, or an id in $HYPERLANE_RULES or rules/); default: the "
                    "scenario's");
    sub->add_flag("--all-computer", o->all_computer,
                  "Make every empire a non-player empire run by the computer (rule 1.2): a game "
                  "that plays itself with hyperlane run (recorded in the state, not in the "
                  "scenario copy)");
    sub->add_option("--roster", o->roster,
                    "Players' names and e-mail addresses: a TOML file of [[player]] tables with "
                    "empire, name and email (docs/hosting.md)");
    sub->add_option("--player", o->players,
                    "One player, as EMP=NAME <ADDRESS> (the address is optional); repeat it for "
                    "each player")
        ->allow_extra_args(false);
    sub->add_flag("--others-computer", o->others_computer,
                  "The computer runs every empire that --roster and --player do not list (else "
                  "they keep the scenario's players)");
    sub->add_option("--deadline", o->deadline,
                    "When turn 1's sheets are due, e.g. \"2026-12-01 18:00 UTC\"");
    sub->add_option("--every", o->every,
                    "Each later turn is due this long after the one before (e.g. 7d, 36h)");
    sub->add_option("--gm-name", o->gm_name,
                    "The GM's name, as `hyperlane gm --name` sets it (default: the scenario's gm)");
    sub->add_option("--gm-address", o->gm_address,
                    "The GM's mail address, as `hyperlane gm --address` sets it: the address "
                    "turn 0's reports and mail name");
    sub->add_flag("--quiet,-q", o->quiet, "Print nothing on success");
    sub->callback([o, &action] { action = [o] { return run_new(*o); }; });
}

}  // namespace hl::cli
