// The document model and its renderers (docs/report.md): text for mail at 78 columns, HTML
// with every text escaped, SVG maps with a legend, JSON that reads back equal; and the
// standard game's reports built from it, with the fixes players asked for.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "lua/pack_reports.hpp"
#include "report/decimal_text.hpp"
#include "report/document_html.hpp"
#include "report/document_json.hpp"
#include "report/document_text.hpp"
#include "report/map_svg.hpp"
#include "report/map_text.hpp"
#include "report/report_files.hpp"
#include "report/text_buffer.hpp"
#include "report/text_table.hpp"
#include "report/text_wrap.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
using json = nlohmann::ordered_json;

namespace {

// The widest line of a text, in columns.
std::size_t widest(const std::string& text) {
    std::istringstream in(text);
    std::size_t w = 0;
    for (std::string line; std::getline(in, line);)
        w = std::max(w, text_width(line));
    return w;
}

DocValue num(int n) {
    return DocValue{std::to_string(n), true};
}

DocValue txt(const std::string& s) {
    return DocValue{s, false};
}

// A small map: two stars, a planet inside the first, a link, three layers.
DocMap small_map() {
    DocMap m;
    m.title = "Test map";
    m.layers = {{"star", "Star", "#f5d142", "", "", false, 0, ""},
                {"planet", "Planet", "#5fbf77", "", "", false, 0, ""},
                {"mine", "Yours", "", "#39ff88", "", false, 0, "@"},
                {"unused", "Never used", "#123456", "", "", false, 0, ""}};
    m.places = {{"101", "", "", "", 0, 0, {"star", "mine"}},
                {"205", "", "", "", 4, 2, {"star"}},
                {"102", "", "", "101", 0, 0, {"planet"}}};
    m.links = {{"101", "205", ""}};
    return m;
}

}  // namespace

TEST_CASE("text wraps at the page width and cuts over-long words", "[report][document]") {
    CHECK(wrap_words("one two three", 7) == std::vector<std::string>{"one two", "three"});
    CHECK(wrap_words("", 10) == std::vector<std::string>{""});
    CHECK(wrap_words("abcdefghij", 4) == std::vector<std::string>{"abcd", "efgh", "ij"});
    CHECK(wrap_words("a\nb", 10) == std::vector<std::string>{"a", "b"});
    // Code points, not bytes: "é" is one column.
    CHECK(text_width("été") == 3);
    CHECK(wrap_words("été été", 3) == std::vector<std::string>{"été", "été"});
    CHECK(wrap_indented("one two three four", 20, "*** ", "    ") ==
          "*** one two three\n    four\n");

    Document d;
    d.title = "A title";
    DocSection s{"Words", "words", {}};
    std::string words;
    for (int i = 0; i < 60; ++i)
        words += "word" + std::to_string(i) + " ";
    s.blocks.push_back(DocParagraph{words, ""});
    s.blocks.push_back(DocParagraph{words, "warning"});
    s.blocks.push_back(DocList{{{words, "", {{words, "", {}}}}}, true});
    d.sections.push_back(s);
    std::string text = document_text(d);
    CHECK(widest(text) <= kTextWidth);
    CHECK(text.rfind("A title\n\nWords\n-----\nword0 word1", 0) == 0);
    CHECK_THAT(text, Catch::Contains("\n*** word0 word1"));
    CHECK_THAT(text, Catch::Contains("\n- word0 word1"));
    CHECK_THAT(text, Catch::Contains("\n    - word0 word1"));
}

