// Inputs kept from fuzzing (tests/data/fuzz): each goes through the turnsheet grammar or the
// scenario loader again and must give findings, never a crash, an exception or a hang.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "game/scenario.hpp"
#include "lua/pack_orders.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> inputs(const std::string& kind) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(test::data_dir() / "fuzz" / kind))
        if (e.is_regular_file()) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("kept fuzz inputs give turnsheet findings, never a crash", "[turnsheet][fuzz]") {
    auto files = inputs("turnsheet");
    REQUIRE(files.size() >= 5);
    GameState st = GameState::with_schema(test::starchase().schema());
    Runtime rt(test::starchase(), st);
    for (const fs::path& f : files) {
        INFO(f.filename().string());
        ReadSheet s = read_sheet(rt, test::slurp(f), f.filename().string());
        INFO(s.findings.to_string());
        CHECK(s.findings.has_errors());
        for (const Diagnostic& x : s.findings.all()) {
            CHECK(x.where.line >= 1);
            // Not the pack failing: the grammar itself reported every problem.
            CHECK(x.message.find("the rules pack failed") == std::string::npos);
        }
        CHECK(test::eval_on_sheet(rt, s,
                                  "for _, o in ipairs(sheet.orders) do\n"
                                  "  if o.slot < 1 or o.slot > rules.const.game.actions_per_turn "
                                  "then return o.slot end\n"
                                  "end\n"
                                  "return 'slots in range'") == "slots in range");
    }
}

TEST_CASE("kept fuzz inputs give scenario findings, never a crash", "[scenario][fuzz]") {
    auto files = inputs("scenario");
    REQUIRE(files.size() >= 2);
    for (const fs::path& f : files) {
        INFO(f.filename().string());
        std::string text = test::slurp(f);
        Diagnostics d;
        scenario_rules(text, f.filename().string(), d);
        Diagnostics d2;
        parse_scenario(text, f.filename().string(), test::starchase(), d2);
        CHECK(d2.has_errors());
    }
}
