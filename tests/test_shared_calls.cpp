// share_calls: jobs run on the caller's runtime and a second one on a thread of their own give
// what calls one after another give, each job's failure is kept by index, and the state stays
// read-only while they run.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "lua/shared_calls.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

const Pack& jobs_pack() {
    static const Pack pack = test::load_pack(test::data_dir() / "packs" / "shared_calls");
    return pack;
}

// A new standard game of 12 empires, each owning its home system.
GameState standard_game() {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / "standard.toml";
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), jobs_pack(), d);
    REQUIRE_FALSE(d.has_errors());
    return create_game(sc, jobs_pack(), 1);
}

// jobs.<fn>(empire) through `rt` with the stream of (purpose "job", empire).
std::string call_job(Runtime& rt, const char* fn, const std::string& empire) {
    std::string out;
    rt.call(
        "jobs", fn, rt.key("job", empire),
        [&](lua_State* L) {
            lua_pushlstring(L, empire.data(), empire.size());
            return 1;
        },
        1, [&](lua_State* L) { out = lua_tostring(L, -1); });
    return out;
}

std::string what(const std::exception_ptr& e) {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        return x.what();
    }
}

}  // namespace

TEST_CASE("shared calls give what calls one after another give", "[lua][threads]") {
    GameState st = standard_game();
    Runtime rt(jobs_pack(), st);
    const std::vector<std::string> empires = st.empire_codes();
    REQUIRE(empires.size() == 12);
    std::vector<std::string> one_by_one;
    for (const std::string& e : empires)
        one_by_one.push_back(call_job(rt, "read", e));
    // The Lua side reads what the C++ side does.
    for (std::size_t i = 0; i < empires.size(); ++i)
        CHECK(one_by_one[i].rfind(empires[i] + " owns " +
                                      std::to_string(test::owned_by(st, empires[i]).size()) +
                                      " draws ",
                                  0) == 0);
    for (int round = 0; round < 5; ++round) {
        std::vector<std::string> shared(empires.size());
        std::vector<std::exception_ptr> failed = share_calls(
            rt, empires.size(),
            [&](Runtime& on, std::size_t i) { shared[i] = call_job(on, "read", empires[i]); });
        for (const std::exception_ptr& f : failed)
            CHECK(!f);
        CHECK(shared == one_by_one);
    }
}

TEST_CASE("shared calls may not change the state, and the runtime is writable again after",
          "[lua][threads]") {
    GameState st = standard_game();
    Runtime rt(jobs_pack(), st);
    const std::vector<std::string> empires = st.empire_codes();
    std::vector<std::exception_ptr> failed = share_calls(rt, 4, [&](Runtime& on, std::size_t i) {
        call_job(on, i == 2 ? "write" : "read", empires[i]);
    });
    REQUIRE(failed.size() == 4);
    CHECK(!failed[0]);
    CHECK(!failed[1]);
    REQUIRE(failed[2]);
    CHECK(what(failed[2]).find("jobs.lua:") != std::string::npos);
    CHECK(!failed[3]);
    CHECK_FALSE(rt.read_only());
    const PlaceCode first = test::owned_by(st, empires[2]).at(0);
    CHECK(test::hold_name(st, first) != "Taken");
    CHECK(call_job(rt, "write", empires[2]) == "written");
    CHECK(test::hold_name(st, first) == "Taken");
}

TEST_CASE("shared calls keep each job's failure by index and run without jobs", "[lua][threads]") {
    GameState st = standard_game();
    Runtime rt(jobs_pack(), st);
    CHECK(share_calls(rt, 0, [](Runtime&, std::size_t) {}).empty());
    std::vector<std::exception_ptr> failed = share_calls(rt, 7, [](Runtime&, std::size_t i) {
        if (i % 3 == 1) throw std::runtime_error("job " + std::to_string(i));
    });
    for (std::size_t i = 0; i < failed.size(); ++i) {
        INFO(i);
        if (i % 3 == 1) {
            REQUIRE(failed[i]);
            CHECK(what(failed[i]) == "job " + std::to_string(i));
        } else {
            CHECK(!failed[i]);
        }
    }
    // A job maker runs once per runtime, on that runtime.
    std::vector<const Runtime*> made;
    std::mutex mutex;
    std::vector<const Runtime*> ran_on(6);
    share_calls(rt, 6, [&](Runtime& on) -> SharedJob {
        {
            std::lock_guard<std::mutex> lock(mutex);
            made.push_back(&on);
        }
        return [&](Runtime& r, std::size_t i) { ran_on[i] = &r; };
    });
    CHECK(made.size() <= 2);
    for (const Runtime* r : ran_on)
        CHECK(std::find(made.begin(), made.end(), r) != made.end());
}

TEST_CASE("a side runtime kept for several rounds sees the state as changed between them",
          "[lua][threads]") {
    GameState st = standard_game();
    Runtime rt(jobs_pack(), st);
    SideRuntime side(jobs_pack(), st);
    const std::vector<std::string> empires = st.empire_codes();
    auto round = [&] {
        std::vector<std::string> out(empires.size());
        std::vector<std::exception_ptr> failed =
            side.share(rt, empires.size(), [&](Runtime&) -> SharedJob {
                return
                    [&](Runtime& on, std::size_t i) { out[i] = call_job(on, "read", empires[i]); };
            });
        for (const std::exception_ptr& f : failed)
            CHECK(!f);
        return out;
    };
    std::vector<std::string> first = round();
    // Between rounds the caller changes the state: every system of the first empire is lost.
    for (PlaceCode code : test::owned_by(st, empires[0]))
        test::set_hold(st, code, "owner", Value(std::string(empires[1])));
    std::vector<std::string> second = round();
    CHECK(second[0].rfind(empires[0] + " owns 0 draws ", 0) == 0);
    for (std::size_t i = 2; i < empires.size(); ++i)
        CHECK(second[i] == first[i]);
    CHECK(second[1] != first[1]);
}

TEST_CASE("a job that fails last, after the caller's runtime has run out of jobs, is kept",
          "[lua][threads]") {
    GameState st = standard_game();
    Runtime rt(jobs_pack(), st);
    SideRuntime side(jobs_pack(), st);
    for (int round = 0; round < 3; ++round) {
        std::vector<std::exception_ptr> failed = side.share(rt, 2, [&](Runtime&) -> SharedJob {
            return [](Runtime&, std::size_t i) {
                if (i == 0) return;
                std::this_thread::sleep_for(std::chrono::milliseconds(30));
                throw std::runtime_error("late failure");
            };
        });
        REQUIRE(failed.size() == 2);
        CHECK(!failed[0]);
        REQUIRE(failed[1]);
        CHECK(what(failed[1]) == "late failure");
    }
}