TEST_CASE("tables line up, fall back to one space, wrap and split to fit", "[report][document]") {
    DocTable t;
    t.columns = {{"Sys", DocAlign::left}, {"Pop", DocAlign::right}};
    t.rows = {{txt("101"), num(5)}, {txt("205"), num(12)}};
    CHECK(table_text(t, 78) == "Sys  Pop\n---  ---\n101    5\n205   12\n");

    // A cell's line breaks start new lines; the column is as wide as its widest line.
    DocTable lines;
    lines.columns = {{"Race"}, {"Top"}};
    lines.rows = {{txt("ARC"), txt("Agri Tech 6\nFighter Tech 4")}};
    CHECK(table_text(lines, 78) ==
          "Race  Top\n----  --------------\nARC   Agri Tech 6\n      Fighter Tech 4\n");

    // Lines end at their last text: no trailing padding or empty cells.
    DocTable gaps;
    gaps.columns = {{"A"}, {"N", DocAlign::right}, {"B"}};
    gaps.rows = {{txt("a"), txt(""), txt("")},
                 {txt(""), txt(""), txt("")},
                 {txt(""), txt("5"), txt("")},
                 {txt("xx"), txt("12"), txt("y")}};
    CHECK(table_text(gaps, 78) == "A    N  B\n--  --  -\na\n\n     5\nxx  12  y\n");

    DocTable empty = t;
    empty.rows.clear();
    empty.empty = "Nothing here.";
    CHECK(table_text(empty, 78) == "Nothing here.\n");

    // 4 columns of 4: 16 + 3 gaps of 2 = 22 > 20, with gaps of 1 it is 19.
    DocTable tight;
    tight.columns = {{"aaaa"}, {"bbbb"}, {"cccc"}, {"dddd"}};
    tight.rows = {{txt("1"), txt("2"), txt("3"), txt("4")}};
    CHECK(table_text(tight, 20) == "aaaa bbbb cccc dddd\n---- ---- ---- ----\n1    2    3    4\n");

    // A left-aligned column narrows down to its longest word and wraps its cells.
    DocTable wide;
    wide.columns = {{"Sys"}, {"Notes"}};
    wide.rows = {{txt("101"), txt("blockaded and overpopulated by two")}};
    std::string w = table_text(wide, 24);
    CHECK(widest(w) <= 24);
    CHECK(w ==
          "Sys  Notes\n---  -------------------\n101  blockaded and\n     overpopulated by\n     "
          "two\n");

    // Too wide even narrowed: split, each part led by the first column.
    DocTable split;
    split.columns = {{"Code"}};
    std::vector<DocValue> row = {txt("101")};
    for (int i = 0; i < 12; ++i) {
        split.columns.push_back({"Column" + std::to_string(i), DocAlign::right});
        row.push_back(num(i));
    }
    split.rows = {row};
    std::string parts = table_text(split, 40);
    CHECK(widest(parts) <= 40);
    CHECK_THAT(parts, Catch::Contains("Column0"));
    CHECK_THAT(parts, Catch::Contains("Column11"));
    std::size_t led = 0;
    for (std::size_t at = parts.find("Code"); at != std::string::npos;
         at = parts.find("Code", at + 1))
        ++led;
    CHECK(led >= 3);
}

TEST_CASE("key/value lines go in as many columns as fit", "[report][document]") {
    DocKeyValues kv{{{"Income", num(74)}, {"Supply", num(11)}, {"Treasury", num(10)}}};
    CHECK(key_values_text(kv, 78) == "Income    74   Supply    11   Treasury  10\n");
    CHECK(key_values_text(kv, 20) == "Income    74\nSupply    11\nTreasury  10\n");
}

