// The state as pack scripts see it (lua/api_state.cpp): the generic functions over the pack's
// schema, the per-kind functions, and the standard pack's shortcuts in lib/st.lua. Every change
// is checked, all or none, and a refused one names kind.field.

#include <catch2/catch.hpp>

#include "lua/runtime.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// A standard-game state with places 101 (a yellow dwarf), its planet 111 and 102, and the
// empires ARC and CYG, bound to the standard pack's scripts.
struct LuaState {
    GameState st;
    std::unique_ptr<Runtime> rt;
    LuaState() : st(test::starchase_state()) {
        st.galaxy.add_place(101, "yellow", {0, 0});
        st.galaxy.add_inner(111, "planet", 101);
        st.galaxy.add_place(102, "red", {1, 0});
        st.galaxy.add_link(101, 102);
        st.add_empire(Empire{"ARC", "Arcturans", "Ann", "", false});
        st.add_empire(Empire{"CYG", "Cygnians", "", "", false});
        st.order_of_play = {"CYG", "ARC"};
        rt = std::make_unique<Runtime>(test::starchase(), st);
    }
    // Runs a chunk; its result as text, or "ERROR: message".
    std::string eval(const std::string& code) {
        return test::eval_lua(rt->host(), code, "rules/test/state.lua");
    }
};

}  // namespace

TEST_CASE("scripts read records as copies, with initial values where none exists", "[lua][state]") {
    LuaState l;
    test::set_hold(l.st, 101, "cruisers", std::int64_t{7});
    test::set_hold(l.st, 101, "owner", "ARC");
    CHECK(l.eval("return state.value('holding', 101, 'cruisers')") == "7");
    CHECK(l.eval("return state.get('holding', 101).owner") == "ARC");
    CHECK(l.eval("return state.holding(101).mode") == "retreat");
    CHECK(l.eval("return state.holding(102).owner == nil and state.holding(102).retreat == nil") ==
          "true");
    CHECK(l.eval("return state.holding(102).name == nil") == "true");  // an empty text is nil
    CHECK(l.eval("return state.holding(101).ever_owned") == "false");
    // A copy: changing it changes nothing.
    CHECK(l.eval("local h = state.holding(101); h.cruisers = 99; return state.holding(101)"
                 ".cruisers") == "7");
    // Empire records carry the identity; collection records their id.
    CHECK(l.eval("local e = state.empire('ARC'); return e.code .. ' ' .. e.name .. ' ' .. "
                 "e.player .. ' ' .. tostring(e.computer) .. ' ' .. e.treasury") ==
          "ARC Arcturans Ann false 0");
    CHECK(l.eval("return state.empire('ARC').secret == nil") == "true");
    CHECK(l.eval("return state.empire('ARC').techs.PT") == "1");
    CHECK(l.eval("return state.game().next_census") == "0");
    CHECK(l.eval("return #state.game().census_turns") == "0");
    CHECK(l.eval("return #state.sight('CYG').seen") == "0");
    // The game's facts.
    CHECK(l.eval("return state.turn()") == "0");
    CHECK(l.eval("return table.concat(state.empires(), ' ')") == "ARC CYG");
    CHECK(l.eval("return table.concat(state.order(), ' ')") == "CYG ARC");
}

TEST_CASE("state.<kind>(id) gives the very record state.get gives", "[lua][state]") {
    // The per-kind functions build records through a Lua table constructor, state.get through
    // the C API: the same keys and values for every scope.
    LuaState l;
    test::set_hold(l.st, 101, "cruisers", std::int64_t{7});
    test::set_hold(l.st, 101, "owner", "ARC");
    CHECK(l.eval("return state.create('probe', {empire = 'ARC', system = 101, active = true})") ==
          "1");
    const std::string same = R"LUA(
local function same(a, b)
  if type(a) ~= 'table' or type(b) ~= 'table' then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k, v in pairs(b) do if not same(v, a[k]) then return false end end
  return true
end
local n = 0
for _, c in ipairs({{'holding', 101}, {'holding', 102}, {'holding', 111}, {'empire', 'ARC'},
                    {'empire', 'CYG'}, {'sight', 'ARC'}, {'probe', 1}, {'game'}}) do
  local kind, id = c[1], c[2]
  local a = id == nil and state[kind]() or state[kind](id)
  local b = state.get(kind, id)
  if not same(a, b) then return 'differs: ' .. kind .. ' ' .. tostring(id) end
  for _ in pairs(a) do n = n + 1 end
end
return n
)LUA";
    std::string n = l.eval(same);
    INFO(n);
    CHECK(n.find("differs") == std::string::npos);
    CHECK(n.find("ERROR") == std::string::npos);
}

