// The blank turnsheet at the end of every empire's report (rule 1.6): the header filled in,
// one line per action slot, the PROBE line, as many NAME lines as a sheet may hold (rule 2.5:
// two in the standard game, the pack constant game.naming_lines) and a MESSAGE line.

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "game/new_game.hpp"
#include "report/report_files.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// The lines of the blank turnsheet in ARC's turn-0 report of the small scenario.
std::vector<std::string> blank_sheet(const Pack& pack) {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / "small.toml";
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), pack, d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, pack, 3);
    std::istringstream in(render_report(st, nullptr, pack, ReportContext{"t", "GM", "", {}},
                                        st.empires[0].code, "text"));
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

long count(const std::vector<std::string>& lines, const std::string& what) {
    return std::count(lines.begin(), lines.end(), what);
}

}  // namespace

TEST_CASE("the blank turnsheet has a NAME line for each name a sheet may hold", "[report]") {
    auto lines = blank_sheet(test::starchase());
    CHECK(count(lines, "NAME") == 2);
    CHECK(count(lines, "PROBE") == 1);
    CHECK(count(lines, "MESSAGE ALL") == 1);
    CHECK(count(lines, "16") == 1);

    // A variant that allows three names gets three lines.
    auto dir = test::temp_dir("names-variant") / "three_names";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "pack.toml") << "[pack]\nname = \"Three names\"\nversion = \"1.0.0\"\n"
                                        "extends = \"starchase\"\n\n"
                                        "[constants.game]\nnaming_lines = 3\n";
    Pack three = test::load_pack(dir);
    CHECK(count(blank_sheet(three), "NAME") == 3);
}