TEST_CASE("HTML escapes every text a player or the pack wrote", "[report][document]") {
    const std::string evil = "<script>alert('x')</script> & \"q\"";
    const std::string safe = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;";
    Document d;
    d.title = evil;
    d.subtitle = evil;
    DocSection s{evil, "s1", {}};
    s.blocks.push_back(DocParagraph{evil, ""});
    s.blocks.push_back(DocList{{{evil, "", {{evil, "", {}}}}}, false});
    DocTable t;
    t.columns = {{evil}};
    t.rows = {{txt(evil)}};
    s.blocks.push_back(t);
    s.blocks.push_back(DocKeyValues{{{evil, txt(evil)}}});
    s.blocks.push_back(DocPre{evil});
    s.blocks.push_back(DocHeading{evil});
    DocMap m = small_map();
    m.title = evil;
    m.places[0].label = evil;
    m.places[0].title = evil;
    m.places[2].label = evil;
    m.layers[0].name = evil;
    s.blocks.push_back(m);
    d.sections.push_back(s);
    std::string html = document_html(d);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("'x'") == std::string::npos);
    std::size_t escaped = 0;
    for (std::size_t at = html.find(safe); at != std::string::npos; at = html.find(safe, at + 1))
        ++escaped;
    // title tag, h1, subtitle, nav, h2, paragraph, 2 list items, th, td, dt, dd, pre, h3, svg
    // aria-label, label, tooltip, planet label, legend name.
    CHECK(escaped >= 19);
}

TEST_CASE("the SVG map labels every place, inner ones too, and has a legend",
          "[report][document]") {
    std::string svg = map_svg(small_map());
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK_THAT(svg, Catch::Contains("aria-label=\"Test map\""));
    for (const char* code : {"101", "205", "102"})
        CHECK_THAT(svg, Catch::Contains(std::string(">") + code + "</text>"));
    CHECK_THAT(svg, Catch::Contains("<g class=\"place inner\" data-code=\"102\""));
    CHECK_THAT(svg, Catch::Contains("<g class=\"legend\""));
    // Named layers in use are in the legend; one no place uses is not.
    for (const char* name : {">Star</text>", ">Planet</text>", ">Yours</text>"})
        CHECK_THAT(svg, Catch::Contains(name));
    CHECK(svg.find("Never used") == std::string::npos);
    CHECK_THAT(svg, Catch::Contains("<line x1=\"30.0\" y1=\"30.0\" x2=\"190.0\" y2=\"110.0\"/>"));
}

TEST_CASE("on a hex map inner places sit in a row below the code, unlabelled, sized and marked",
          "[report][document]") {
    DocMap m = small_map();
    m.geometry = MapGeometry::hex;
    m.places[2].size = 4.5;
    m.places[2].mark = "se";
    m.places[2].tail = true;
    std::string svg = map_svg(m);
    // Hex 101 is column 0, row 0, an even column half a hex lower: its centre is at x = 30 +
    // 22 = 52, y = 30 + h / 2 + h / 2 = 68.1 (h = 22 sqrt 3 = 38.1). Its code is written
    // 0.42 x 22 = 9.24 above the centre; its one inner place 0.5 x 22 = 11 below it, with the
    // radius given, a dot at (r + 1.5) x 0.75 = 4.5 to the lower right and a chevron from
    // r + 1.5 to r + 4.5 to the right of the body, 3 up and down.
    CHECK_THAT(svg, Catch::Contains("<text x=\"52.0\" y=\"58.9\" font-size=\"10\""));
    CHECK_THAT(svg,
               Catch::Contains("<circle cx=\"52.0\" cy=\"79.1\" r=\"4.5\" fill=\"#5fbf77\"/>"));
    CHECK_THAT(svg, Catch::Contains("<circle cx=\"56.5\" cy=\"83.6\" r=\"1.6\""));
    CHECK_THAT(svg, Catch::Contains("<polyline points=\"58.0,76.1 61.0,79.1 58.0,82.1\""));
    CHECK(svg.find(">102</text>") == std::string::npos);
    // On a grid map inner places keep their labels, and a place without these draws none.
    std::string grid = map_svg(small_map());
    CHECK_THAT(grid, Catch::Contains(">102</text>"));
    CHECK(grid.find("<polyline") == std::string::npos);
    CHECK(grid.find("r=\"1.6\"") == std::string::npos);
}

