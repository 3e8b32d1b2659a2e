// hyperlane run as a library call (play_next_turn): the game lock, non-player empires, and a
// corrected sheet changing only what it touches on a re-run (per-purpose random streams).

#include <fstream>
#include <thread>

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/order_store.hpp"
#include "game/play_turn.hpp"
#include "game/turn_store.hpp"
#include "report/turn_summary.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

const fs::path kThreeStarts = test::data_dir() / "scenarios" / "three_starts.toml";

// Stores a sheet with the given action lines as EMP's orders for a turn.
void order(const GameDir& dir, const std::string& emp, int turn, const std::string& lines) {
    store_sheet(
        dir, turn, emp, false,
        "EMPIRE " + emp + "\nSECRET " + emp + "KEY\nTURN " + std::to_string(turn) + "\n" + lines);
}

// Every file of a folder with its contents (the lock file aside), to prove a refused run wrote
// nothing.
std::map<std::string, std::string> files_of(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        std::string rel = fs::relative(e.path(), dir).generic_string();
        if (rel != ".lock") out[rel] = e.is_regular_file() ? test::slurp(e.path()) : "/";
    }
    return out;
}

std::string message_of(const InputError& e) {
    return e.diagnostics().to_string();
}

// The records of one empire in a turn: its actions and its phase notes, as JSON.
nlohmann::ordered_json records_of(const TurnRecord& rec, const std::string& emp) {
    nlohmann::ordered_json j = turn_record_to_json(rec);
    nlohmann::ordered_json out = {{"actions", nlohmann::ordered_json::array()},
                                  {"notes", nlohmann::ordered_json::array()}};
    for (const auto& a : j["actions"])
        if (a["empire"] == emp) out["actions"].push_back(a);
    for (const auto& n : j["notes"])
        if (n["empire"] == emp) out["notes"].push_back(n);
    return out;
}

// The holdings an empire owns, in code order, each with every field.
std::vector<std::pair<std::int64_t, Row>> holdings_of(const GameState& st, const std::string& emp) {
    std::vector<std::pair<std::int64_t, Row>> out;
    for (PlaceCode code : test::owned_by(st, emp))
        out.emplace_back(code, st.records.row_or_initial(st.kind("holding"), code));
    return out;
}

// Every record of every empire-scope kind of one empire (money, techs, what it has seen ...).
std::vector<Row> empire_records(const GameState& st, const std::string& emp) {
    std::vector<Row> out;
    const Schema& s = st.schema();
    for (std::size_t k = 0; k < s.kinds.size(); ++k)
        if (s.kinds[k].scope == RecordScope::empire)
            out.push_back(st.records.row_or_initial(static_cast<int>(k), st.empire_index(emp)));
    return out;
}

}  // namespace

TEST_CASE("run refuses while another command holds the game lock, and writes nothing", "[play]") {
    GameDir dir(test::make_game(kThreeStarts, "lock"));
    order(dir, "ARC", 1, "1 TAX\n");
    auto before = files_of(dir.dir());
    {
        GameLock held(dir);  // as a second `hyperlane run` (or rollback, or submit) would
        try {
            play_next_turn(dir);
            FAIL("the turn ran although the game was locked");
        } catch (const InputError& e) {
            CHECK_THAT(message_of(e), Catch::Contains("another hyperlane command is running this "
                                                      "game right now"));
        }
        CHECK_THROWS_AS(GameLock(dir), InputError);
    }
    CHECK(files_of(dir.dir()) == before);
    // Released with its holder: the turn runs now.
    PlayedTurn t = play_next_turn(dir);
    CHECK(t.state.turn == 1);
    CHECK(dir.latest_turn() == 1);
}

