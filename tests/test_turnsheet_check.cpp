// The turnsheet checker against a fixed game (tests/data/scenarios/turnsheets.toml): every
// error and warning of the engine and of the standard pack's action checks, with its exact
// message and line.

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

const std::string kHeader = "EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\n";

// The test game as created: ARC has seen every system but the black star 106 (too dim, and
// linked to no system it owns or scouts).
const LoadedGame& created_game() {
    static const LoadedGame g = load_game(
        GameDir(test::make_game(test::data_dir() / "scenarios" / "turnsheets.toml", "check")));
    return g;
}

// The test game with 106 in ARC's report too (seen on an earlier turn), so that the checks can
// be tried on every system of the map.
const LoadedGame& base_game() {
    static const LoadedGame g = [] {
        LoadedGame out = created_game();
        IntList seen;
        for (PlaceCode c : test::sight(out.state, "ARC", "seen"))
            seen.push_back(c);
        seen.push_back(106);
        std::sort(seen.begin(), seen.end());
        test::set_field(out.state, "sight", out.state.empire_index("ARC"), "seen", seen);
        return out;
    }();
    return g;
}

// The test game with a change to its state.
LoadedGame game_with(const std::function<void(GameState&)>& change) {
    LoadedGame g = base_game();
    change(g.state);
    return g;
}

// The findings for a sheet of ARC's header and some lines (the first is line 4).
std::string check(const std::string& lines, const LoadedGame& g = base_game()) {
    return check_sheet(kHeader + lines, "t.txt", g).findings.to_string();
}

// The findings for a whole sheet.
std::string check_all(const std::string& sheet, const LoadedGame& g = base_game()) {
    return check_sheet(sheet, "t.txt", g).findings.to_string();
}

struct Case {
    const char* lines;
    const char* findings;
};

void run_cases(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        INFO(c.lines);
        CHECK(check(c.lines) == c.findings);
    }
}

}  // namespace

TEST_CASE("a good sheet has no findings", "[turnsheet][check]") {
    SheetCheck c = check_sheet(kHeader +
                                   "MOVE 101 102 3\n"
                                   "NEWCRS - - 1\n"
                                   "COLONISE 101 104\n"
                                   "TECH PT\n"
                                   "TRADE PT BEL\n"
                                   "TAKE AT BEL\n"
                                   "LINK 104 107 # warning: HT\n",
                               "t.txt", base_game());
    CHECK(c.findings.to_string() ==
          "t.txt:10:10: warning: LINK WHERE TO 107: the squared distance is 2, but your hyper tech "
          "HT is "
          "1\n");
    CHECK(c.ok());
    CHECK(c.next_turn == 1);
    CHECK_FALSE(c.late);
}

TEST_CASE("header: empire, secret and turn", "[turnsheet][check]") {
    CHECK(check_all("EMPIRE ZZZ\nSECRET X\nTURN 1\n") ==
          "t.txt:1:8: error: EMPIRE ZZZ: no such empire in this game\n");
    CHECK(check_all("EMPIRE CAS\nSECRET X\nTURN 1\n") ==
          "t.txt:2:8: error: SECRET: wrong secret for empire CAS\n");
    CHECK(check_all("TURN 1\nSECRET opensesame\nEMPIRE arc\n") ==
          "t.txt:2:8: error: SECRET: wrong secret for empire ARC\n");
    CHECK(check_all("EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n").empty());
    LoadedGame gone =
        game_with([](GameState& st) { test::set_emp(st, "BEL", "eliminated", std::int64_t{1}); });
    CHECK(check_all("EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n", gone) ==
          "t.txt:1:8: error: EMPIRE BEL: this empire has been eliminated\n");
    CHECK(check_all("EMPIRE ARC\nSECRET OPENSESAME\nTURN 2\n") ==
          "t.txt:3:6: error: TURN 2: the game's next turn is 1; orders for later turns are not "
          "taken yet\n");
    LoadedGame later = game_with([](GameState& st) { st.turn = 4; });
    SheetCheck late = check_sheet("EMPIRE ARC\nSECRET OPENSESAME\nTURN 4\n", "t.txt", later);
    CHECK(late.findings.to_string() ==
          "t.txt:3:6: warning: TURN 4: the game's next turn is 5: this sheet is late and is "
          "kept as late orders, used for turn 5 only if no sheet for turn 5 arrives\n");
    CHECK(late.ok());
    CHECK(late.late);
    CHECK(late.next_turn == 5);
    // Late orders are for the next turn only (RULINGS.md "Missed and late orders"): a sheet
    // for any earlier turn is refused.
    for (const char* turn : {"3", "1"}) {
        SheetCheck old = check_sheet(
            std::string("EMPIRE ARC\nSECRET OPENSESAME\nTURN ") + turn + "\n", "t.txt", later);
        CHECK(old.findings.to_string() ==
              fmt::format("t.txt:3:6: error: TURN {0}: the game's next turn is 5: a sheet for turn "
                          "{0} could be used only as late orders for turn {1}, which has been "
                          "run; write a sheet for turn 5\n",
                          turn, std::stoi(turn) + 1));
        CHECK_FALSE(old.ok());
        CHECK_FALSE(old.late);
    }
}

