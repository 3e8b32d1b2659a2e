// docs/turnsheet.md stays true: its example sheet parses and checks clean in the test game,
// its sample `check` output is what the checker says, and its table lists exactly the formats
// the standard pack declares.

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "orders/order_text.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

std::string doc() {
    return test::slurp(test::source_dir() / "docs" / "turnsheet.md");
}

// The fenced blocks of a language in the doc, in order.
std::vector<std::string> blocks(const std::string& language) {
    std::vector<std::string> out;
    std::string text = doc();
    std::string open = "```" + language + "\n";
    for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
        at += open.size();
        std::size_t end = text.find("```", at);
        REQUIRE(end != std::string::npos);
        out.push_back(text.substr(at, end - at));
    }
    return out;
}

const LoadedGame& test_game() {
    static const LoadedGame g = load_game(
        GameDir(test::make_game(test::data_dir() / "scenarios" / "turnsheets.toml", "docs")));
    return g;
}

}  // namespace

TEST_CASE("the example sheet in docs/turnsheet.md parses and checks clean", "[turnsheet][docs]") {
    auto sheets = blocks("turnsheet");
    REQUIRE(sheets.size() == 2);
    SheetCheck c = check_sheet(sheets[0], "example.txt", test_game());
    INFO(c.findings.to_string());
    CHECK(c.findings.all().empty());
    const Turnsheet& s = c.sheet;
    CHECK(s.empire == "ARC");
    CHECK(s.turn == 1);
    CHECK_FALSE(c.late);
    std::vector<std::pair<int, std::string>> orders;
    for (const Order& o : s.orders)
        orders.push_back({o.slot, o.action});
    CHECK(orders == std::vector<std::pair<int, std::string>>{{1, "MOVE"},
                                                             {2, "NEWCRS"},
                                                             {3, "TAX"},
                                                             {5, "BUILD"},
                                                             {6, "GROW"},
                                                             {7, "MOVEF"},
                                                             {8, "TECH"},
                                                             {16, "STASH"}});
    CHECK(s.orders[1].from.blank());
    CHECK(s.orders[5].number.amount == Amount{Amount::Kind::all_but, 1});
    CHECK(s.orders[6].format == 1);
    CHECK(s.orders[6].number.blank());
    CHECK(s.orders.back().number.amount.kind == Amount::Kind::rest);
    CHECK(s.probes == std::vector<PlaceCode>{102, 103});
    REQUIRE(s.names.size() == 1);
    CHECK(s.names[0].name == "New Hope");
    REQUIRE(s.messages.size() == 2);
    CHECK(s.messages[0].text == "Greetings from the Arcturan League!");
    CHECK(s.messages[1].to == "EMAIL");
}

TEST_CASE("the sample check output in docs/turnsheet.md is what check says", "[turnsheet][docs]") {
    auto sheets = blocks("turnsheet");
    REQUIRE(sheets.size() == 2);
    SheetCheck c = check_sheet(sheets[1], "orders.txt", test_game());
    std::string expected;
    std::istringstream lines(blocks("text").at(0));
    for (std::string line; std::getline(lines, line);)
        if (line.find(": error: ") != std::string::npos ||
            line.find(": warning: ") != std::string::npos)
            expected += line + "\n";
    CHECK(c.findings.to_string() == expected);
    CHECK(c.findings.error_count() == 5);
}

TEST_CASE("the format table in docs/turnsheet.md lists every format of the pack",
          "[turnsheet][docs]") {
    std::string text = doc();
    std::size_t start = text.find("### Every action format");
    REQUIRE(start != std::string::npos);
    text = text.substr(start, text.find("\n## ", start) - start);
    // Rows look like "| `MOVE SYS SYS COUNT` | ...".
    std::set<std::string> documented;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("| `", 0) == 0) {
            std::size_t close = line.find('`', 3);
            REQUIRE(close != std::string::npos);
            documented.insert(line.substr(3, close - 3));
        }
    std::set<std::string> declared;
    for (const auto& [name, def] : test::starchase_actions().all())
        for (const ActionFormat& f : def.formats)
            declared.insert(format_usage(name, f));
    CHECK(declared.size() == 41);
    CHECK(documented == declared);
}
