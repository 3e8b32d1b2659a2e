// hyperlane rules check PACK

#include <algorithm>
#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/pack_check.hpp"

namespace hl::cli {

namespace {

struct RulesCheckOptions {
    std::string pack;
    std::vector<int> empires = {12, 4};
    std::uint64_t seed = 1;
};

int run_rules_check(const RulesCheckOptions& o) {
    Pack pack = load_pack_or_throw(o.pack);
    Diagnostics diags;
    PackCheckOptions opts;
    opts.empire_counts = o.empires;
    opts.seed = o.seed;
    check_pack(pack, opts, diags);
    print_diagnostics(diags);
    if (diags.has_errors()) {
        std::fprintf(stderr, "%d error(s) in rules pack %s\n", diags.error_count(),
                     pack.top().id.c_str());
        return kExitBadInput;
    }
    std::string chain;
    for (const PackLayer& l : pack.layers())
        chain += (chain.empty() ? "" : " <- ") + l.id + " " + l.version;
    std::printf(
        "rules pack OK: %s\n  %zu techs, %zu kinds, %zu Lua modules; test games created "
        "for",
        chain.c_str(), pack.techs().size(), pack.kinds().size(), pack.script_names().size());
    const auto max_empires = pack.const_int("game.max_empires", 26);
    for (int n : o.empires)
        std::printf(" %d", static_cast<int>(std::min<std::int64_t>(n, max_empires)));
    std::printf(" empires\n");
    return kExitOk;
}

}  // namespace

void register_rules(CLI::App& app, Action& action) {
    CLI::App* rules = app.add_subcommand("rules", "Work with rules packs");
    rules->require_subcommand(1);
    auto o = std::make_shared<RulesCheckOptions>();
    CLI::App* check = rules->add_subcommand(
        "check", "Load a pack with everything it extends and report every problem");
    check->add_option("PACK", o->pack, "Pack folder, or an id under rules/ (e.g. starchase)")
        ->required();
    check
        ->add_option("--empires", o->empires,
                     "Empire counts of the test games to create (default: 12 4; at most the "
                     "pack's game.max_empires)")
        ->check(CLI::Range(1, 1000));
    check->add_option("--seed", o->seed, "Seed of the test games")->check(seed_validator());
    check->callback([o, &action] { action = [o] { return run_rules_check(*o); }; });
}

}  // namespace hl::cli