TEST_CASE("probes, names and messages", "[turnsheet][check]") {
    // A probe box's message is shown at its code: box 3 (105) starts at column 15.
    CHECK(check("PROBE 101 102 105\n") ==
          "t.txt:4:15: error: PROBE: 3 system codes, but your probe tech (PT 2) gives 2 probe "
          "boxes\n");
    CHECK(check("PROBE 101 999\n") ==
          "t.txt:4:11: warning: PROBE 999: you have no report of system 999: the box is not "
          "checked, and fails if there is no such system\n");
    CHECK(check("NAME 103 Mine\nNAME 999 Nowhere\n") ==
          "t.txt:4:6: error: NAME 103: you do not own this system\n"
          "t.txt:5:6: error: NAME 999: you do not own this system\n");
    CHECK(check("NAME 107 Outpost\nMESSAGE ALL hi\nMESSAGE bel hi\nMESSAGE PHONE 555\n").empty());
    CHECK(check("MESSAGE ZZZ hello\n") ==
          "t.txt:4:9: error: MESSAGE ZZZ: no such empire in this game\n");
    LoadedGame one_box = game_with([](GameState& st) { test::set_tech(st, "ARC", "PT", 1); });
    CHECK(
        check("PROBE 101 102\n", one_box) ==
        "t.txt:4:11: error: PROBE: 2 system codes, but your probe tech (PT 1) gives 1 probe box\n");
}

TEST_CASE("probe boxes: check agrees with run", "[turnsheet][check]") {
    // Probe boxes run after the action rounds, so a TECH or TAKE of PT anywhere on the sheet
    // raises the number of boxes (rules/starchase/RULINGS.md "How many probe boxes run"):
    // a warning, not an error; more than even that allows is still an error.
    CHECK(check("TECH PT - 3\nPROBE 101 102 103\n") ==
          "t.txt:5:15: warning: PROBE: 3 system codes, but your probe tech (PT 2) gives 2 probe "
          "boxes now; the boxes after box 2 run only if your order in slot 1 raises PT first\n");
    CHECK(check("16 TAKE PT BEL\nPROBE 101 102 103\n") ==
          "t.txt:5:15: warning: PROBE: 3 system codes, but your probe tech (PT 2) gives 2 probe "
          "boxes now; the boxes after box 2 run only if your order in slot 16 raises PT first\n");
    CHECK(check("TECH PT - 3\nPROBE 101 102 103 106\n") ==
          "t.txt:5:19: error: PROBE: 4 system codes, but your probe tech (PT 3) gives 3 probe "
          "boxes\n");
    // Where a box can send a probe: along a link from the active probe, to an inactive probe,
    // a deep jump within JT (101 to 103: 4 <= JT 4), or a new probe in a system the empire
    // owns. 105 is none of these (18 > JT 4 from 101, not ARC's): the box will fail.
    CHECK(check("PROBE 101 103\n").empty());
    CHECK(check("PROBE 101 105\n") ==
          "t.txt:4:11: warning: PROBE 105: no probe of yours can reach 105 (not linked to your "
          "active probe at 101 nor within jump tech (JT 4) of it, and none of your inactive "
          "probes is there), and a new probe starts only in a system you own: this box will "
          "fail\n");
    CHECK(check("PROBE 102\n") ==
          "t.txt:4:7: warning: PROBE 102: no probe of yours can reach 102 (you have no active "
          "probe, and none of your inactive probes is there), and a new probe starts only in a "
          "system you own: this box will fail\n");
    // A system an earlier order may capture, and a link an earlier LINK may build.
    CHECK(check("MOVE 101 102 1\nPROBE 102\n") ==
          "t.txt:5:7: warning: PROBE 102: you do not own 102 now; a new probe can start there "
          "only if your order in slot 1 takes it first\n");
}

TEST_CASE("once per turn and exclusive actions", "[turnsheet][check]") {
    CHECK(check("3 TAKE WT BEL\n1 TAKE AT BEL\n") ==
          "t.txt:4:3: error: TAKE: only one TAKE per turn (another is in slot 1)\n");
    CHECK(check("LAYUP 101 - 1\nRESERVE 101 - 1\n") ==
          "t.txt:5:1: error: RESERVE: RESERVE and LAYUP may not both be used in one turn (LAYUP is "
          "in slot "
          "1)\n"
          "t.txt:5:15: warning: RESERVE NUMBER 1: you have no cruisers in reserve\n");
    CHECK(check("2 LAYUP 101 - 1\n1 RESERVE 101 - 1\n") ==
          "t.txt:4:3: error: LAYUP: LAYUP and RESERVE may not both be used in one turn (RESERVE is "
          "in slot 1)\n"
          "t.txt:5:17: warning: RESERVE NUMBER 1: you have no cruisers in reserve\n");
    // RECOVER puts ships into the reserve too (rule 2.11(a), RULINGS.md "Actions").
    CHECK(check("RECOVER - - 1\nRESERVE 101 - 1\n") ==
          "t.txt:4:13: warning: RECOVER NUMBER 1: your recovery tech RT is 0: RECOVER brings no "
          "cruisers back\n"
          "t.txt:5:1: error: RESERVE: RESERVE and RECOVER may not both be used in one turn "
          "(RECOVER is in slot 1)\n"
          "t.txt:5:15: warning: RESERVE NUMBER 1: you have no cruisers in reserve\n");
    CHECK(check("2 RECOVER - - 1\n1 RESERVE 101 - 1\n") ==
          "t.txt:4:3: error: RECOVER: RECOVER and RESERVE may not both be used in one turn "
          "(RESERVE is in slot 1)\n"
          "t.txt:4:15: warning: RECOVER NUMBER 1: your recovery tech RT is 0: RECOVER brings no "
          "cruisers back\n"
          "t.txt:5:17: warning: RESERVE NUMBER 1: you have no cruisers in reserve\n");
    CHECK(check("LAYUP 101 - 1\nRECOVER - - 1\n") ==
          "t.txt:5:13: warning: RECOVER NUMBER 1: your recovery tech RT is 0: RECOVER brings no "
          "cruisers back\n");
}