TEST_CASE("map numbers have one decimal, written exactly as fmt writes them",
          "[report][document]") {
    std::vector<double> values = {0,    -0.0, 0.04,   0.05,   0.25,     0.35,     0.75,
                                  1.25, 2.5,  359.75, 999.95, -1.25,    -3.14,    1e8 + 0.25,
                                  1e9,  3e12, 1e300,  NAN,    INFINITY, -INFINITY};
    for (int i = 0; i < 4000; ++i) {
        values.push_back(i / 20.0);
        values.push_back(std::nextafter(i / 20.0, 0.0));
        values.push_back(std::nextafter(i / 20.0, 1e9));
        values.push_back(30 + 14 * std::cos(i * 0.01) + i);
    }
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> any(-10, 5000);
    for (int i = 0; i < 20000; ++i)
        values.push_back(any(rng));
    for (double v : values) {
        TextBuffer out(16);
        out += "x";
        append_tenths(out, v);
        INFO(fmt::format("{:.17g}", v));
        CHECK(out.take() == "x" + fmt::format("{:.1f}", v));
    }
}

TEST_CASE("a text buffer holds what was appended, across chunks", "[report][document]") {
    std::mt19937_64 rng(11);
    std::string want;
    TextBuffer got(10);
    for (int i = 0; i < 400; ++i) {
        const std::size_t n = rng() % 3 == 0 ? rng() % 3000 : rng() % 40;
        const char c = static_cast<char>('a' + i % 26);
        switch (rng() % 4) {
            case 0:
                want += std::string(n, c);
                got += std::string(n, c);
                break;
            case 1:
                want.append(n, c);
                got.append(n, c);
                break;
            case 2:
                want += c;
                got += c;
                break;
            default:
                want += std::string(std::min<std::size_t>(n, TextBuffer::kChunk), c);
                std::memset(got.room(std::min<std::size_t>(n, TextBuffer::kChunk)), c,
                            std::min<std::size_t>(n, TextBuffer::kChunk));
        }
        REQUIRE(got.size() == want.size());
    }
    CHECK(got.take() == want);
    CHECK(got.size() == 0);
}

TEST_CASE("the text map writes codes at their positions with a legend", "[report][document]") {
    std::string text = map_text(small_map(), 78);
    CHECK(text ==
          "After a code: @ Yours\n"
          "\n"
          "x 0\n"
          "0 101@\n"
          "1\n"
          "2         205\n");
    DocMap hex = small_map();
    hex.geometry = MapGeometry::hex;
    hex.places[1].x = 1;
    hex.places[1].y = 0;
    // Even columns lower by default: column 0 is half a row below column 1.
    CHECK(map_text(hex, 78) == "After a code: @ Yours\n\nx 0\n0   205\n  101@\n");
    hex.odd_columns_lower = true;
    CHECK(map_text(hex, 78) == "After a code: @ Yours\n\nx 0\n0 101@\n    205\n");
}