TEST_CASE("a non-player empire always gets computer orders, even with a sheet stored", "[play]") {
    fs::path scen = test::temp_dir("nonplayer") / "scenario.toml";
    {
        std::string text = test::slurp(kThreeStarts);
        std::string cyg = "secret = \"CYGKEY\"";
        text.replace(text.find(cyg), cyg.size(), cyg + "\ncomputer = true");
        std::ofstream(scen) << text;
    }
    GameDir dir(test::make_game(scen, "nonplayer"));
    order(dir, "ARC", 1, "1 TAX\n");
    order(dir, "CYG", 1, "1 TAX\n2 TAX\n");
    PlayedTurn t = play_next_turn(dir);
    CHECK(t.record.computer_orders ==
          std::map<std::string, std::string>{{"BEL", "missed"}, {"CYG", "computer"}});
    CHECK(fs::exists(dir.orders_dir(1) / "CYG.computer.txt"));
    for (const ActionResult& a : t.record.actions)
        if (a.empire == "CYG") CHECK(a.text != "2 TAX");  // its own sheet did not run
    // Non-player empires count as missing every turn; they play as "computer" regardless.
    CHECK(test::emp(t.state, "CYG", "missed_turns") == 1);
    CHECK(test::emp(t.state, "ARC", "missed_turns") == 0);
}

TEST_CASE("a corrected sheet changes only what it touches when the turn is run again", "[play]") {
    GameDir dir(test::make_game(kThreeStarts, "correct"));
    // Turn 1: ARC takes 102, which nobody ever owned: an Old Empire find (a random draw).
    order(dir, "ARC", 1, "1 MOVE 101 102 2\n");
    order(dir, "BEL", 1, "1 TAX\n");
    order(dir, "CYG", 1, "1 TAX\n");
    play_next_turn(dir);
    // Turn 2: ARC and BEL both explore (finds), everyone researches (draws).
    order(dir, "ARC", 2, "1 TAX\n2 MOVE 102 103 2\n");
    order(dir, "BEL", 2, "1 MOVE 104 106 2\n");
    order(dir, "CYG", 2, "1 TAX\n");
    PlayedTurn first = play_next_turn(dir);
    std::string first_state = test::slurp(dir.state_file(2));

    // The same orders again: the same bytes.
    REQUIRE(rollback_to(dir, 1) == std::vector<int>{2});
    PlayedTurn again = play_next_turn(dir);
    CHECK(test::slurp(dir.state_file(2)) == first_state);
    CHECK(turn_record_to_json(again.record) == turn_record_to_json(first.record));

    // ARC corrects its sheet: the move now runs first, in slot 1, so its find is drawn from
    // another stream. The cost is the same (TAX +2, MOVE 1), so no bid for the order of play
    // changes either.
    REQUIRE(rollback_to(dir, 1) == std::vector<int>{2});
    order(dir, "ARC", 2, "1 MOVE 102 103 2\n2 TAX\n");
    PlayedTurn fixed = play_next_turn(dir);

    CHECK(records_of(fixed.record, "ARC") != records_of(first.record, "ARC"));
    for (const std::string emp : {"BEL", "CYG"}) {
        INFO(emp);
        // The same actions with the same dice (BEL's find), the same research draw, income,
        // supply and balance...
        CHECK(records_of(fixed.record, emp).dump(1) == records_of(first.record, emp).dump(1));
        // ... and the same empire and systems afterwards.
        CHECK(*fixed.state.find_empire(emp) == *first.state.find_empire(emp));
        CHECK(empire_records(fixed.state, emp) == empire_records(first.state, emp));
        CHECK(holdings_of(fixed.state, emp) == holdings_of(first.state, emp));
    }
    bool bel_found = false;
    for (const ActionResult& a : fixed.record.actions)
        bel_found = bel_found || (a.empire == "BEL" && a.details.contains("find"));
    CHECK(bel_found);
    CHECK(fixed.state.order_of_play == first.state.order_of_play);
    CHECK(test::game(fixed.state, "next_census") == test::game(first.state, "next_census"));
    CHECK(test::probes(fixed.state) == test::probes(first.state));
}