TEST_CASE("a system the empire has no report of: the same words whether or not it exists",
          "[turnsheet][check][leaks]") {
    // ARC has never seen 106; there is no 999. Nothing tells them apart: not the order's own
    // check (not run), not its cost (not counted), not a NAME (ARC owns only systems it has
    // seen), not the probe boxes (not followed past it).
    for (const char* code : {"106", "999"}) {
        INFO(code);
        auto with = [code](const char* text) {
            std::string out = text;
            for (std::size_t at; (at = out.find("XXX")) != std::string::npos;)
                out.replace(at, 3, code);
            return out;
        };
        const std::string sheet = with(
            "MOVE 101 XXX 1\nDEEP 104 XXX 0\nLINK XXX 107\nORDER - - 50\nPROBE 101 XXX\n"
            "NAME XXX Far\n");
        CHECK(check(sheet, created_game()) ==
              with("t.txt:4:10: warning: MOVE WHERE TO XXX: you have no report of system XXX: "
                   "the order is not checked, and fails if there is no such system\n"
                   "t.txt:5:10: warning: DEEP WHERE TO XXX: you have no report of system XXX: "
                   "the order is not checked, and fails if there is no such system\n"
                   "t.txt:6:6: warning: LINK WHERE FROM XXX: you have no report of system XXX: "
                   "the order is not checked, and fails if there is no such system\n"
                   "t.txt:8:11: warning: PROBE XXX: you have no report of system XXX: the box is "
                   "not checked, and fails if there is no such system\n"
                   "t.txt:9:6: error: NAME XXX: you do not own this system\n"));
    }
}

TEST_CASE("codes in boxes must exist in the game", "[turnsheet][check]") {
    CHECK(check("MOVE 101 999 1\nGIFT - ZZZ 1\nTECH XX\n") ==
          "t.txt:4:10: warning: MOVE WHERE TO 999: you have no report of system 999: the order is "
          "not checked, and fails if there is no such system\n"
          "t.txt:5:8: error: GIFT WHICH EMPIRE ZZZ: no such empire in this game\n"
          "t.txt:6:6: error: TECH WHICH TECH XX: no such tech (the techs are AT BL BP BT CL DT ET "
          "FT HT "
          "IT JT LS MC PT RS RT ST TR WT)\n");
}

TEST_CASE("moves: ownership, links, planets", "[turnsheet][check][actions]") {
    run_cases({
        {"MOVE 102 103 1\n", "t.txt:4:6: error: MOVE WHERE FROM 102: you do not own this system\n"},
        {"MOVE 101 103 1\n", "t.txt:4:10: error: MOVE WHERE TO 103: not linked to 101\n"},
        {"MOVE 101 101 1\n", "t.txt:4:10: error: MOVE WHERE TO 101: the same system as 101\n"},
        {"MOVE 111 112 1\n",
         "t.txt:4:10: error: MOVE WHERE TO 112: you cannot go straight from one planet or asteroid "
         "belt "
         "to another: go through the star\n"},
        {"MOVE 101 102 1\nMOVE 102 103 1\n",
         "t.txt:5:6: warning: MOVE WHERE FROM 102: you do not own this system now; this works only "
         "if "
         "your order in slot 1 takes it first\n"},
        {"SEND 102 101 1\n", "t.txt:4:6: error: SEND WHERE FROM 102: you do not own this system\n"},
        {"SEND 104 107 1\n", "t.txt:4:10: error: SEND WHERE TO 107: not linked to 104\n"},
        {"SEND 101 102 1\nNEWCRS 102 - 1\n",
         "t.txt:5:8: warning: NEWCRS WHERE 102: you do not own this system now; this works only if "
         "your "
         "order in slot 1 takes it first\n"},
        {"ASSAULT 101 104 1\n",
         "t.txt:4:13: warning: ASSAULT WHERE TO 104: you own this system: an ASSAULT on your own "
         "system "
         "fails\n"},
        {"ASSAULT 104 102 0\n", "t.txt:4:13: error: ASSAULT WHERE TO 102: not linked to 104\n"},
        {"DEEP 101 111 1\n",
         "t.txt:4:10: error: DEEP WHERE TO 111: a DEEP jump cannot end at a planet or asteroid "
         "belt\n"},
        {"DEEP 101 101 1\n", "t.txt:4:10: error: DEEP WHERE TO 101: the same system as 101\n"},
        {"DEEP 101 102 1\n",
         "t.txt:4:10: warning: DEEP WHERE TO 102: linked to 101: a MOVE costs only 1 BP\n"},
        {"DEEP 104 106 1\n", ""},
        {"DEEP 101 106 1\n",
         "t.txt:4:10: warning: DEEP WHERE TO 106: the jump is 8 (squared distance), but your jump "
         "tech "
         "JT is 4\n"},
        {"DEEP 102 107 1\n", "t.txt:4:6: error: DEEP WHERE FROM 102: you do not own this system\n"},
        {"MOVEF 101 102 1\n",
         "t.txt:4:11: error: MOVEF WHERE TO 102: you do not own this system\n"},
        {"MOVEF 101 107 AB-1\n", ""},
        {"MOVECOL 104 107 1\n", "t.txt:4:13: error: MOVECOL WHERE TO 107: not linked to 104\n"},
        {"MOVECOL 103 102 1\n",
         "t.txt:4:9: error: MOVECOL WHERE FROM 103: you do not own this system\n"
         "t.txt:4:13: error: MOVECOL WHERE TO 102: you do not own this system\n"},
    });
    LoadedGame no_ft = game_with([](GameState& st) { test::set_tech(st, "ARC", "FT", 0); });
    CHECK(check("MOVEF 101 104 1\n", no_ft) ==
          "t.txt:4:15: warning: MOVEF NUMBER 1: your fighter tech FT is 0: MOVEF moves no "
          "fighters\n");
}