TEST_CASE("documents read from the pack's JSON are checked and round-trip", "[report][document]") {
    json j = json::parse(R"({
      "kind": "empire", "title": "T",
      "sections": [
        {"title": "S", "id": "s", "blocks": [
          {"type": "paragraph", "text": "p", "style": "warning"},
          {"type": "heading", "text": "Phase 1"},
          {"type": "table", "columns": [{"title": "Race"}, {"title": "VPs", "align": "right"}],
           "rows": [["a", 3], ["b", 10], ["c", 3]], "sort": {"column": 2, "descending": true}},
          {"type": "keyvalue", "items": [{"key": "k", "value": 1.5}]},
          {"type": "list", "items": ["x", {"text": "y", "items": ["z"]}], "bullets": true},
          {"type": "pre", "text": "EMPIRE ARC\n"},
          {"type": "map", "geometry": "hex", "lower_columns": "odd",
           "layers": [{"id": "home", "name": "Home", "fill": "#fff", "glyph": "*"}],
           "places": [{"code": "H0000", "x": 0, "y": 0, "layers": ["home"]},
                      {"code": "P1", "parent": "H0000", "layers": [], "size": 3.5,
                       "mark": "se", "tail": true}],
           "links": [], "legend": ["home"]}
        ]},
        {"blocks": {}}
      ]})");
    Document d = document_from_json(j);
    const auto& t = std::get<DocTable>(d.sections[0].blocks[2]);
    // Sorted by value, largest first; ties keep their order.
    CHECK(t.rows[0][0].text == "b");
    CHECK(t.rows[1][0].text == "a");
    CHECK(t.rows[2][0].text == "c");
    CHECK(std::get<DocMap>(d.sections[0].blocks[6]).odd_columns_lower);
    const MapPlace& p1 = std::get<DocMap>(d.sections[0].blocks[6]).places[1];
    CHECK((p1.size == 3.5 && p1.mark == "se" && p1.tail));
    json bad = j;
    bad["sections"][0]["blocks"][6]["places"][1]["mark"] = "up";
    CHECK_THROWS_WITH(document_from_json(bad), Catch::Contains("'up': use ne, se, sw or nw"));
    CHECK(document_from_json(document_to_json(d)) == d);
    CHECK(document_to_json(d)["format"] == kDocumentFormat);
    // The .json files are written without building the tree, byte for byte as its dump.
    CHECK(document_json_text(d) == document_to_json(d).dump(1) + "\n");
    Document odd = d;
    odd.subtitle = "quote \" backslash \\ tab\t bell\x07 del\x7f \xc3\xa9t\xc3\xa9 <&>";
    odd.sections[0].title.clear();
    odd.sections.push_back(DocSection{"", "", {DocKeyValues{}}});
    std::get<DocKeyValues>(odd.sections[0].blocks[3])
        .items.push_back(DocKeyValue{"n", DocValue{"-0", true}});
    for (const char* n : {"007", "-12", "0", "12345678901234567890", "2.25", "1e+20", "-3"})
        std::get<DocTable>(odd.sections[0].blocks[2])
            .rows.push_back({DocValue{n, false}, DocValue{n, true}});
    std::get<DocMap>(odd.sections[0].blocks[6]).layers[0].size = 6;
    CHECK(document_json_text(odd) == document_to_json(odd).dump(1) + "\n");
    // Longer than the writer's first buffer too.
    Document big = d;
    for (int i = 0; i < 3000; ++i)
        std::get<DocTable>(big.sections[0].blocks[2])
            .rows.push_back({txt("row " + std::to_string(i)), num(i)});
    CHECK(document_json_text(big).size() > 100000);
    CHECK(document_json_text(big) == document_to_json(big).dump(1) + "\n");
    // The page given the first map already drawn is the page that draws it.
    CHECK(document_html(odd, map_svg(*first_map(odd))) == document_html(odd));
    odd.title = "bad \xff byte";
    CHECK_THROWS(document_json_text(odd));

    auto error_of = [](const std::string& text) {
        try {
            document_from_json(json::parse(text));
        } catch (const DocumentError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of(R"({"title": "T", "sections": [{"blocks": [{"type": "table",
          "columns": [{"title": "a"}], "rows": [[1, 2]]}]}]})") ==
          "sections[0].blocks[0].rows[0]: 2 cells for 1 columns");
    CHECK(error_of(R"({"title": "T", "sections": [{"blocks": [{"type": "chart"}]}]})") ==
          "sections[0].blocks[0].type: unknown block type 'chart' (paragraph, list, table, "
          "keyvalue, pre, map, heading)");
    CHECK(error_of(R"({"title": "T", "sections": [{"blocks": [{"type": "map", "places":
          [{"code": "1", "x": 0, "y": 0, "layers": ["nope"]}]}]}]})") ==
          "sections[0].blocks[0].places[0].layers[0]: no layer 'nope' in this map");
    CHECK(error_of(R"({"title": "T", "sections": [{"blocks": [{"type": "table",
          "columns": [{"title": "a"}], "rows": [], "sort": {"column": 2}}]}]})") ==
          "sections[0].blocks[0].sort.column: no column 2 in a table of 1");
    CHECK(error_of(R"({"sections": []})") == "'title' is missing");
}

