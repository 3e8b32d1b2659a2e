// Stored orders: where submit puts a sheet, replacing an earlier one atomically, late orders,
// and load_orders_for_turn as the turn engine reads them.

#include <unistd.h>

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/order_store.hpp"
#include "game/turnsheet_check.hpp"
#include "io/atomic_file.hpp"
#include "lua/pack_orders.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

const std::string kSheet = "EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\nMOVE 101 102 5\nTAX\n";
const std::string kLate = "EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n3 TAX\n";

GameDir fresh_game(const std::string& tag) {
    return GameDir(test::make_game(test::data_dir() / "scenarios" / "turnsheets.toml", tag));
}

// The sheets stored for a turn, read with the game's pack in a runtime that lives as long.
struct Loaded {
    LoadedGame game;
    std::unique_ptr<Runtime> rt;
    std::map<std::string, LoadedSheet> sheets;
    // The slot and action of each order of an empire's sheet, as "slot ACTION".
    std::vector<std::string> orders(const std::string& empire) {
        std::vector<std::string> out;
        for (const auto& row : read_sheet_table(*rt, sheets.at(empire).sheet))
            out.push_back(row.at("slot").dump() + " " + row.at("action").get<std::string>());
        return out;
    }
};

std::unique_ptr<Loaded> load(const GameDir& dir, int turn) {
    auto l = std::make_unique<Loaded>(Loaded{load_game(dir), nullptr, {}});
    l->rt = std::make_unique<Runtime>(l->game.pack, l->game.state);
    l->sheets = load_orders_for_turn(dir, turn, *l->rt);
    return l;
}

}  // namespace

TEST_CASE("sheets are stored as orders/NNNN/EMP.txt or EMP.late.txt", "[turnsheet][store]") {
    GameDir dir = fresh_game("store-paths");
    CHECK(sheet_path(dir, 1, "ARC", false) == dir.dir() / "orders" / "0001" / "ARC.txt");
    CHECK(sheet_path(dir, 12, "BEL", true) == dir.dir() / "orders" / "0012" / "BEL.late.txt");
    fs::path p = store_sheet(dir, 1, "ARC", false, kSheet);
    CHECK(p == sheet_path(dir, 1, "ARC", false));
    CHECK(test::slurp(p) == kSheet);
    // A folder that does not exist yet is created.
    fs::path q = store_sheet(dir, 7, "BEL", true, kLate);
    CHECK(test::slurp(q) == kLate);
}

TEST_CASE("a later submission replaces an earlier one, leaving no temporary file",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-replace");
    store_sheet(dir, 1, "ARC", false, kSheet);
    std::string second = kSheet + "NEWCRS - - 1\n";
    store_sheet(dir, 1, "ARC", false, second);
    CHECK(test::slurp(sheet_path(dir, 1, "ARC", false)) == second);
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.orders_dir(1)))
        names.push_back(e.path().filename().string());
    CHECK(names == std::vector<std::string>{"ARC.txt"});
}

TEST_CASE("a failed write leaves the earlier sheet whole", "[turnsheet][store]") {
    GameDir dir = fresh_game("store-fail");
    store_sheet(dir, 1, "ARC", false, kSheet);
    // The temporary file's name is taken by a folder, so the new sheet cannot be written.
    fs::create_directories(dir.orders_dir(1) / ("ARC.txt.tmp-" + std::to_string(::getpid())));
    CHECK_THROWS(store_sheet(dir, 1, "ARC", false, "EMPIRE ARC\nhalf a she"));
    CHECK(test::slurp(sheet_path(dir, 1, "ARC", false)) == kSheet);
    auto l = load(dir, 1);
    REQUIRE(l->sheets.count("ARC"));
    CHECK(l->sheets.at("ARC").ok());
    CHECK(l->orders("ARC").size() == 2);
}