TEST_CASE("defence settings", "[turnsheet][check][actions]") {
    run_cases({
        {"AMBUSH 102 101\n",
         "t.txt:4:8: error: AMBUSH WHERE FROM 102: you do not own this system\n"},
        {"AMBUSH 101 103\n", "t.txt:4:12: error: AMBUSH WHERE TO 103: not linked to 101\n"},
        {"AMBUSH 101 102\nDEFEND 104\n", ""},
        {"DEFEND 103\n", "t.txt:4:8: error: DEFEND WHERE 103: you do not own this system\n"},
        {"RETREAT 101 102\n",
         "t.txt:4:13: warning: RETREAT WHERE TO 102: you do not own this system now: cruisers "
         "retreat "
         "here only if you own it when the battle comes\n"},
        {"RETREAT 101 103\n",
         "t.txt:4:13: error: RETREAT WHERE TO 103: not linked to 101\n"
         "t.txt:4:13: warning: RETREAT WHERE TO 103: you do not own this system now: cruisers "
         "retreat "
         "here only if you own it when the battle comes\n"},
        {"RETREAT 101 104\n", ""},
    });
}

TEST_CASE("bombs and buster bombs", "[turnsheet][check][actions]") {
    const char* no_bombs =
        "t.txt:4:1: warning: BUSTER: you have no buster bombs left (bomb tech BT 0, 0 used)\n";
    run_cases({
        {"BOMBARD 111 101\n",
         "t.txt:4:9: error: BOMBARD WHERE FROM 111: BOMBARD is fired from a star, not from a "
         "planet or "
         "asteroid belt\n"},
        {"BOMBARD 101 112\n",
         "t.txt:4:13: error: BOMBARD WHERE TO 112: only planets can be bombarded\n"},
        {"BOMBARD 101 113\n",
         "t.txt:4:13: error: BOMBARD WHERE TO 113: not a planet of star 101\n"},
        {"BOMBARD 101 111\n",
         "t.txt:4:13: warning: BOMBARD WHERE TO 111: this is your own planet\n"},
        {"BOMBARD 103 113\n",
         "t.txt:4:9: error: BOMBARD WHERE FROM 103: you do not own this system\n"},
        {"BUSTER 101 102\n", no_bombs},
    });
    CHECK(check("BUSTER 111 101\n") ==
          "t.txt:4:8: error: BUSTER WHERE FROM 111: buster bombs cannot be fired from a planet or "
          "asteroid belt\n" +
              std::string(no_bombs));
    CHECK(
        check("BUSTER 101 112\n") ==
        "t.txt:4:12: error: BUSTER WHERE TO 112: buster bombs have no effect on asteroid belts\n" +
            std::string(no_bombs));
    CHECK(check("BUSTER 101 113\n") ==
          "t.txt:4:12: error: BUSTER WHERE TO 113: not a planet of star 101\n" +
              std::string(no_bombs));
    CHECK(check("BUSTER 101 103\n") ==
          "t.txt:4:12: error: BUSTER WHERE TO 103: not linked to 101: a link buster is fired at a "
          "linked star\n" +
              std::string(no_bombs));
    CHECK(check("BUSTER 101 101\n") ==
          "t.txt:4:12: error: BUSTER WHERE TO 101: the same system as 101\n" +
              std::string(no_bombs));
    CHECK(check("TECH BT\nBUSTER 101 114\n").empty());
}