TEST_CASE("set changes the named fields, all or none", "[lua][state]") {
    LuaState l;
    CHECK(l.eval("state.set('holding', 101, {cruisers = 5, owner = 'ARC', mode = 'ambush', "
                 "ambush = 102, name = 'Home'})") == "");
    CHECK(test::hold(l.st, 101, "cruisers") == 5);
    CHECK(test::owner(l.st, 101) == "ARC");
    CHECK(test::mode(l.st, 101) == "ambush");
    CHECK(test::hold_place(l.st, 101, "ambush") == 102);
    CHECK(test::hold_name(l.st, 101) == "Home");
    // One bad value: nothing changes, and the error names kind.field.
    CHECK_THAT(l.eval("state.set('holding', 101, {cruisers = 6, owner = 'BEL'})"),
               Catch::Contains("holding.owner: no empire 'BEL' in this game"));
    CHECK(test::hold(l.st, 101, "cruisers") == 5);
    CHECK(test::owner(l.st, 101) == "ARC");
    CHECK_THAT(l.eval("state.set_holding(101, {cruisers = -1})"),
               Catch::Contains("holding.cruisers: -1 is outside 0..100000000"));
    CHECK_THAT(l.eval("state.set_holding(101, {cruisers = 'many'})"),
               Catch::Contains("holding.cruisers: expected a whole number"));
    CHECK_THAT(l.eval("state.set_holding(101, {cruisers = 1.5})"),
               Catch::Contains("holding.cruisers: expected a whole number"));
    CHECK_THAT(l.eval("state.set_holding(101, {mode = 'charge'})"),
               Catch::Contains("holding.mode: expected one of retreat, defend, ambush"));
    CHECK_THAT(l.eval("state.set_holding(101, {ever_owned = 1})"),
               Catch::Contains("holding.ever_owned: expected true or false"));
    CHECK_THAT(l.eval("state.set_holding(101, {retreat = 103})"),
               Catch::Contains("holding.retreat: no place 103 on the map"));
    CHECK_THAT(l.eval("state.set_holding(101, {name = 'A name much too long'})"),
               Catch::Contains("holding.name: longer than 15 characters"));
    CHECK_THAT(l.eval("state.set_holding(101, {colour = 'red'})"),
               Catch::Contains("set holding: 'colour' is not a field of holding (schema.toml)"));
    CHECK_THAT(l.eval("state.set_probe(1, {active = true})"), Catch::Contains("no probe 1"));
    CHECK(test::hold(l.st, 101, "cruisers") == 5);
    // false (or nil) clears an optional value or a text.
    CHECK(l.eval("state.set_holding(101, {ambush = false, owner = false, name = false})") == "");
    CHECK_FALSE(test::hold_place(l.st, 101, "ambush"));
    CHECK(test::owner(l.st, 101).empty());
    CHECK(test::hold_name(l.st, 101).empty());
    CHECK_THAT(l.eval("state.set_probe(state.create('probe', {empire = 'ARC', system = 101}), "
                      "{empire = false})"),
               Catch::Contains("probe.empire: an empire code is needed"));
    // Sets come back sorted without repeats; lists keep their order.
    CHECK(l.eval("state.set_sight('ARC', {seen = {111, 101, 111}})") == "");
    CHECK(test::sight(l.st, "ARC", "seen") == std::vector<PlaceCode>{101, 111});
    CHECK(l.eval("state.set_game{census_turns = {6, 3}, next_census = 9}") == "");
    CHECK(test::census_turns(l.st) == IntList{6, 3});
    CHECK(test::game(l.st, "next_census") == 9);
    CHECK(l.eval("state.set('game', {warning_turn = 2})") == "");
    CHECK(test::game(l.st, "warning_turn") == 2);
    CHECK_THAT(l.eval("state.set_game{winner = 'BEL'}"),
               Catch::Contains("game.winner: no empire 'BEL' in this game"));
    // An empire's computer flag is part of its identity but may be set with its fields.
    CHECK(l.eval("state.set_empire('CYG', {computer = true, treasury = 12})") == "");
    CHECK(l.st.find_empire("CYG")->computer);
    CHECK(test::emp(l.st, "CYG", "treasury") == 12);
    CHECK_THAT(l.eval("state.set_empire('CYG', {name = 'Other'})"),
               Catch::Contains("'name' is not a field of empire"));
    CHECK_THAT(l.eval("state.set_empire('CYG', {contact = {EMAIL = 5}})"),
               Catch::Contains("empire.contact: expected a string"));
}

