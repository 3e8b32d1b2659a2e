// Runs one rule-test folder kept outside a pack with the pack its scenario names (folders inside
// a pack run with `hyperlane rules test PACK`, docs/rule-tests.md). Used by ctest for every
// folder under tests/scenarios/.
//
//   scenario_runner FOLDER

#include <cstdio>

#include "game/rule_test.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: scenario_runner FOLDER\n");
        return 2;
    }
    hl::RuleTestOutcome r = hl::run_rule_test(argv[1]);
    for (const std::string& f : r.failures)
        std::printf("%s\n", f.c_str());
    std::printf("%s", r.stopped.c_str());
    if (!r.failures.empty()) std::printf("%zu check(s) failed\n", r.failures.size());
    if (!r.passed()) return 1;
    std::printf("all checks passed\n");
    return 0;
}