TEST_CASE("building, growing and colonising", "[turnsheet][check][actions]") {
    run_cases({
        {"BUILD 102 - 1\n", "t.txt:4:7: error: BUILD WHERE 102: you do not own this system\n"},
        {"BUILD 101 - 1\n",
         "t.txt:4:7: warning: BUILD WHERE 101: industry here is already at the limit (5): nothing "
         "will "
         "be built\n"},
        {"GROW 104\n",
         "t.txt:4:6: error: GROW WHERE 104: no population here to grow: plant a colony first "
         "(COLONISE)\n"},
        {"GROW 111\nGROW 111\n",
         "t.txt:5:6: error: GROW WHERE 111: the population here already rises this turn (slot 1): "
         "GROW "
         "works once per system per turn\n"},
        {"GROW 101\n",
         "t.txt:4:6: warning: GROW WHERE 101: the population is already at the limit (5): it will "
         "not "
         "grow\n"},
        {"COLONISE 101\n",
         "t.txt:4:10: error: COLONISE WHERE 101: this system already has population: COLONISE "
         "plants only "
         "where there is none\n"},
        {"COLONISE 101 102\n",
         "t.txt:4:14: error: COLONISE WHERE TO 102: you do not own this system\n"},
        {"COLONISE 104 107\n", "t.txt:4:14: error: COLONISE WHERE TO 107: not linked to 104\n"},
        {"COLONISE 104\nCOLONISE 101 104\n",
         "t.txt:5:14: error: COLONISE WHERE TO 104: the population here already rises this turn "
         "(slot "
         "1)\n"},
        {"COLONISE 101 104\nGROW 104\n",
         "t.txt:5:6: error: GROW WHERE 104: the population here already rises this turn (slot 1): "
         "GROW "
         "works once per system per turn\n"},
        {"NEWCRS 102 - 1\n", "t.txt:4:8: error: NEWCRS WHERE 102: you do not own this system\n"},
        {"NEWFTR 104 - 1\n",
         "t.txt:4:8: warning: NEWFTR WHERE 104: nothing can be built in 104 now: building ships "
         "needs "
         "both population and industry there\n"},
        {"BASE\nNEWCOL - - 1\n",
         "t.txt:5:1: error: NEWCOL WHERE: the box is blank, which means your base, but you have no "
         "base: "
         "name the system, or set a base with BASE first\n"},
        {"BASE 111\nNEWCOL - - 1\n", ""},
        {"BASE 103\n", "t.txt:4:6: error: BASE WHERE 103: you do not own this system\n"},
        {"HOME 103\n", "t.txt:4:6: error: HOME WHERE 103: you do not own this system\n"},
        {"HOME\nBASE\n", ""},
        {"SCRAPC 103 - 1\n", "t.txt:4:8: error: SCRAPC WHERE 103: you do not own this system\n"},
        {"SCRAPF 102 - 0\n", "t.txt:4:8: error: SCRAPF WHERE 102: you do not own this system\n"},
    });
    LoadedGame blockaded = game_with([](GameState& st) {
        test::set_hold(st, 101, "owner", "BEL");
        test::set_hold(st, 101, "cruisers", std::int64_t{40});
    });
    CHECK(check("NEWFTR 111 - 1\n", blockaded) ==
          "t.txt:4:8: warning: NEWFTR WHERE 111: 111 is blockaded: no ships can be built there\n");
}

TEST_CASE("the fleet reserve and lost cruisers", "[turnsheet][check][actions]") {
    run_cases({
        {"LAYUP 104 - 1\n",
         "t.txt:4:7: error: LAYUP WHERE 104: LAYUP needs a system with both population and "
         "industry\n"},
        {"COLONISE 101 104\nLAYUP 104 - 1\n",
         "t.txt:5:7: warning: LAYUP WHERE 104: LAYUP needs population and industry here; an "
         "earlier order "
         "must add them first\n"},
        {"LAYUP 103 - 1\n", "t.txt:4:7: error: LAYUP WHERE 103: you do not own this system\n"},
        {"RESERVE 101 - 2\n",
         "t.txt:4:15: warning: RESERVE NUMBER 2: you have no cruisers in reserve\n"},
        {"RECOVER - - 1\n",
         "t.txt:4:13: warning: RECOVER NUMBER 1: your recovery tech RT is 0: RECOVER brings no "
         "cruisers "
         "back\n"},
    });
    LoadedGame rt1 = game_with([](GameState& st) { test::set_tech(st, "ARC", "RT", 1); });
    CHECK(check("RECOVER - - 0\n", rt1) ==
          "t.txt:4:13: warning: RECOVER NUMBER 0: you have no cruisers lost in space\n");
    LoadedGame reserve =
        game_with([](GameState& st) { test::set_emp(st, "ARC", "reserve", std::int64_t{3}); });
    CHECK(check("RESERVE 104 - 1\n", reserve) ==
          "t.txt:4:9: error: RESERVE WHERE 104: RESERVE needs a system with both population and "
          "industry\n");
    CHECK(check("RESERVE 101 - 1\n", reserve).empty());
}

