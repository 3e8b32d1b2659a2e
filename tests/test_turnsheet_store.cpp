// Stored orders: where submit puts a sheet, replacing an earlier one atomically, late orders,
// and load_orders_for_turn as the turn engine reads them.

#include <unistd.h>

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/order_store.hpp"
#include "game/turnsheet_check.hpp"
#include "io/atomic_file.hpp"
#include "orders/turnsheet_limits.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

const std::string kSheet = "EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\nMOVE 101 102 5\nTAX\n";
const std::string kLate = "EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n3 TAX\n";

GameDir fresh_game(const std::string& tag) {
    return GameDir(test::make_game(test::data_dir() / "scenarios" / "turnsheets.toml", tag));
}

std::map<std::string, LoadedSheet> load(const GameDir& dir, int turn) {
    return load_orders_for_turn(dir, turn, test::starchase_actions(),
                                turnsheet_limits(test::starchase()));
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
    auto sheets = load(dir, 1);
    REQUIRE(sheets.count("ARC"));
    CHECK(sheets.at("ARC").ok());
    CHECK(sheets.at("ARC").sheet.orders.size() == 2);
}

TEST_CASE("load_orders_for_turn: regular orders first, else late ones, parsed again",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-load");
    CHECK(load(dir, 1).empty());
    CHECK(load(dir, 9).empty());  // no folder at all
    store_sheet(dir, 1, "ARC", false, kSheet);
    store_sheet(dir, 1, "ARC", true, "EMPIRE ARC\nSECRET OPENSESAME\nTURN 0\n");
    store_sheet(dir, 1, "BEL", true, kLate);
    // Files that are not EMP.txt or EMP.late.txt are left alone.
    write_file_atomic(dir.orders_dir(1) / "notes.md", "GM notes");
    write_file_atomic(dir.orders_dir(1) / "arc.txt", "lower case");
    write_file_atomic(dir.orders_dir(1) / "ABCD.txt", "four letters");
    write_file_atomic(dir.orders_dir(1) / "CAS.txt.tmp", "half");
    auto sheets = load(dir, 1);
    REQUIRE(sheets.size() == 2);
    const LoadedSheet& arc = sheets.at("ARC");
    CHECK_FALSE(arc.late);
    CHECK(arc.ok());
    CHECK(arc.file == sheet_path(dir, 1, "ARC", false));
    REQUIRE(arc.sheet.orders.size() == 2);
    CHECK(arc.sheet.orders[0].action == "MOVE");
    CHECK(arc.sheet.orders[1].slot == 2);
    const LoadedSheet& bel = sheets.at("BEL");
    CHECK(bel.late);
    CHECK(bel.ok());
    REQUIRE(bel.sheet.orders.size() == 1);
    CHECK(bel.sheet.orders[0].slot == 3);
}

TEST_CASE("load_orders_for_turn reports sheets that no longer parse or name another empire",
          "[turnsheet][store]") {
    GameDir dir = fresh_game("store-problems");
    store_sheet(dir, 1, "ARC", false, "EMPIRE BEL\nSECRET X\nTURN 1\nWARP 101\nTAX\n");
    auto sheets = load(dir, 1);
    const LoadedSheet& arc = sheets.at("ARC");
    CHECK_FALSE(arc.ok());
    std::string shown = sheet_path(dir, 1, "ARC", false).generic_string();
    CHECK(arc.problems.to_string() ==
          shown + ":4: error: unknown action or keyword 'WARP'\n" + shown +
              ":1: error: EMPIRE BEL: this file holds the orders of ARC\n");
    // The orders that parse are still there for the turn engine to decide.
    REQUIRE(arc.sheet.orders.size() == 1);
    CHECK(arc.sheet.orders[0].slot == 2);
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
    store_sheet(dir, c.next_turn, c.sheet.empire, c.late, kSheet);
    auto sheets = load(dir, 2);
    REQUIRE(sheets.count("ARC"));
    CHECK(sheets.at("ARC").late);
    CHECK(sheets.at("ARC").sheet.turn == 1);
}
