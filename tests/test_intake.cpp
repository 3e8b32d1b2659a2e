// Taking a sheet in from the web pages or mail (engine/host/intake): a page signed in as one
// empire refuses sheets without an EMPIRE line (in the grammar's words, once) or for another
// empire, and files nothing for them; a sheet without its secret keeps only its header's
// findings.

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "host/intake.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

GameDir fresh_game(const std::string& tag) {
    return GameDir(test::make_game(test::data_dir() / "scenarios" / "turnsheets.toml", tag));
}

// The options of a player's page signed in as `empire`.
IntakeOptions signed_in_as(const std::string& empire) {
    IntakeOptions o;
    o.only_empire = empire;
    o.hide_unknown = true;
    return o;
}

// True if no sheet, late sheet or refused sheet of `empire` was filed for turn 1.
bool nothing_filed(const GameDir& dir, const std::string& empire) {
    const fs::path orders = dir.orders_dir(1);
    return !fs::exists(orders / (empire + ".txt")) &&
           !fs::exists(orders / (empire + ".late.txt")) &&
           !fs::exists(refused_sheet_path(dir, 1, empire));
}

}  // namespace

TEST_CASE("a page signed in as one empire asks for the EMPIRE line it lacks", "[intake]") {
    GameDir dir = fresh_game("intake_missing");
    Intake in = receive_sheet(dir, "SECRET OPENSESAME\nTURN 1\nTAX\n", "web", signed_in_as("ARC"));
    CHECK_FALSE(in.known);
    CHECK_FALSE(in.stored);
    CHECK_FALSE(in.check.ok());
    // The pack's grammar says what is missing, once, in its own words.
    CHECK(in.check.findings.to_string() ==
          "web:1: error: the sheet has no EMPIRE line: write your empire's code, e.g. EMPIRE "
          "ARC\n");
    CHECK(nothing_filed(dir, "ARC"));
}

TEST_CASE("a page signed in as one empire refuses another empire's sheet", "[intake]") {
    GameDir dir = fresh_game("intake_other");
    const std::string bel = "EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n3 TAX\n";
    Intake in = receive_sheet(dir, bel, "web", signed_in_as("ARC"));
    CHECK_FALSE(in.known);
    CHECK_FALSE(in.stored);
    CHECK_THAT(in.check.findings.to_string(),
               Catch::Contains("EMPIRE BEL: you are signed in as ARC; send only ARC's orders "
                               "here"));
    // Neither empire gets a sheet or a refused sheet from it.
    CHECK(nothing_filed(dir, "BEL"));
    CHECK(nothing_filed(dir, "ARC"));
    // The same sheet through a path not tied to an empire (mail) is BEL's orders.
    IntakeOptions mail;
    mail.hide_unknown = true;
    Intake ok = receive_sheet(dir, bel, "mail", mail);
    CHECK(ok.known);
    CHECK(ok.stored);
    CHECK(ok.path == dir.orders_dir(1) / "BEL.txt");
}

TEST_CASE("a sheet without its secret keeps only its header's findings", "[intake]") {
    GameDir dir = fresh_game("intake_secret");
    IntakeOptions mail;
    mail.hide_unknown = true;
    // Line 4 would draw an error about ARC's systems if it were checked.
    Intake in = receive_sheet(dir, "EMPIRE ARC\nTURN 1\nNEWCRS 102 - 2\n", "mail", mail);
    CHECK_FALSE(in.known);
    CHECK_FALSE(in.stored);
    const std::string said = in.check.findings.to_string();
    CHECK_THAT(said, Catch::Contains("SECRET"));
    CHECK_THAT(said, !Catch::Contains("102"));
    CHECK_THAT(said, !Catch::Contains(":3:"));
    CHECK(nothing_filed(dir, "ARC"));
}
