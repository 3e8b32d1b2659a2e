#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pack/pack.hpp"

namespace hl {

// What one rule-test folder found (docs/rule-tests.md): the checks of expected.toml that failed,
// each `expected.toml:LINE:COL: FAIL: what: expected X, got Y`, and the problem that stopped the
// test before its checks (a scenario, sheet or expected.toml that cannot be read, a script that
// failed), as file:line:col findings.
struct RuleTestOutcome {
    std::vector<std::string> failures;
    std::string stopped;
    // True if the test ran and every check held.
    bool passed() const { return failures.empty() && stopped.empty(); }
};

// Runs the rule test in `folder`: the game of FOLDER/scenario.toml (played with `pack` when it
// is given, else with the pack its `rules` names), its turns with the sheets of FOLDER/orders
// (orders/NNNN/ per turn), and the checks of FOLDER/expected.toml. Never throws for what the
// folder holds.
RuleTestOutcome run_rule_test(const std::filesystem::path& folder, const Pack* pack = nullptr);

// The rule-test folders of a pack: every folder under PACK/tests that holds a scenario.toml,
// sorted by name.
std::vector<std::filesystem::path> rule_test_folders(const std::filesystem::path& pack_dir);

}  // namespace hl