// The standard game's reports: the fixes players asked for (issue 14).
TEST_CASE("the standard game's reports give a mail player what it needs", "[report][starchase]") {
    const Pack& pack = test::starchase();
    Diagnostics diags;
    Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                 "small.toml", pack, diags);
    REQUIRE_FALSE(diags.has_errors());
    GameState st = create_game(sc, pack, 5);
    TurnRecord last;
    AutoplayOptions opts;
    opts.turns = 4;
    opts.on_turn = [&](const GameState&, const TurnRecord& rec) { last = rec; };
    autoplay(st, pack, opts);
    Runtime rt(pack, st);
    ReportFacts facts{"Fix game",
                      "Gail Master",
                      "gm@example.org",
                      {"Deadline moves to Friday.", "Welcome, <new> players!"},
                      &last};
    PackDocuments docs = build_pack_documents(rt, facts, {"ARC"}, true);
    Document arc = document_from_tree(docs.empires.at(0).second);
    Document game = document_from_tree(docs.game);
    const std::string text = document_text(arc);
    CHECK(widest(text) <= 80);

    SECTION("the text report lists each seen star's known links") {
        const auto seen = test::sight(st, "ARC", "seen");
        const auto explored = test::sight(st, "ARC", "explored");
        const DocTable* table = nullptr;
        for (const DocSection& s : arc.sections)
            if (s.id == "seen") table = &std::get<DocTable>(s.blocks.at(0));
        REQUIRE(table != nullptr);
        CHECK(table->columns.back().title == "Links known");
        // Every link of an explored star to a seen one is listed on the star's row.
        int checked = 0;
        for (const auto& row : table->rows) {
            PlaceCode c = std::stoi(row[0].text);
            if (!std::count(explored.begin(), explored.end(), c)) continue;
            for (PlaceCode other : st.galaxy.at(c).links) {
                if (!std::count(seen.begin(), seen.end(), other)) continue;
                CHECK_THAT(row.back().text, Catch::Contains(st.galaxy.code_str(other)));
                ++checked;
            }
        }
        CHECK(checked > 5);
        CHECK_THAT(text, Catch::Contains("Links known"));
    }

    SECTION("the ASCII map writes system codes, the player's own marked") {
        const DocMap* m = first_map(arc);
        REQUIRE(m != nullptr);
        std::string map = map_text(*m, kTextWidth);
        for (std::int64_t c : st.find(st.field("holding", "owner"), std::string("ARC"))) {
            if (st.galaxy.at(static_cast<PlaceCode>(c)).inner()) continue;
            CHECK_THAT(map, Catch::Contains(st.galaxy.code_str(static_cast<PlaceCode>(c)) + "@"));
        }
        CHECK_THAT(text, Catch::Contains("After a code: @ Yours"));
    }

    SECTION("the HTML map has a legend and labels planets and belts") {
        std::string html = document_html(arc);
        CHECK_THAT(html, Catch::Contains("<g class=\"legend\""));
        for (const char* kind : {">Planet</text>", ">Asteroid belt</text>", ">Yours</text>"})
            CHECK_THAT(html, Catch::Contains(kind));
        const DocMap* m = first_map(arc);
        int inner = 0;
        for (const MapPlace& p : m->places) {
            if (p.parent.empty()) continue;
            ++inner;
            CHECK_THAT(html, Catch::Contains("data-code=\"" + p.code + "\""));
            CHECK(std::regex_search(html, std::regex("class=\"place inner\" data-code=\"" + p.code +
                                                     "\"[^\\n]*>" + p.code + "</text>")));
        }
        CHECK(inner > 0);
    }

    SECTION("tech and economy names are in words") {
        CHECK_THAT(text, Catch::Contains("Agri Tech (AT)"));
        CHECK_THAT(text, Catch::Contains("Balance for next turn"));
        CHECK_THAT(text, Catch::Contains("Cruisers lost in space"));
        CHECK_THAT(document_text(game), Catch::Contains("Tech "));
        CHECK_FALSE(std::regex_search(document_text(game), std::regex("\\b[A-Z]{2} [0-9]")));
    }

    SECTION("the game report shows the GM's name, address and messages") {
        std::string g = document_text(game);
        CHECK_THAT(g, Catch::Contains("GM: Gail Master <gm@example.org>"));
        CHECK_THAT(g, Catch::Contains("From the GM\n-----------\nDeadline moves to Friday.\n"));
        CHECK_THAT(document_html(game), Catch::Contains("Welcome, &lt;new&gt; players!"));
        CHECK_THAT(text, Catch::Contains("Send it to Gail Master <gm@example.org>."));
    }
}

