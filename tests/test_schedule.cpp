// The engine's schedule library (engine/lua/lib/schedule.lua) that a pack imports as
// import("engine/schedule"): phases in which colonies, then fleets, act one order at a time by
// priority, ties by speed or at random from the engine's stream, zero-time orders putting the
// unit back into the pool, orders over several phases, and battles after each phase (seed
// 004, section 20). The cases are in tests/data/packs/schedule/schedule_cases.lua.

#include <catch2/catch.hpp>

#include <set>

#include "lua/convert.hpp"
#include "lua/runtime.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Runs schedule_cases.<name>(arg) in a game of the schedule test pack; returns its text.
std::string run_case(const std::string& name, int arg = 0) {
    static const Pack pack = test::load_pack(test::data_dir() / "packs" / "schedule");
    GameState st = GameState::with_schema(pack.schema());
    st.seed = 7;
    Runtime rt(pack, st);
    std::string out;
    rt.call(
        "schedule_cases", name, rt.key("test"),
        [&](lua_State* L) {
            push(L, arg);
            return 1;
        },
        1, [&](lua_State* L) { out = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?"; });
    return out;
}

}  // namespace

TEST_CASE("units act one order at a time by priority, phase by phase", "[schedule]") {
    // Phase 1, colonies: B's z (priority 1) takes no time, so B is back at once with w (4);
    // C's v (2) starts and goes on next phase; then A's x (3), then B's w (4). A's y waits
    // for phase 2 since A's x took phase 1. Fleets: F3's s (1) cannot start; F1 and F2 tie on
    // priority 2 and the faster F2 goes first. Battles end each phase. Phase 2: C finishes v
    // (2) before A's y (5); F3 now carries out s.
    CHECK(run_case("phases") ==
          "1 colony B z free; 1 colony C v more; 1 colony A x done; 1 colony B w done; "
          "1 fleet F3 s wait; 1 fleet F2 n done; 1 fleet F1 m done; battles 1; "
          "2 colony C v done; 2 colony A y done; 2 fleet F3 s done; battles 2");
}

TEST_CASE("a unit back from a zero-time order competes at once; gone units never act",
          "[schedule]") {
    CHECK(run_case("free_first") == "1 colony A a1 free; 1 colony A a2 done; 1 colony B b1 done");
}

TEST_CASE("ties on priority are drawn from the engine's random stream", "[schedule]") {
    std::set<std::string> seen;
    for (int draw = 1; draw <= 30; ++draw) {
        std::string order = run_case("tie", draw);
        std::string sorted = order;
        std::sort(sorted.begin(), sorted.end());
        CHECK(sorted == "ABC");
        CHECK(run_case("tie", draw) == order);  // the same stream, the same draw
        seen.insert(order);
    }
    CHECK(seen.size() >= 4);  // 30 draws of 6 orders: each has 1 in 6
}

TEST_CASE("a bad outcome and orders that never end are script errors", "[schedule]") {
    CHECK(run_case("bad_outcome").find("false ") == 0);
    CHECK(run_case("bad_outcome")
              .find("act() of pool colony returned finished; expected "
                    "\"done\", \"free\", \"more\" or \"wait\"") != std::string::npos);
    CHECK(run_case("endless").find("pool colony took more than 100000 steps in phase 3") !=
          std::string::npos);
}
