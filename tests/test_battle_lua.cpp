// battle.* as scripts see it: battle.attrition's tables, battle.attrition_left through the FFI
// and through the C binding giving core/attrition.hpp's numbers, and errors at the caller's line.

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "core/attrition.hpp"
#include "lua/host.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Runs a chunk on a fresh host as rules/test/battle.lua (support/test_support.hpp).
std::string eval(const std::string& code) {
    LuaHost host;
    return test::eval_lua(host, code, "rules/test/battle.lua");
}

}  // namespace

TEST_CASE("battle.attrition returns every round and what is left", "[battle][lua]") {
    // A: 12 units + 3 while units = 15; B: 5 + 4 units + fixed 3 + 2 while units = 14. B fires
    // first with one extra loss: A loses 14 / 2 + 1 = 8; its 4 survivors (S = 7) cost B 3.
    std::string out = eval(R"(
      local r = battle.attrition({ counts = { 12 }, while_units = 3 },
        { counts = { 5, 4 }, strength = { 1, 1 }, fixed = 3, while_units = 2 },
        { divisor = 2, first_fire = 2, first_fire_extra = 1 })
      local f = r.rounds[1]
      return table.concat({ #r.rounds, f.strength[1], f.strength[2], f.lost[1][1], f.lost[2][1],
        f.lost[2][2], r.left[1][1], r.left[2][1], r.left[2][2] }, " "))");
    CHECK(out == "1 15 14 8 3 0 4 2 4");
    CHECK(eval("return battle.strength{ counts = { 2, 3 }, strength = { 1, 2 }, fixed = 4, "
               "while_units = 1 }") == "13");
    CHECK(eval("return battle.strength{ counts = { 0 }, fixed = 4, while_units = 1 }") == "4");
    CHECK(eval("return battle.losses(14, 10, 2)") == "9");
}

TEST_CASE("battle.attrition refuses badly typed sides", "[battle][lua]") {
    CHECK(eval("return battle.attrition({ counts = { 1.5 } }, { counts = { 1 } })") ==
          "ERROR: battle: counts must be a whole number >= 0");
    CHECK(eval("return battle.attrition({ counts = { 1 }, strength = { 1, 1 } }, {})") ==
          "ERROR: battle: a side needs one strength per unit class");
    CHECK(eval("return battle.attrition({ counts = { 1 } }, { counts = { 1 } }, { divisor = 0 })")
              .find("divisor must be positive") != std::string::npos);
}

TEST_CASE("battle.attrition_left through the FFI gives core/attrition.hpp's numbers",
          "[battle][lua]") {
    LuaHost host;
    lua_State* L = host.L();
    StackGuard guard(L);
    REQUIRE_FALSE(host.run(R"(
      return function(...)
        return table.concat({ battle.attrition_left(...) }, " ")
      end)",
                           "rules/test/battle.lua"));
    int fn = lua_gettop(L);
    int checked = 0;
    for (int a : {0, 1, 4, 15})
        for (int b1 : {0, 2, 6})
            for (int b2 : {0, 3})
                for (int fixed : {0, 5})
                    for (int flags = 0; flags < 8; ++flags) {
                        AttritionRules r;
                        r.divisor = (flags & 1) ? 3 : 2;
                        r.max_rounds = (flags & 2) ? 50 : 1;
                        r.first_fire = (flags & 4) ? 1 : -1;
                        r.first_fire_extra = (flags & 4) ? 1 : 0;
                        AttritionSide sa{{a, 2, 0, 0}, {1, 2, 1, 1}, 0, 2};
                        AttritionSide sb{{b1, 1, b2, 0}, {1, 2, 1, 1}, fixed, 1};
                        AttritionResult res = attrition(sa, sb, r);
                        std::string want = fmt::format("{}", res.rounds.size());
                        for (const auto& side : res.left)
                            for (int v : side)
                                want += fmt::format(" {}", v);
                        want += fmt::format(" {} {}", res.rounds.empty() ? 0 : res.rounds[0].strength[0],
                                            res.rounds.empty() ? 0 : res.rounds[0].strength[1]);
                        lua_pushvalue(L, fn);
                        for (int v : {r.divisor, r.max_rounds, r.first_fire + 1, r.first_fire_extra,
                                      0, 2, a, 1, 2, 2, 0, 1, 0, 1, fixed, 1, b1, 1, 1, 2, b2, 1,
                                      0, 1})
                            lua_pushinteger(L, v);
                        REQUIRE_FALSE(host.pcall(24, 1));
                        INFO(a << " " << b1 << " " << b2 << " " << fixed << " " << flags);
                        CHECK(lua_tostring(L, -1) == want);
                        lua_pop(L, 1);
                        ++checked;
                    }
    CHECK(checked == 4 * 3 * 2 * 2 * 8);
}

TEST_CASE("battle.attrition_left's errors name the function and the calling line",
          "[battle][lua]") {
    LuaHost host;
    std::optional<LuaError> err;
    auto run = [&](const std::string& code) {
        StackGuard guard(host.L());
        err = host.run(code, "rules/test/battle.lua");
    };
    const std::string rest = "0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1)";
    run("local x = 1\nlocal n = battle.attrition_left(2.5, 1, 0, 0, " + rest);
    REQUIRE(err);
    CHECK(err->chunk == "rules/test/battle.lua");
    CHECK(err->line == 2);
    CHECK(err->message == "bad argument #1 to 'attrition_left' (expected a whole number)");
    run("\n\n\nlocal n = battle.attrition_left(2, 1, 0, 0, 0, 0, -1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, "
        "1, 0, 1, 0, 1, 0, 1)");
    REQUIRE(err);
    CHECK(err->line == 4);
    CHECK(err->message == "battle: unit counts and strengths must be >= 0");
    run("return battle.attrition_left(0, 1, 0, 0, " + rest);
    REQUIRE(err);
    CHECK(err->message == "battle divisor must be positive");
    run("return battle.attrition_left(2)");
    REQUIRE(err);
    CHECK(err->message == "bad argument #2 to 'attrition_left' (number expected, got nil)");
    // Numbers written as strings are taken, as by every other binding.
    run("return battle.attrition_left('2', 1, 0, 0, " + rest);
    CHECK_FALSE(err);
}