TEST_CASE("entries of map fields are read and set one by one", "[lua][state]") {
    LuaState l;
    CHECK(l.eval("return state.entry('empire', 'ARC', 'techs', 'PT')") == "1");
    CHECK(l.eval("return state.entry('empire', 'ARC', 'contact', 'EMAIL') == nil") == "true");
    CHECK(l.eval("state.set_entry('empire', 'ARC', 'techs', 'PT', 4)") == "");
    CHECK(test::tech(l.st, "ARC", "PT") == 4);
    CHECK(test::tech(l.st, "CYG", "PT") == 1);
    CHECK_THAT(l.eval("state.set_entry('empire', 'ARC', 'techs', 'PT', 10)"),
               Catch::Contains("empire.techs: PT: 10 is outside 0..9"));
    CHECK_THAT(l.eval("state.set_entry('empire', 'ARC', 'techs', 'XX', 1)"),
               Catch::Contains("empire.techs: XX: not one of the codes of techs"));
    CHECK_THAT(l.eval("state.set_entry('empire', 'ARC', 'techs', 'WT', 'two')"),
               Catch::Contains("empire.techs: expected a whole number"));
    CHECK(test::tech(l.st, "ARC", "PT") == 4);
    CHECK(l.eval("state.set_entry('empire', 'ARC', 'contact', 'EMAIL', 'a@b.example')") == "");
    CHECK(l.eval("return state.entry('empire', 'ARC', 'contact', 'EMAIL')") == "a@b.example");
    CHECK(l.eval("state.set_entry('empire', 'ARC', 'contact', 'EMAIL', nil)") == "");
    CHECK(l.eval("return next(state.empire('ARC').contact) == nil") == "true");
    CHECK_THAT(l.eval("return state.entry('holding', 101, 'cruisers', 'x')"),
               Catch::Contains("holding.cruisers is not a map"));
    CHECK_THAT(l.eval("state.set_entry('holding', 101, 'owner', 'x', 1)"),
               Catch::Contains("holding.owner is not a map"));
    CHECK_THAT(l.eval("return state.value('holding', 101, 'colour')"),
               Catch::Contains("holding has no field 'colour'"));
}

TEST_CASE("find, ids, create and delete", "[lua][state]") {
    LuaState l;
    test::set_hold(l.st, 102, "owner", "ARC");
    test::set_hold(l.st, 111, "owner", "ARC");
    test::set_hold(l.st, 101, "owner", "CYG");
    CHECK(l.eval("return table.concat(state.find('holding', 'owner', 'ARC'), ' ')") == "102 111");
    CHECK(l.eval("return #state.find('holding', 'owner', 'DEN')") == "0");
    CHECK(l.eval("return table.concat(state.ids('holding'), ' ')") == "101 102 111");
    CHECK(l.eval("return table.concat(state.ids('empire'), ' ')") == "ARC CYG");
    CHECK(l.eval("return table.concat(state.ids('sight'), ' ')") == "ARC CYG");
    CHECK_THAT(l.eval("return state.find('sight', 'seen', 101)"),
               Catch::Contains("sight.seen is not a single value"));
    CHECK_THAT(l.eval("return state.find('holding', 'mode', 'charge')"),
               Catch::Contains("holding.mode: expected one of retreat, defend, ambush"));
    CHECK(l.eval("return #state.find('holding', 'mode', 'retreat')") == "3");

    // Collections: ids 1, 2, ...; a refused create leaves nothing behind.
    CHECK(l.eval("return state.create('probe', {empire = 'ARC', system = 101, active = true})") ==
          "1");
    CHECK(l.eval("return state.create('probe', {empire = 'CYG', system = 102})") == "2");
    CHECK_THAT(l.eval("return state.create('probe', {empire = 'BEL', system = 101})"),
               Catch::Contains("probe.empire: no empire 'BEL' in this game"));
    CHECK(l.eval("return table.concat(state.ids('probe'), ' ')") == "1 2");
    CHECK(test::probes(l.st) ==
          std::vector<test::ProbeView>{{"ARC", 101, true}, {"CYG", 102, false}});
    CHECK(l.eval("local p = state.probe(2); return p.id .. p.empire .. p.system") == "2CYG102");
    CHECK(l.eval("return table.concat(state.find('probe', 'empire', 'CYG'), ' ')") == "2");
    CHECK_THAT(l.eval("return state.create('holding', {})"),
               Catch::Contains("holding is not a collection"));
    CHECK(l.eval("state.delete('probe', 1)") == "");
    CHECK(l.eval("return table.concat(state.ids('probe'), ' ')") == "2");
    CHECK_THAT(l.eval("return state.probe(1)"), Catch::Contains("no probe 1"));
    CHECK_THAT(l.eval("state.delete('probe', 1)"), Catch::Contains("no probe 1"));
    CHECK_THAT(l.eval("state.delete('empire', 'ARC')"),
               Catch::Contains("empire records cannot be deleted"));
    // Deleting a place's record resets the place.
    CHECK(l.eval("state.delete('holding', 102)") == "");
    CHECK(test::owner(l.st, 102).empty());
    CHECK(l.eval("return table.concat(state.ids('holding'), ' ')") == "101 111");
}