TEST_CASE("the run summary says who acted and how, battles, captures, census and victory",
          "[play][summary]") {
    GameState st = test::starchase_state();
    for (const char* code : {"ARC", "BEL", "CYG", "DEN", "EPS"}) {
        Empire e;
        e.code = code;
        st.add_empire(e);
    }
    test::set_emp(st, "ARC", "vps", std::int64_t{12});
    test::set_emp(st, "DEN", "eliminated", std::int64_t{1});  // this turn: it still took part
    test::set_emp(st, "EPS", "eliminated", std::int64_t{1});  // long ago: not part of the turn
    st.order_of_play = {"BEL", "ARC", "CYG", "DEN", "EPS"};
    TurnRecord rec;
    rec.turn = 7;
    rec.order_of_play = {"ARC", "BEL", "CYG", "DEN", "EPS"};
    rec.late_orders = {"BEL"};
    rec.computer_orders = {{"CYG", "dropout"}};
    ActionResult won;
    won.empire = "ARC";
    won.action = "MOVE";
    won.details = nlohmann::ordered_json::parse(
        R"({"battle": {"defender": "DEN", "won": true, "rounds": [{"attack": 9, "defence": 4}]},
            "captured": true, "to": 105})");
    ActionResult lost = won;
    lost.empire = "BEL";
    lost.action = "ASSAULT";
    lost.ok = false;
    lost.details = nlohmann::ordered_json::parse(
        R"({"battle": {"defender": "ARC", "won": false, "rounds": [{"attack": 2, "defence": 6}]},
            "to": 101})");
    ActionResult explore;
    explore.empire = "CYG";
    explore.action = "SEND";
    explore.details = nlohmann::ordered_json::parse(R"({"captured": true, "to": 42})");
    rec.actions = {won, lost, explore};
    rec.notes.push_back({"census", "", "Turn 7 was a census turn", {}});
    rec.notes.push_back({"victory", "", "Warning: ARC meets the runaway victory condition", {}});
    rec.notes.push_back({"elimination", "DEN", "DEN is eliminated (no systems left)", {}});

    std::string s = render_turn_summary(test::starchase(), st, rec);
    CHECK(s ==
          "Turn 7 run (order of play: ARC BEL CYG DEN EPS).\n"
          "  Orders: ARC DEN from players; late orders used for BEL; computer orders for "
          "CYG (dropout)\n"
          "  Actions: 2 done, 1 failed\n"
          "  Battles: ARC MOVE on 105 (DEN): won, strength 9 against 4; BEL ASSAULT on 101 "
          "(ARC): failed, strength 2 against 6\n"
          "  Systems taken: ARC took 105 from DEN; CYG took 042\n"
          "  Census: Turn 7 was a census turn\n"
          "  Victory: Warning: ARC meets the runaway victory condition\n"
          "  Eliminated: DEN is eliminated (no systems left)\n"
          "  Next order of play: BEL ARC CYG DEN EPS\n"
          "  VPs: ARC 12 BEL 0 CYG 0 DEN 0 (eliminated) EPS 0 (eliminated)\n");
}

TEST_CASE("a turn folder never committed leaves nothing; a committed one has every file",
          "[play]") {
    GameDir dir(test::make_game(kThreeStarts, "partial"));
    GameState st = load_game(dir).state;
    const auto before = files_of(dir.dir());
    st.turn = 1;
    {
        PartialTurn folder(dir, 1);
        folder.write("reports/A.txt", "a");
        CHECK(fs::exists(dir.dir() / "turns" / "0001.partial" / "reports" / "A.txt"));
    }
    CHECK(files_of(dir.dir()) == before);
    {
        PartialTurn folder(dir, 1);
        // Files of one folder written from two threads at once (the reports of a run).
        std::thread other([&] {
            for (int i = 0; i < 20; ++i)
                folder.write("reports/B" + std::to_string(i) + ".txt", "b");
        });
        for (int i = 0; i < 20; ++i)
            folder.write("reports/A" + std::to_string(i) + ".txt", "a");
        other.join();
        folder.commit(st, TurnRecord{});
    }
    const fs::path turn = dir.dir() / "turns" / "0001";
    CHECK(test::slurp(turn / "reports" / "A19.txt") == "a");
    CHECK(test::slurp(turn / "reports" / "B0.txt") == "b");
    CHECK(fs::exists(turn / "state.toml"));
    CHECK(fs::exists(turn / "results.json"));
    CHECK_FALSE(fs::exists(dir.dir() / "turns" / "0001.partial"));
    CHECK_THROWS_AS(PartialTurn(dir, 1), InputError);
}
