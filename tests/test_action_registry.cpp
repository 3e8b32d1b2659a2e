// The actions of the standard pack as their Lua files declare them: all 36 actions of the
// rulebook (table 9.3 and section 7) in their 41 formats.

#include <catch2/catch.hpp>

#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

ActionRegistry standard_actions() {
    GameState st;
    Runtime rt(test::starchase(), st);
    Diagnostics d;
    ActionRegistry reg = ActionRegistry::load(rt, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    return reg;
}

std::string boxes(const ActionFormat& f) {
    auto one = [](const BoxSpec& b) {
        return std::string(box_type_name(b.type)) + (b.optional ? "?" : "");
    };
    return one(f.from) + " " + one(f.to) + " " + one(f.number);
}

}  // namespace

TEST_CASE("the standard pack declares the 36 actions of the rulebook in 41 formats", "[actions]") {
    ActionRegistry reg = standard_actions();
    const char* names[] = {"AMBUSH", "ASSAULT",  "BASE",    "BOMBARD", "BUILD",  "BUSTER",
                           "CASH",   "COLONISE", "DEEP",    "DEFEND",  "DISTSQ", "FIND",
                           "GIFT",   "GROW",     "HOME",    "KILL",    "LAYUP",  "LINK",
                           "MOVE",   "MOVEF",    "MOVECOL", "NEWCOL",  "NEWCRS", "NEWFTR",
                           "ORDER",  "RECOVER",  "RESERVE", "RETREAT", "SCRAPC", "SCRAPF",
                           "SEND",   "STASH",    "TAKE",    "TAX",     "TECH",   "TRADE"};
    CHECK(reg.all().size() == 36);
    for (const char* n : names) {
        INFO(n);
        REQUIRE(reg.find(n));
        CHECK_FALSE(reg.find(n)->rule.empty());
        CHECK_FALSE(reg.find(n)->summary.empty());
    }
    CHECK(reg.format_count() == 41);
    CHECK(reg.find("move") == reg.find("MOVE"));
    CHECK(reg.find("WARP") == nullptr);
}

TEST_CASE("box types follow table 9.3", "[actions]") {
    ActionRegistry reg = standard_actions();
    CHECK(boxes(reg.find("MOVE")->formats[0]) == "system system count");
    CHECK(boxes(reg.find("DEEP")->formats[0]) == "system system count");
    CHECK(boxes(reg.find("GIFT")->formats[0]) == "none empire amount");
    CHECK(boxes(reg.find("RECOVER")->formats[0]) == "none none count");
    CHECK(boxes(reg.find("NEWCRS")->formats[0]) == "system? none amount");
    CHECK(boxes(reg.find("BASE")->formats[0]) == "system? none none");
    CHECK(boxes(reg.find("TAX")->formats[0]) == "none none none");
    REQUIRE(reg.find("FIND")->formats.size() == 3);
    CHECK(boxes(reg.find("FIND")->formats[0]) == "none empire none");
    CHECK(boxes(reg.find("FIND")->formats[1]) == "system none none");
    CHECK(boxes(reg.find("FIND")->formats[2]) == "system empire none");
    REQUIRE(reg.find("COLONISE")->formats.size() == 2);
    CHECK(boxes(reg.find("COLONISE")->formats[1]) == "system system none");
    REQUIRE(reg.find("TECH")->formats.size() == 2);
    CHECK(boxes(reg.find("TECH")->formats[1]) == "tech none level");
    REQUIRE(reg.find("TRADE")->formats.size() == 2);
    CHECK(boxes(reg.find("TRADE")->formats[1]) == "tech empire level");
    CHECK(boxes(reg.find("TAKE")->formats[0]) == "tech empire none");
    CHECK(reg.find("TAKE")->once_per_turn);
    CHECK(reg.find("LAYUP")->exclusive_with == std::vector<std::string>{"RESERVE"});
    CHECK(reg.find("RESERVE")->exclusive_with == std::vector<std::string>{"LAYUP"});
    CHECK(reg.find("STASH")->formats[0].blank_number_in_last_slot);
    CHECK(reg.find("ORDER")->formats[0].blank_number_in_last_slot);
    CHECK_FALSE(reg.find("GIFT")->formats[0].blank_number_in_last_slot);
}
