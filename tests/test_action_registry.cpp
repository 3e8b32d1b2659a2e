// The actions of the standard pack as their Lua files declare them (rules/starchase/lib/
// actions.lua reads the declarations): all 36 actions of the rulebook (table 9.3 and section 7)
// in their 41 formats.

#include <catch2/catch.hpp>

#include "lua/runtime.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Evaluates `code` with A = the standard pack's action registry; returns its result as text.
std::string actions(const std::string& code) {
    static GameState st = GameState::with_schema(test::starchase().schema());
    static Runtime rt(test::starchase(), st);
    return test::eval_lua(rt.host(),
                          "local A = import('lib/actions')\n"
                          "local function boxes(f)\n"
                          "  local out = {}\n"
                          "  for i, k in ipairs(A.BOXES) do\n"
                          "    out[i] = f[k].type .. (f[k].optional and '?' or '')\n"
                          "  end\n"
                          "  return table.concat(out, ' ')\n"
                          "end\n"
                          "local _ = boxes\n" +
                              code,
                          "test.lua");
}

}  // namespace

TEST_CASE("the standard pack declares the 36 actions of the rulebook in 41 formats", "[actions]") {
    CHECK(actions("return table.concat(A.names(), ' ')") ==
          "AMBUSH ASSAULT BASE BOMBARD BUILD BUSTER CASH COLONISE DEEP DEFEND DISTSQ FIND GIFT "
          "GROW HOME KILL LAYUP LINK MOVE MOVECOL MOVEF NEWCOL NEWCRS NEWFTR ORDER RECOVER "
          "RESERVE RETREAT SCRAPC SCRAPF SEND STASH TAKE TAX TECH TRADE");
    CHECK(actions("return #A.names()") == "36");
    CHECK(actions("for _, n in ipairs(A.names()) do\n"
                  "  local d = A.find(n)\n"
                  "  if d.rule == '' or d.summary == '' then return n end\n"
                  "end\n"
                  "return 'all have a rule and a summary'") == "all have a rule and a summary");
    CHECK(actions("return A.format_count()") == "41");
    CHECK(actions("return A.find('WARP') == nil") == "true");
    CHECK(actions("return #A.problems()") == "0");
}

TEST_CASE("box types follow table 9.3", "[actions]") {
    auto b = [](const std::string& name, int i) {
        return actions("return boxes(A.find('" + name + "').formats[" + std::to_string(i) + "])");
    };
    CHECK(b("MOVE", 1) == "system system count");
    CHECK(b("DEEP", 1) == "system system count");
    CHECK(b("GIFT", 1) == "none empire amount");
    CHECK(b("RECOVER", 1) == "none none count");
    CHECK(b("NEWCRS", 1) == "system? none amount");
    CHECK(b("BASE", 1) == "system? none none");
    CHECK(b("TAX", 1) == "none none none");
    CHECK(actions("return #A.find('FIND').formats") == "3");
    CHECK(b("FIND", 1) == "none empire none");
    CHECK(b("FIND", 2) == "system none none");
    CHECK(b("FIND", 3) == "system empire none");
    CHECK(actions("return #A.find('COLONISE').formats") == "2");
    CHECK(b("COLONISE", 2) == "system system none");
    CHECK(actions("return #A.find('TECH').formats") == "2");
    CHECK(b("TECH", 2) == "tech none level");
    CHECK(actions("return #A.find('TRADE').formats") == "2");
    CHECK(b("TRADE", 2) == "tech empire level");
    CHECK(b("TAKE", 1) == "tech empire none");
    CHECK(actions("return A.find('TAKE').once_per_turn") == "true");
    CHECK(actions("return table.concat(A.find('LAYUP').exclusive_with, ' ')") == "RESERVE");
    CHECK(actions("return table.concat(A.find('RESERVE').exclusive_with, ' ')") == "LAYUP RECOVER");
    CHECK(actions("return table.concat(A.find('RECOVER').exclusive_with, ' ')") == "RESERVE");
    CHECK(actions("return A.find('STASH').formats[1].blank_number_in_last_slot") == "true");
    CHECK(actions("return A.find('ORDER').formats[1].blank_number_in_last_slot") == "true");
    CHECK(actions("return A.find('GIFT').formats[1].blank_number_in_last_slot") == "false");
    CHECK(actions("return A.usage_all(A.find('FIND'))") ==
          "FIND - EMP (whose active probe) or FIND SYS (any probe in this system) or FIND SYS EMP "
          "(this empire's probe in this system)");
}
