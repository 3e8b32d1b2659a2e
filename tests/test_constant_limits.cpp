// Pack constants and scenario [galaxy] values against declared limits ([limits] in pack.toml)
// and the engine's own limits for the constants it reads.

#include <catch2/catch.hpp>

#include <toml++/toml.h>

#include "pack/constant_limits.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Checks constants given as TOML text against limits given as TOML text; the findings.
std::string check(const std::string& constants, const std::string& limits) {
    toml::table c = toml::parse(std::string_view(constants), std::string_view("c.toml"));
    toml::table l = toml::parse(std::string_view(limits), std::string_view("l.toml"));
    Diagnostics d;
    ConstantLimits declared;
    read_limits(l, declared, d);
    check_constant_limits(
        c, declared,
        [](const std::string&) {
            return SourcePos{"pack.toml", 1, 1};
        },
        d);
    return d.to_string();
}

}  // namespace

TEST_CASE("constants inside their limits pass; outside, each is named", "[pack][limits]") {
    const std::string limits =
        "\"economy.stash_cost\" = { min = 1, max = 100, integer = true }\n"
        "\"galaxy.fill\" = { min = 0.01, max = 1 }\n"
        "\"ships\" = { min = 1 }\n"
        "\"actions.link_distsq\" = { max = 9 }\n";
    CHECK(check("economy = { stash_cost = 3 }\ngalaxy = { fill = 0.8 }\n"
                "ships = { cruiser = 10, fighter = 3 }\nactions = { link_distsq = [1, 4, 9] }\n",
                limits) == "");
    CHECK(check("economy = { stash_cost = 0 }\ngalaxy = { fill = 1.5 }\n"
                "ships = { cruiser = -10, fighter = 3.5 }\nactions = { link_distsq = [1, 16] }\n",
                limits) ==
          "pack.toml:1:1: error: constants.actions.link_distsq[1]: is 16; expected a number of "
          "at most 9\n"
          "pack.toml:1:1: error: constants.economy.stash_cost: is 0; expected a whole number from "
          "1 to 100\n"
          "pack.toml:1:1: error: constants.galaxy.fill: is 1.5; expected a number from 0.01 to "
          "1\n"
          "pack.toml:1:1: error: constants.ships.cruiser: is -10; expected a number of at least "
          "1\n");
    CHECK(
        check("economy = { stash_cost = 2.5 }\n", "\"economy.stash_cost\" = { integer = true }") ==
        "pack.toml:1:1: error: constants.economy.stash_cost: is 2.5; expected a whole number\n");
}

TEST_CASE("NaN and infinities are refused in every constant", "[pack][limits]") {
    CHECK(check("a = nan\nb = { c = [1.0, inf] }\nd = -inf\n", "") ==
          "pack.toml:1:1: error: constants.a: nan is not a number a pack may use\n"
          "pack.toml:1:1: error: constants.b.c[1]: inf is not a number a pack may use\n"
          "pack.toml:1:1: error: constants.d: -inf is not a number a pack may use\n");
}

TEST_CASE("the engine's own limits apply whatever the pack declares", "[pack][limits]") {
    CHECK(check("game = { actions_per_turn = 2000000000 }\n", "") ==
          "pack.toml:1:1: error: constants.game.actions_per_turn: is 2000000000; expected a whole "
          "number from 1 to 99\n");
    CHECK(check("game = { actions_per_turn = 0 }\n", "\"game.actions_per_turn\" = { min = 0 }") ==
          "pack.toml:1:1: error: constants.game.actions_per_turn: is 0; expected a whole number "
          "from 1 to 99\n");
    CHECK(check("game = { actions_per_turn = \"many\" }\n", "") ==
          "pack.toml:1:1: error: constants.game.actions_per_turn: expected a whole number from 1 "
          "to 99\n");
    CHECK(check("engine = { step_budget = 100 }\n", "").find("engine.step_budget: is 100") !=
          std::string::npos);
    CHECK(check("game = { actions_per_turn = 16 }\n", "") == "");
}

TEST_CASE("malformed limits are reported", "[pack][limits]") {
    std::string out = check("a = 1\ns = \"x\"\n",
                            "\"a\" = { min = 5, max = 1 }\n\"b\" = { min = 0 }\n"
                            "\"s\" = { min = 0 }\n\"t\" = 3\n\"u\" = { least = 1 }\n");
    INFO(out);
    CHECK(out.find("limits.\"a\": min is above max") != std::string::npos);
    CHECK(out.find("limits.\"b\": no such constant in the pack") != std::string::npos);
    CHECK(out.find("limits.\"s\": the constant is not a number") != std::string::npos);
    CHECK(out.find("limits.\"t\": expected a table") != std::string::npos);
    CHECK(out.find("limits.\"u\".least: unknown key") != std::string::npos);
}

TEST_CASE("a scenario value is checked against the limit of its constant and the tables above",
          "[pack][limits]") {
    Diagnostics d;
    ConstantLimits limits;
    read_limits(toml::parse("\"galaxy.fill\" = { min = 0.01, max = 1 }\n"
                            "\"galaxy\" = { min = 0 }\n"),
                limits, d);
    REQUIRE_FALSE(d.has_errors());
    auto problem = [&](const std::string& path, const std::string& text) {
        toml::table t = toml::parse("v = " + text);
        return value_problem(limits, path, *t.get("v"));
    };
    CHECK_FALSE(problem("galaxy.fill", "0.5"));
    CHECK(problem("galaxy.fill", "1.5") ==
          std::optional<std::string>("is 1.5; expected a number from 0.01 to 1"));
    CHECK(problem("galaxy.block", "-2") ==
          std::optional<std::string>("is -2; expected a number of at least 0"));
    CHECK(problem("galaxy.other", "nan") ==
          std::optional<std::string>("nan is not a number a scenario may use"));
    CHECK_FALSE(problem("size", "-5"));
}
