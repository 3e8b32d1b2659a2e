// Inputs kept from fuzzing (tests/data/fuzz): each goes through the turnsheet parser or the
// scenario loader again and must give findings, never a crash, an exception or a hang.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "game/scenario.hpp"
#include "orders/turnsheet_limits.hpp"
#include "orders/turnsheet_parser.hpp"
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
    TurnsheetLimits limits = turnsheet_limits(test::starchase());
    for (const fs::path& f : files) {
        INFO(f.filename().string());
        Diagnostics d;
        Turnsheet s = parse_turnsheet(test::slurp(f), f.filename().string(),
                                      test::starchase_actions(), limits, d);
        CHECK(d.has_errors());
        for (const Diagnostic& x : d.all())
            CHECK(x.where.line >= 1);
        for (const Order& o : s.orders) {
            CHECK(o.slot >= 1);
            CHECK(o.slot <= limits.actions_per_turn);
        }
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