TEST_CASE("load_orders_for_turn: regular orders first, else late ones, parsed again",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-load");
    CHECK(load(dir, 1)->sheets.empty());
    CHECK(load(dir, 9)->sheets.empty());  // no folder at all
    // Late orders for turn 2 are written for turn 1.
    store_sheet(dir, 2, "ARC", false,
                "EMPIRE ARC\nSECRET OPENSESAME\nTURN 2\nMOVE 101 102 5\nTAX\n");
    store_sheet(dir, 2, "ARC", true, "EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\n");
    store_sheet(dir, 2, "BEL", true, kLate);
    // Files that are not EMP.txt or EMP.late.txt are left alone.
    write_file_atomic(dir.orders_dir(2) / "notes.md", "GM notes");
    write_file_atomic(dir.orders_dir(2) / "arc.txt", "lower case");
    write_file_atomic(dir.orders_dir(2) / "ABCD.txt", "four letters");
    write_file_atomic(dir.orders_dir(2) / "CAS.txt.tmp", "half");
    auto l = load(dir, 2);
    REQUIRE(l->sheets.size() == 2);
    const LoadedSheet& arc = l->sheets.at("ARC");
    CHECK_FALSE(arc.late);
    CHECK(arc.ok());
    CHECK(arc.file == sheet_path(dir, 2, "ARC", false));
    CHECK(l->orders("ARC") == std::vector<std::string>{"1 MOVE", "2 TAX"});
    const LoadedSheet& bel = l->sheets.at("BEL");
    CHECK(bel.late);
    CHECK(bel.ok());
    CHECK(l->orders("BEL") == std::vector<std::string>{"3 TAX"});
}

TEST_CASE("load_orders_for_turn reports sheets that no longer parse or name another empire",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-problems");
    store_sheet(dir, 1, "ARC", false, "EMPIRE BEL\nSECRET X\nTURN 1\nWARP 101\nTAX\n");
    auto l = load(dir, 1);
    const LoadedSheet& arc = l->sheets.at("ARC");
    CHECK_FALSE(arc.ok());
    std::string shown = sheet_path(dir, 1, "ARC", false).generic_string();
    CHECK(arc.problems.to_string() ==
          shown + ":4:1: error: unknown action or keyword 'WARP'\n" + shown +
              ":1:8: error: EMPIRE BEL: this file holds the orders of ARC\n");
    // The orders that parse are still there for the turn engine to decide.
    CHECK(l->orders("ARC") == std::vector<std::string>{"2 TAX"});
    // Orders for turn 3 are written for turn 3; late orders for turn 3 only for turn 2
    // (RULINGS.md "Missed and late orders").
    store_sheet(dir, 3, "ARC", false, "EMPIRE ARC\nSECRET OPENSESAME\nTURN 2\nTAX\n");
    store_sheet(dir, 3, "BEL", true, "EMPIRE BEL\nSECRET BELSECRET\nTURN 1\nTAX\n");
    store_sheet(dir, 3, "CAS", true, "EMPIRE CAS\nSECRET X\nTURN 2\nTAX\n");
    auto later = load(dir, 3);
    CHECK(later->sheets.at("ARC").problems.to_string() ==
          sheet_path(dir, 3, "ARC", false).generic_string() +
              ":3:6: error: TURN 2: this file holds orders for turn 3\n");
    CHECK(later->sheets.at("BEL").problems.to_string() ==
          sheet_path(dir, 3, "BEL", true).generic_string() +
              ":3:6: error: TURN 1: late orders for turn 3 must be written for turn 2\n");
    CHECK(later->sheets.at("CAS").ok());
}

TEST_CASE("a checked sheet for an earlier turn is late orders for the next turn",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-late");
    LoadedGame g = load_game(dir);
    g.state.turn = 1;  // as if turn 1 had been run: the next turn is 2
    SheetCheck c = check_sheet(kSheet, "late.txt", g);
    CHECK(c.ok());
    CHECK(c.late);
    CHECK(c.next_turn == 2);
    store_sheet(dir, c.next_turn, c.header.empire.text, c.late, kSheet);
    auto l = load(dir, 2);
    REQUIRE(l->sheets.count("ARC"));
    CHECK(l->sheets.at("ARC").late);
    CHECK(l->sheets.at("ARC").sheet.header.turn.value == 1);
}
