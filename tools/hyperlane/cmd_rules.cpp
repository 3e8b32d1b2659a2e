// hyperlane rules check PACK
// hyperlane rules test PACK [--only NAME]... [--list]

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/lua_tests.hpp"
#include "game/pack_check.hpp"
#include "game/rule_test.hpp"

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

// Text indented by four spaces on every line, ending with a line break.
std::string indented(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out += "    " + text.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}

struct RulesTestOptions {
    std::string pack;
    std::vector<std::string> only;
    bool list = false;
};

// The name a test is chosen by with --only: a rule-test folder's name, or a Lua test file's
// name with .lua.
std::string test_name(const std::filesystem::path& p) {
    return p.filename().string();
}

int run_rules_test(const RulesTestOptions& o) {
    Pack pack = load_pack_or_throw(o.pack);
    const std::filesystem::path dir = pack.top().dir;
    std::vector<std::filesystem::path> folders = rule_test_folders(dir);
    std::vector<std::filesystem::path> files = lua_test_files(dir);
    auto chosen = [&](const std::filesystem::path& p) {
        return o.only.empty() ||
               std::find(o.only.begin(), o.only.end(), test_name(p)) != o.only.end();
    };
    for (const std::string& name : o.only) {
        bool known = false;
        for (const auto& p : folders)
            known = known || test_name(p) == name;
        for (const auto& p : files)
            known = known || test_name(p) == name;
        if (!known)
            throw InputError({shown_path(dir / "tests"), 0, 0},
                             fmt::format("no rule-test folder or Lua test file '{}'", name));
    }
    if (o.list) {
        for (const auto& p : folders)
            if (chosen(p)) std::printf("%s\n", test_name(p).c_str());
        for (const auto& p : files)
            if (chosen(p)) std::printf("%s\n", test_name(p).c_str());
        return kExitOk;
    }
    int passed = 0, failed = 0;
    for (const auto& p : folders) {
        if (!chosen(p)) continue;
        RuleTestOutcome r = run_rule_test(p, &pack);
        const std::string shown = shown_path(p);
        if (r.passed()) {
            ++passed;
            std::printf("ok    %s\n", shown.c_str());
            continue;
        }
        ++failed;
        std::printf("FAIL  %s\n", shown.c_str());
        for (const std::string& f : r.failures)
            std::printf("  %s\n", f.c_str());
        if (!r.stopped.empty()) std::printf("%s", indented(r.stopped).c_str());
    }
    for (const auto& p : files) {
        if (!chosen(p)) continue;
        LuaTestFileOutcome r = run_lua_test_file(pack, p);
        const std::string shown = shown_path(p);
        if (!r.stopped.empty()) {
            ++failed;
            std::printf("FAIL  %s\n%s", shown.c_str(), indented(r.stopped).c_str());
            continue;
        }
        for (const LuaTestOutcome& t : r.tests) {
            if (t.failure.empty()) {
                ++passed;
                std::printf("ok    %s: %s\n", shown.c_str(), t.name.c_str());
            } else {
                ++failed;
                std::printf("FAIL  %s: %s\n%s", shown.c_str(), t.name.c_str(),
                            indented(t.failure).c_str());
            }
        }
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? kExitBadInput : kExitOk;
}

}  // namespace

void register_rules(CLI::App& app, Action& action) {
    CLI::App* rules = app.add_subcommand("rules", "Work with rules packs");
    rules->require_subcommand(1);
    auto o = std::make_shared<RulesCheckOptions>();
    CLI::App* check = rules->add_subcommand(
        "check", "Load a pack with everything it extends and report every problem");
    check
        ->add_option("PACK", o->pack,
                     "Pack folder, or an id in $HYPERLANE_RULES or rules/ (e.g. starchase)")
        ->required();
    check
        ->add_option("--empires", o->empires,
                     "Empire counts of the test games to create (default: 12 4; at most the "
                     "pack's game.max_empires)")
        ->check(CLI::Range(1, 1000));
    check->add_option("--seed", o->seed, "Seed of the test games")->check(seed_validator());
    check->callback([o, &action] { action = [o] { return run_rules_check(*o); }; });

    auto t = std::make_shared<RulesTestOptions>();
    CLI::App* test = rules->add_subcommand(
        "test", "Run a pack's rule tests and Lua unit tests (PACK/tests, docs/rule-tests.md)");
    test->add_option("PACK", t->pack,
                     "Pack folder, or an id in $HYPERLANE_RULES or rules/ (e.g. starchase)")
        ->required();
    test->add_option("--only", t->only,
                     "Run only this test: a rule-test folder's name, or a Lua test file's name "
                     "with .lua (may be given again)");
    test->add_flag("--list", t->list, "List the tests instead of running them");
    test->callback([t, &action] { action = [t] { return run_rules_test(*t); }; });
}

}  // namespace hl::cli
