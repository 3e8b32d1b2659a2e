// push_turn_record (lua/lua_json.hpp): the turn's record handed to report scripts as the same
// Lua table that pushing its JSON made.

#include <catch2/catch.hpp>

#include "core/turn_record.hpp"
#include "lua/host.hpp"
#include "lua/lua_json.hpp"

using namespace hl;
using json = nlohmann::ordered_json;

TEST_CASE("a turn's record reaches Lua as its JSON would", "[lua][record]") {
    TurnRecord rec;
    rec.turn = 7;
    rec.order_of_play = {"BEL", "ARC"};
    rec.no_orders = {"CYG"};
    rec.computer_orders = {{"BEL", "expand"}, {"ARC", "defend"}};
    ActionResult a;
    a.round = "action";
    a.slot = 3;
    a.empire = "ARC";
    a.line = 12;
    a.action = "MOVE";
    a.text = "3 MOVE 2 C 101 102";
    a.ok = false;
    a.reason = "no such link";
    a.spent = 40;
    a.details = json::parse(R"({"rounds": [{"hits": 2, "odds": 0.5}], "won": true})");
    a.notes = {"a note"};
    a.events = {{"BEL", "seen"}, {"CYG", "heard"}};
    rec.actions = {a, ActionResult{}};
    rec.notes = {PhaseNote{"research", "ARC", "gained", json::parse(R"({"level": 2})")}};
    rec.messages = {MessageRecord{"ARC", "ALL", "hello"}};

    LuaHost host;
    lua_State* L = host.L();
    push_turn_record(L, rec);
    push_json(L, turn_record_to_json(rec));
    const json direct = lua_to_json(L, -2);
    const json via_json = lua_to_json(L, -1);
    CHECK(direct == via_json);
    CHECK(direct.at("turn") == 7);
    CHECK(direct.at("actions").at(0).at("details").at("rounds").at(0).at("odds") == 0.5);
    CHECK(direct.at("computer_orders").at("ARC") == "defend");
    // Empty lists and tables are empty tables either way (lua_to_json reads them as {}).
    CHECK(direct.at("late_orders") == json::object());
    CHECK(direct.at("actions").at(1).at("events") == json::object());
    lua_settop(L, 0);
}
