// docs/turnsheet.md stays true: its example sheet parses and checks clean in the test game,
// its sample `check` output is what the checker says, and its table lists exactly the formats
// the standard pack declares.

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/pack_orders.hpp"
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
    CHECK(c.header.empire.text == "ARC");
    CHECK(c.header.turn.value == 1);
    CHECK_FALSE(c.late);
    std::string orders;
    for (const auto& o : c.orders)
        orders += o.at("slot").dump() + " " + o.at("action").get<std::string>() + "; ";
    CHECK(orders == "1 MOVE; 2 NEWCRS; 3 TAX; 5 BUILD; 6 GROW; 7 MOVEF; 8 TECH; 16 STASH; ");
    // The values the grammar read, as turn.lua gets them.
    LoadedGame g = test_game();
    Runtime rt(g.pack, g.state);
    ReadSheet s = read_sheet(rt, sheets[0], "example.txt");
    auto lua = [&](const std::string& code) { return test::eval_on_sheet(rt, s, code); };
    CHECK(lua("return sheet.orders[2].from == nil and sheet.orders[2].written.from == nil") ==
          "true");
    CHECK(lua("local n = sheet.orders[6].number return n.kind .. ' ' .. n.n") == "all_but 1");
    CHECK(lua("return sheet.orders[7].format") == "1");
    CHECK(lua("return sheet.orders[7].number == nil") == "true");
    CHECK(lua("return sheet.orders[8].number.kind") == "rest");
    CHECK(lua("return table.concat(sheet.probes, ' ')") == "101 102");
    CHECK(lua("return #sheet.names .. ' ' .. sheet.names[1].name") == "1 New Hope");
    CHECK(lua("return #sheet.messages .. ' ' .. sheet.messages[1].text .. ' ' .. "
              "sheet.messages[2].to") == "2 Greetings from the Arcturan League! EMAIL");
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
    GameState st = GameState::with_schema(test::starchase().schema());
    Runtime rt(test::starchase(), st);
    std::string usages = test::eval_lua(rt.host(),
                                        "local A = import('lib/actions')\n"
                                        "local out = {}\n"
                                        "for _, name in ipairs(A.names()) do\n"
                                        "  for _, f in ipairs(A.find(name).formats) do\n"
                                        "    out[#out + 1] = A.usage(name, f)\n"
                                        "  end\n"
                                        "end\n"
                                        "return table.concat(out, '\\n')",
                                        "usages.lua");
    std::istringstream usage_lines(usages);
    for (std::string line; std::getline(usage_lines, line);)
        declared.insert(line);
    CHECK(declared.size() == 41);
    CHECK(documented == declared);
}