TEST_CASE("bad kinds, ids and arguments are named in the error", "[lua][state]") {
    LuaState l;
    CHECK_THAT(l.eval("return state.get('fleet', 1)"),
               Catch::Contains("no record kind 'fleet' in the pack's schema"));
    CHECK_THAT(l.eval("return state.holding(999)"), Catch::Contains("no place 999 on the map"));
    CHECK_THAT(l.eval("return state.holding('101')"),
               Catch::Contains("holding: expected a place code"));
    CHECK_THAT(l.eval("return state.empire('BEL')"),
               Catch::Contains("no empire 'BEL' in this game"));
    CHECK_THAT(l.eval("return state.sight(1)"), Catch::Contains("sight: expected an empire code"));
    CHECK_THAT(l.eval("state.set_order({'ARC'})"),
               Catch::Contains("order of play must name every empire exactly once"));
    CHECK(l.eval("state.set_order({'ARC', 'CYG'})") == "");
    CHECK(l.st.order_of_play == std::vector<std::string>{"ARC", "CYG"});
    // The error points at the script's line.
    std::optional<LuaError> err;
    test::eval_lua(l.rt->host(), "\n\nstate.set_holding(101, {cruisers = -1})",
                   "rules/test/state.lua", &err);
    REQUIRE(err);
    CHECK(err->chunk == "rules/test/state.lua");
    CHECK(err->line == 3);
}

TEST_CASE("the standard pack's shortcuts in lib/st.lua", "[lua][state]") {
    LuaState l;
    const char* st = "local st = import('lib/st') ";
    CHECK(l.eval(std::string(st) + "return st.tech('ARC', 'PT')") == "1");
    CHECK(l.eval(std::string(st) + "return st.tech('ARC', 'WT')") == "0");
    CHECK(l.eval(std::string(st) + "st.set_tech('ARC', 'WT', 3) return st.techs('ARC').WT") == "3");
    CHECK(test::tech(l.st, "ARC", "WT") == 3);
    test::set_hold(l.st, 111, "owner", "ARC");
    test::set_hold(l.st, 102, "owner", "ARC");
    CHECK(l.eval(std::string(st) + "return table.concat(st.owned('ARC'), ' ')") == "102 111");
    // Probes: the active one first, then by system; set_probes keeps ids where it can.
    CHECK(
        l.eval(std::string(st) +
               "st.set_probes('ARC', {{system = 111, active = false}, {system = 101, active = "
               "true}}) st.set_probes('CYG', {{system = 102, active = true}}) "
               "local out = {} for _, p in ipairs(st.probes('ARC')) do out[#out + 1] = p.id .. "
               "':' .. p.system .. ':' .. tostring(p.active) end return table.concat(out, ' ')") ==
        "2:101:true 1:111:false");
    CHECK(l.eval(std::string(st) + "return #st.probes()") == "3");
    CHECK(l.eval(std::string(st) + "st.set_probes('ARC', {{system = 102, active = true}}) "
                                   "return table.concat(state.ids('probe'), ' ')") == "1 3");
    CHECK(test::probes(l.st) ==
          std::vector<test::ProbeView>{{"ARC", 102, true}, {"CYG", 102, true}});
    CHECK(l.eval(std::string(st) + "st.set_sight('CYG', 'explored', {102, 101}) "
                                   "return table.concat(st.sight('CYG', 'explored'), ' ')") ==
          "101 102");
}

TEST_CASE("an entry of a map of choices reads as its word, as in the whole record",
          "[lua][state]") {
    // rules/cosmos declares empire.policy as a map of choice (neutral, ally, enemy): state.entry
    // gives the word, like state.get, not the choice's index.
    GameState st = GameState::with_schema(test::cosmos().schema());
    st.add_empire(Empire{"1", "One", "", "", false});
    st.add_empire(Empire{"2", "Two", "", "", false});
    st.order_of_play = {"1", "2"};
    Runtime rt(test::cosmos(), st);
    auto eval = [&](const std::string& code) {
        return test::eval_lua(rt.host(), code, "rules/test/state.lua");
    };
    CHECK(eval("state.set_entry('empire', '1', 'policy', '2', 'enemy')") == "");
    CHECK(eval("return state.entry('empire', '1', 'policy', '2')") == "enemy");
    CHECK(eval("return state.empire('1').policy['2']") == "enemy");
    CHECK(eval("return state.entry('empire', '1', 'policy', '1') == nil") == "true");
}