TEST_CASE("links", "[turnsheet][check][actions]") {
    run_cases({
        {"LINK 101 111\n",
         "t.txt:4:10: error: LINK WHERE TO 111: links join stars, not planets or asteroid belts\n"},
        {"LINK 112 102\n",
         "t.txt:4:6: error: LINK WHERE FROM 112: links join stars, not planets or asteroid belts\n"
         "t.txt:4:6: error: LINK WHERE FROM 112: you do not own this system\n"},
        {"LINK 101 102\n", "t.txt:4:10: error: LINK WHERE TO 102: already linked to 101\n"},
        {"LINK 104 107\n",
         "t.txt:4:10: warning: LINK WHERE TO 107: the squared distance is 2, but your hyper tech "
         "HT is "
         "1\n"},
        {"TECH HT\nLINK 104 107\n", ""},
        {"LINK 104 106\n",
         "t.txt:4:10: error: LINK WHERE TO 106: you neither own this system nor have your active "
         "probe "
         "in it\n"
         "t.txt:4:10: warning: LINK WHERE TO 106: the squared distance is 4, but your hyper tech "
         "HT is "
         "1\n"},
        {"LINK 101 106\n",
         "t.txt:4:10: error: LINK WHERE TO 106: you neither own this system nor have your active "
         "probe "
         "in it\n"
         "t.txt:4:10: error: LINK WHERE TO 106: the squared distance is 8; a link's squared length "
         "must "
         "be one of 1, 2, 4, 9\n"
         "t.txt:4:10: error: LINK WHERE TO 106: another star lies between 101 and 106\n"
         "t.txt:4:6: error: LINK WHERE FROM 101: this star already has 7 links, the most a star "
         "may have\n"},
        {"LINK 102 107\n", "t.txt:4:6: error: LINK WHERE FROM 102: you do not own this system\n"},
        {"MOVE 101 102 1\nLINK 107 102\n",
         "t.txt:5:10: warning: LINK WHERE TO 102: you do not own this system now; this works only "
         "if your "
         "order in slot 1 takes it first\n"},
        {"TECH HT - 2\nLINK 104 107\nMOVE 104 107 1\n",
         "t.txt:6:10: warning: MOVE WHERE TO 107: not linked to 104 now; this works only if your "
         "LINK "
         "in slot 2 is built first\n"},
        {"MOVE 104 107 1\n2 LINK 104 107\n",
         "t.txt:4:10: error: MOVE WHERE TO 107: not linked to 104\n"
         "t.txt:5:12: warning: LINK WHERE TO 107: the squared distance is 2, but your hyper tech "
         "HT is "
         "1\n"},
    });
    LoadedGame probe = game_with([](GameState& st) {
        test::add_probe(st, "ARC", 106, true);
        test::set_tech(st, "ARC", "HT", 4);
    });
    CHECK(check("LINK 104 106\n", probe).empty());
}

TEST_CASE("the links a LINK of the sheet builds count for later orders",
          "[turnsheet][check][actions]") {
    LoadedGame ht = game_with([](GameState& st) { test::set_tech(st, "ARC", "HT", 4); });
    CHECK(check("LINK 104 107\nMOVE 104 107 1\n", ht) ==
          "t.txt:5:10: warning: MOVE WHERE TO 107: not linked to 104 now; this works only if your "
          "LINK "
          "in slot 1 is built first\n");
}

TEST_CASE("probes, distances, gifts and tech", "[turnsheet][check][actions]") {
    run_cases({
        {"FIND 102\n", "t.txt:4:6: error: FIND WHERE 102: you do not own this system\n"},
        {"FIND - ARC\n",
         "t.txt:4:8: warning: FIND WHICH EMPIRE ARC: this is your own empire: FIND looks for other "
         "empires' "
         "probes\n"},
        {"FIND 101 BEL\nFIND - BEL\n", ""},
        {"KILL 101 ARC\n",
         "t.txt:4:10: error: KILL WHICH EMPIRE ARC: these are your own probes: KILL destroys other "
         "empires' "
         "probes\n"},
        {"KILL 103 BEL\n", "t.txt:4:6: error: KILL WHERE 103: you do not own this system\n"},
        {"DISTSQ 101 113\n",
         "t.txt:4:12: error: DISTSQ WHERE TO 113: DISTSQ measures to a star, not to a planet or "
         "asteroid "
         "belt\n"},
        {"DISTSQ 102 101\n",
         "t.txt:4:8: error: DISTSQ WHERE FROM 102: you do not own this system\n"},
        {"GIFT - ARC 5\n",
         "t.txt:4:8: error: GIFT WHICH EMPIRE ARC: you cannot give BPs to your own empire\n"},
        {"TECH PT - 2\n", "t.txt:4:11: error: TECH LEVEL 2: your PT is already at level 2\n"},
        {"TECH PT\nTECH PT - 3\n",
         "t.txt:5:11: error: TECH LEVEL 3: your PT will already be at level 3\n"},
        {"TECH PT - 10\n", "t.txt:4:11: error: TECH LEVEL 10: PT may not exceed level 9\n"},
        {"TRADE WT BEL\n", "t.txt:4:7: warning: TRADE WHICH TECH WT: you have no WT to trade\n"},
        {"TRADE PT BEL 5\n",
         "t.txt:4:14: warning: TRADE LEVEL 5: above your own level of PT (2)\n"},
        {"TRADE PT ARC\n",
         "t.txt:4:10: error: TRADE WHICH EMPIRE ARC: you cannot trade a tech to your own empire\n"},
        {"TAKE PT ARC\n",
         "t.txt:4:9: error: TAKE WHICH EMPIRE ARC: you cannot take a tech from your own empire\n"},
    });
    LoadedGame pt9 = game_with([](GameState& st) { test::set_tech(st, "ARC", "PT", 9); });
    CHECK(check("TECH PT\nTAKE PT BEL\n", pt9) ==
          "t.txt:4:6: error: TECH WHICH TECH PT: PT may not exceed level 9\n"
          "t.txt:5:6: error: TAKE WHICH TECH PT: PT may not exceed level 9\n");
}