TEST_CASE("counts agree with their nouns in every report line", "[report][starchase]") {
    const Pack& pack = test::starchase();
    Diagnostics diags;
    Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                 "small.toml", pack, diags);
    const std::regex one_plural(
        "(^|[^0-9])1 (surviving |reserve |defending |treasury )?(cruisers|fighters|colony "
        "ships|BPs|VPs)\\b");
    int ones = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        GameState st = create_game(sc, pack, seed);
        AutoplayOptions opts;
        opts.turns = 6;
        opts.on_turn = [&](const GameState&, const TurnRecord& rec) {
            std::string lines = turn_record_to_json(rec).dump();
            CHECK_FALSE(std::regex_search(lines, one_plural));
            for (std::size_t at = lines.find("\"1 cruiser "); at != std::string::npos;
                 at = lines.find("\"1 cruiser ", at + 1))
                ++ones;
        };
        autoplay(st, pack, opts);
    }
    CHECK(ones > 0);  // the singular does occur
}

// Reports are checked and rendered while the pack builds the next one: a failing pack call
// still wins over a bad document built before it, and bad documents are named in report order.
TEST_CASE("report errors come in the order of a run that builds every document first",
          "[report][document]") {
    auto write = [](const std::filesystem::path& p, const std::string& text) {
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p) << text;
    };
    auto error_of = [&](const std::string& report_lua) {
        std::filesystem::path dir = test::temp_dir("report-order") / "variant";
        write(dir / "pack.toml",
              "[pack]\nname = \"Report order\"\nversion = \"0.1\"\nextends = \"starchase\"\n");
        write(dir / "report.lua", report_lua);
        Diagnostics d;
        Pack pack = Pack::load(dir, d);
        REQUIRE_FALSE(d.has_errors());
        Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                     "small.toml", pack, d);
        REQUIRE_FALSE(d.has_errors());
        GameState st = create_game(sc, pack, 5);
        try {
            report_files(st, nullptr, pack, ReportContext{"Order", "GM"});
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string bad_docs = R"(
local R = {}
function R.empire(ctx, code)
  if code == state.empires()[3] then FAIL end
  return { title = code, sections = { { blocks = { { type = "chart" } } } } }
end
function R.game(ctx) return { title = "G", sections = {} } end
return R
)";
    // Empires 1 and 2 built bad documents before empire 3's call failed: the failure is told.
    std::string failed = error_of(
        std::regex_replace(bad_docs, std::regex("FAIL"), "error(\"no report for \" .. code)"));
    CHECK_THAT(failed, Catch::Contains("no report for"));
    CHECK_THAT(failed, !Catch::Contains("bad document"));
    // Every call succeeds: the first empire's bad document is told.
    std::string bad = error_of(std::regex_replace(bad_docs, std::regex("FAIL"), "local _ = 1"));
    CHECK_THAT(bad, Catch::StartsWith("report.lua built a bad document for empire "));
    CHECK_THAT(bad, Catch::Contains("sections[0].blocks[0].type: unknown block type 'chart'"));
}