TEST_CASE("BPs that will likely run out are counted in slot order", "[turnsheet][check][bps]") {
    run_cases({
        // Balance 50.
        {"ORDER - - 50\n", ""},
        {"ORDER - - 60\n",
         "t.txt:4:1: warning: ORDER: needs about 60 BPs, but only about 50 will be left by slot 1: "
         "it "
         "may fail or be cut down\n"},
        {"TAX\nORDER - - 52\nMOVE 101 102 1\n",
         "t.txt:6:1: warning: MOVE: needs about 1 BP, but only about 0 will be left by slot 3: it "
         "may "
         "fail or be cut down\n"},
        {"2 ORDER - - 30\n1 ORDER - - 30\n",
         "t.txt:4:3: warning: ORDER: needs about 30 BPs, but only about 20 will be left by slot 2: "
         "it "
         "may fail or be cut down\n"},
        {"NEWCRS - - 4\nNEWFTR - - 4\n",
         "t.txt:5:1: warning: NEWFTR: needs about 12 BPs, but only about 10 will be left by slot "
         "2: it "
         "may fail or be cut down\n"},
        {"NEWCOL 111 - 3\n",
         "t.txt:4:1: warning: NEWCOL: needs about 60 BPs, but only about 50 will be left by slot "
         "1: it "
         "may fail or be cut down\n"},
        {"STASH - - 17\n",
         "t.txt:4:1: warning: STASH: needs about 51 BPs, but only about 50 will be left by slot 1: "
         "it "
         "may fail or be cut down\n"},
        {"CASH - - 10\nORDER - - 60\n", ""},
        {"BUILD 111 - 10\nGROW 111\n",
         "t.txt:5:1: warning: GROW: needs about 20 BPs, but only about 0 will be left by slot 2: "
         "it may "
         "fail or be cut down\n"},
        {"DEEP 101 103 0\nORDER - - 22\n", ""},
        {"DEEP 101 103 0\nORDER - - 23\n",
         "t.txt:5:1: warning: ORDER: needs about 23 BPs, but only about 22 will be left by slot 2: "
         "it "
         "may fail or be cut down\n"},
        {"LAYUP 101 - 0\nRECOVER - - 5\nLINK 104 107\nORDER - - 17\n",
         "t.txt:5:13: warning: RECOVER NUMBER 5: your recovery tech RT is 0: RECOVER brings no "
         "cruisers "
         "back\n"
         "t.txt:6:10: warning: LINK WHERE TO 107: the squared distance is 2, but your hyper tech "
         "HT is "
         "1\n"
         "t.txt:7:1: warning: ORDER: needs about 17 BPs, but only about 16 will be left by slot 4: "
         "it "
         "may fail or be cut down\n"},
        {"MOVEF 111 101 0\nMOVECOL 101 104 0\nSCRAPC 101 - AB-5\nSCRAPF 111 - 1\nORDER - - 44\n",
         "t.txt:8:1: warning: ORDER: needs about 44 BPs, but only about 43 will be left by slot 5: "
         "it "
         "may fail or be cut down\n"},
        {"16 STASH\n", ""},
        {"15 ORDER - - 50\n16 ORDER\n", ""},
    });
}

TEST_CASE("treasury-paid actions are counted against the treasury", "[turnsheet][check][bps]") {
    run_cases({
        // Treasury 30.
        {"GIFT - BEL 30\n", ""},
        {"GIFT - BEL 40\n",
         "t.txt:4:1: warning: GIFT: needs about 40 BPs from the treasury, but only about 30 will "
         "be in "
         "it by slot 1: it may fail\n"},
        {"TECH WT - 5\n",
         "t.txt:4:1: warning: TECH: needs about 125 BPs from the treasury, but only about 30 will "
         "be in "
         "it by slot 1: it may fail\n"},
        {"TECH WT - 3\nTECH WT\n",
         "t.txt:5:1: warning: TECH: needs about 16 BPs from the treasury, but only about 3 will be "
         "in "
         "it by slot 2: it may fail\n"},
        {"CASH - - 31\n",
         "t.txt:4:1: warning: CASH: needs about 31 BPs from the treasury, but only about 30 will "
         "be in "
         "it by slot 1: it may fail\n"},
        {"STASH - - 2\nGIFT - BEL 32\n", ""},
        {"TAKE PT BEL\nGIFT - BEL 26\n", ""},
        {"TAKE PT BEL\nGIFT - BEL 27\n",
         "t.txt:5:1: warning: GIFT: needs about 27 BPs from the treasury, but only about 26 will "
         "be in "
         "it by slot 2: it may fail\n"},
    });
}

TEST_CASE("every problem of a sheet is reported, parse and check together, by line",
          "[turnsheet][check]") {
    std::string out = check_all(
        "EMPIRE ARC\n"
        "TURN 1\n"
        "SECRET OPENSESAME\n"
        "MOVE 101 103 5\n"
        "MOOV 101 102 1\n"
        "NEWCRS 102 - 2\n"
        "PROBE 102 103 105\n");
    CHECK(
        out ==
        "t.txt:4:10: error: MOVE WHERE TO 103: not linked to 101\n"
        "t.txt:5:1: error: unknown action or keyword 'MOOV'; did you mean MOVE?\n"
        "t.txt:6:8: error: NEWCRS WHERE 102: you do not own this system\n"
        "t.txt:7:15: error: PROBE: 3 system codes, but your probe tech (PT 2) gives 2 probe "
        "boxes\n"
        "t.txt:7:7: warning: PROBE 102: no probe of yours can reach 102 (you have no active "
        "probe, and none of your inactive probes is there), and a new probe starts only in a "
        "system you own: this box will fail\n"
        "t.txt:7:11: warning: PROBE 103: you do not own 103 now; a new probe can start there only "
        "if your order in slot 1 takes it first\n");
}

TEST_CASE("a wrong or missing secret gives that one error and nothing about the empire",
          "[turnsheet][check][secret]") {
    // Each order would give an error or a warning about ARC's systems, BPs or techs.
    const std::string orders =
        "MOVE 101 103 5\n"
        "NEWCRS 102 - 2\n"
        "ORDER - - 99\n"
        "TECH PT - 12\n"
        "NAME 103 Mine\n"
        "PROBE 102 103 105\n";
    REQUIRE(check(orders).find("you do not own") != std::string::npos);
    struct Sheet {
        const char* header;
        const char* finding;
    };
    for (const Sheet& c : std::vector<Sheet>{
             {"EMPIRE ARC\nSECRET WRONG\nTURN 1\n",
              "t.txt:2:8: error: SECRET: wrong secret for empire ARC\n"},
             {"EMPIRE ARC\nSECRET opensesame\nTURN 1\n",
              "t.txt:2:8: error: SECRET: wrong secret for empire ARC\n"},
             {"EMPIRE ARC\nTURN 1\n#\n",
              "t.txt:1: error: the sheet has no SECRET line: write your empire's secret, e.g. "
              "SECRET K7QX2M9P\n"},
             {"EMPIRE ARC\nSECRET TWO WORDS\nTURN 1\n",
              "t.txt:2:12: error: SECRET: a secret is one word, without spaces\n"},
         }) {
        INFO(c.header);
        SheetCheck r = check_sheet(std::string(c.header) + orders, "t.txt", base_game());
        CHECK(r.findings.to_string() == c.finding);
        CHECK(r.orders.empty());
        CHECK_FALSE(r.ok());
    }
}

TEST_CASE("a failing pack check is reported at the order and the rest is still checked",
          "[turnsheet][check][pack]") {
    LoadedGame g = base_game();
    g.pack = test::load_pack(test::data_dir() / "packs" / "broken_check");
    std::string out = check("TAX\nCASH - - 5\nMOVE 101 103 1\n", g);
    INFO(out);
    CHECK(out.find("t.txt:4:1: error: TAX: the rules pack failed in check() while checking this "
                   "order: ") == 0);
    CHECK(out.find("broken_check/actions/tax.lua:10: attempt to index field 'nothing'") !=
          std::string::npos);
    CHECK(out.find("t.txt:5:1: error: CASH: the rules pack's ") != std::string::npos);
    CHECK(out.find("broken_check/actions/cash.lua.estimate() must return whole numbers of BPs "
                   "(balance, treasury)\n") != std::string::npos);
    CHECK(out.find("t.txt:6:10: error: MOVE WHERE TO 103: not linked to 101\n") !=
          std::string::npos);
}

TEST_CASE("the pack's action declarations are checked: hooks and keyword names",
          "[turnsheet][pack]") {
    Pack pack = test::load_pack(test::data_dir() / "packs" / "bad_actions");
    GameState st = GameState::with_schema(pack.schema());
    Runtime rt(pack, st);
    Diagnostics d;
    for (const OrderPackProblem& p : order_pack_problems(rt))
        d.error({p.chunk, p.line, 0}, p.message);
    std::string all = d.to_string();
    INFO(all);
    CHECK(all.find("bad_actions/actions/tax.lua: error: action TAX: check must be a function "
                   "(order, ctx)") != std::string::npos);
    CHECK(all.find("bad_actions/actions/name.lua: error: action NAME: the name is a turnsheet "
                   "keyword; choose another name") != std::string::npos);
}

TEST_CASE("a scenario secret that cannot be written on a turnsheet is refused",
          "[turnsheet][scenario]") {
    for (const char* secret :
         {"two words", "has#hash", "tab\\there", "0123456789012345678901234567890123"}) {
        INFO(secret);
        Diagnostics d;
        parse_scenario(std::string("[scenario]\nname = \"x\"\nrules = \"starchase\"\n[[empire]]\n"
                                   "code = \"ARC\"\nname = \"A\"\nsecret = \"") +
                           secret + "\"\n",
                       "s.toml", test::starchase(), d);
        CHECK(d.to_string() ==
              "s.toml:7:10: error: empire[0].secret: a secret is 1 to 32 letters, digits or "
              "punctuation, without spaces or '#' (players write it on a turnsheet line)\n");
    }
}
