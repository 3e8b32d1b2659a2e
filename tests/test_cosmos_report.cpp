// COSMOS reports (seed 004 section 3; rules/cosmos/report): the map in each race's own
// coordinates worked out by hand, including a hex across the wrapping edge; the parts of the
// report and their contents checked against the state (no golden files); no other race's hidden
// data in any format; the same seed gives the same bytes.

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "core/rng.hpp"
#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "lua/pack_orders.hpp"
#include "lua/pack_reports.hpp"
#include "lua/runtime.hpp"
#include "report/document_html.hpp"
#include "report/document_json.hpp"
#include "report/document_text.hpp"
#include "report/map_svg.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

GameState small_game(std::uint64_t seed) {
    auto path = test::source_dir() / "scenarios" / "cosmos_small.toml";
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), test::cosmos(), d);
    REQUIRE_FALSE(d.has_errors());
    return create_game(sc, test::cosmos(), seed);
}

// The small game after `turns` turns of computer players, and the last turn's record.
std::pair<GameState, TurnRecord> played(std::uint64_t seed, int turns) {
    GameState st = small_game(seed);
    TurnRecord last;
    AutoplayOptions opts;
    opts.turns = turns;
    opts.on_turn = [&](const GameState&, const TurnRecord& rec) { last = rec; };
    autoplay(st, test::cosmos(), opts);
    return {std::move(st), std::move(last)};
}

// The documents of the races named (and the game report if asked), as the pack builds them.
PackDocuments documents(const GameState& st, const TurnRecord* rec,
                        const std::vector<std::string>& races, bool game) {
    Runtime rt(test::cosmos(), st);
    ReportFacts facts{"report test", "The GM", "gm@example.org", {"Hello from the GM."}, rec};
    return build_pack_documents(rt, facts, races, game);
}

Document race_document(const GameState& st, const TurnRecord* rec, const std::string& race) {
    return document_from_tree(documents(st, rec, {race}, false).empires.at(0).second);
}

std::string all_formats(const Document& d) {
    const DocMap* m = first_map(d);
    return document_to_json(d).dump(1) + "\n=== text\n" + document_text(d) + "\n=== html\n" +
           document_html(d) + "\n=== svg\n" + (m ? map_svg(*m) : std::string());
}

std::string first_difference(const std::string& a, const std::string& b) {
    std::istringstream sa(a), sb(b);
    std::string la, lb;
    for (int n = 1;; ++n) {
        bool ga = static_cast<bool>(std::getline(sa, la)),
             gb = static_cast<bool>(std::getline(sb, lb));
        if (!ga && !gb) return "(no difference)";
        if (la != lb || ga != gb)
            return "line " + std::to_string(n) + ":\n  real:      " + la + "\n  scrambled: " + lb;
    }
}

// Runs a Lua chunk that may change the state (a test's hand-built scenario or scrambling).
std::string change(GameState& st, const std::string& code, std::uint64_t seed = 1) {
    Runtime rt(test::cosmos(), st);
    Rng rng{StreamKey{seed, 0, "", 0, "test"}};
    rt.host().set_context(ScriptContext{&st, &test::cosmos(), &rng});
    return test::eval_lua(rt.host(), code, "rules/cosmos/test.lua");
}

const DocSection& section(const Document& d, const std::string& id) {
    for (const DocSection& s : d.sections)
        if (s.id == id) return s;
    FAIL("no section " << id);
    throw std::logic_error("unreachable");
}

template <class Block>
std::vector<const Block*> blocks_of(const DocSection& s) {
    std::vector<const Block*> out;
    for (const DocBlock& b : s.blocks)
        if (const auto* x = std::get_if<Block>(&b)) out.push_back(x);
    return out;
}

// Every place of the first map without a parent, as "code x,y glyph-layers".
std::vector<std::string> outer_places(const Document& d) {
    const DocMap* m = first_map(d);
    REQUIRE(m != nullptr);
    std::vector<std::string> out;
    for (const MapPlace& p : m->places)
        if (p.parent.empty())
            out.push_back(p.code + " " + std::to_string(p.x) + "," + std::to_string(p.y));
    return out;
}

}  // namespace

TEST_CASE("5, figure 2, 3: the map is drawn in the race's own coordinates, across the wrap",
          "[cosmos][report]") {
    GameState st = small_game(3);
    // Hand-built: race 1's home is put at GM hex H0203 of the 14 x 14 map; the race sees it at
    // the centre, H0707, so columns shift by +5. Even columns stand half a hex lower, so a hex
    // in a column of the home's parity shifts by +4 rows and one in the other parity by +3:
    // H0303 (north-east of H0203) is seen at H0806, H0304 (south-east) at H0807. West of
    // column 1 lies column 14 displaced by half the height (figure 2: north-east from H0602 on
    // a 6 x 6 map is H0105): GM H1410 is column 0 row 3 unwrapped, two columns west of the
    // home in its parity, so H0507; GM H1403 is column 0 row 10, so H0514. The race's three
    // fleets are moved to GM H1410; its chart is these five hexes and nothing else.
    change(st, R"(
      state.set("empire", "1", { home = 203 })
      state.set("chart", "1", { mapped = { 203, 303, 304, 1410, 1403 }, explored = {} })
      for _, id in ipairs(state.ids("fleet")) do
        if state.fleet(id).owner == "1" then state.set("fleet", id, { hex = 1410 }) end
      end)");
    Document d = race_document(st, nullptr, "1");
    CHECK(outer_places(d) ==
          std::vector<std::string>{"0507 5,7", "0514 5,14", "0707 7,7", "0806 8,6", "0807 8,7"});
    const DocMap* m = first_map(d);
    CHECK_FALSE(m->odd_columns_lower);
    for (const MapPlace& p : m->places)
        if (p.code == "0507")
            CHECK(std::find(p.layers.begin(), p.layers.end(), "your-ships") != p.layers.end());
    std::string text = document_text(d);
    INFO(text);
    // The text map writes each hex's ID (without the H, as the seed's maps do) and its mark; the
    // fleets' hex has "+" for the race's ships.
    CHECK(text.find("0507+") != std::string::npos);
    CHECK(text.find("your home system is H0707") != std::string::npos);
    // Map notes and the status report name the fleets' hex as the race writes it.
    CHECK(text.find("H0507 ") != std::string::npos);
    CHECK(text.find("Fleet S0100 at H0507") != std::string::npos);
    CHECK(text.find("H1410") == std::string::npos);
}

TEST_CASE(
    "3, 8.3, 5.1: a colony's line in its nouns, what it lacks to be happy; planets drawn "
    "by size with their minerals",
    "[cosmos][report]") {
    GameState st = small_game(3);
    // Race 1's home colony as the set-up makes it (8.5): 50 population, 25 industries, a size
    // 15 starport, 5 bases, 10 research centres, no shields, 130 i.p. 8.3: with 50 working
    // units running 1 industry each (no Robotic Industry) it needs 50 / 3 .. 100 / 3 = 17 to 33
    // industries (it has 25), and at least half its population, 25, in bases, research centres
    // and starport size: it lacks those three.
    auto colony_line = [&]() {
        Document d = race_document(st, nullptr, "1");
        for (const DocList* l : blocks_of<DocList>(section(d, "status")))
            for (const DocListItem& i : l->items)
                if (i.text.rfind("C", 0) == 0) return i.text;
        return std::string();
    };
    const std::string name = change(st, R"(
      for _, id in ipairs(state.ids("colony")) do
        local c = state.colony(id)
        if c.owner == "1" then
          local p = state.planet(c.planet)
          return string.format("C%03d %s", p.number, p.name)
        end
      end)");
    CHECK(colony_line() == name +
                               " (terran 80/2) at H0707: 50 population units, 25 industries, a "
                               "starport of 15, 5 defence bases, 10 research centres, no "
                               "shields; 130 i.p. in store; not happy: it needs at least 25 "
                               "defence bases (has 5); at least 25 research centres (has 10); a "
                               "starport of at least 25 (has 15)");
    // With 25 of each, and 1 shield, it is happy (shields count only with Planet Shield).
    change(st, R"(
      for _, id in ipairs(state.find("colony", "owner", "1")) do
        state.set("colony", id, { bases = 25, research = 25, starport = 25, shields = 1 })
      end)");
    CHECK(colony_line() == name +
                               " (terran 80/2) at H0707: 50 population units, 25 industries, a "
                               "starport of 25, 25 defence bases, 25 research centres, 1 shield; "
                               "130 i.p. in store; happy");
    // The map (5.1): the home planet, terran of size 80 and minerals 2, is drawn with the
    // largest radius, 4.5 x sqrt(80 / 80) = 4.5, its moon at the lower right (minerals 2).
    const DocMap* m = first_map(race_document(st, nullptr, "1"));
    REQUIRE(m != nullptr);
    bool drawn = false;
    for (const MapPlace& p : m->places)
        if (p.code.rfind("P", 0) == 0) drawn = drawn || (p.size == 4.5 && p.mark == "se");
    CHECK(drawn);
}

TEST_CASE("3, 15: the status report gives what overtime costs next turn", "[cosmos][report]") {
    GameState st = small_game(3);
    // Race 1 made 2431 i.p. with 222 working population units and has Superlogistics: an
    // overtime administration point costs 2 x 2431 / 222 x 1.4 = 30.66, rounded up 31 i.p.
    // (15.2); its colonies have 12 + 3 research centres: at most 15 r.p. overtime, 4 i.p. each
    // (15.1).
    change(st, R"(
      state.set("empire", "1", { production = 2431, population = 222 })
      state.set_entry("empire", "1", "techs", "SU", 0)
      local n = 0
      for _, id in ipairs(state.find("colony", "owner", "1")) do
        n = n + 1
        state.set("colony", id, { research = n == 1 and 12 or 0 })
      end
      local c = state.colony(state.find("colony", "owner", "1")[1])
      local pid = state.create("planet", { number = 999, hex = state.planet(c.planet).hex,
        kind = "barren", size = 20, minerals = 3, name = "Annex" })
      state.create("colony", { planet = pid, owner = "1", population = 5, industries = 0,
        starport = 0, bases = 0, research = 3, shields = 0, ip = 0 }))");
    const Document d = race_document(st, nullptr, "1");
    std::map<std::string, std::string> kv;
    for (const DocKeyValues* k : blocks_of<DocKeyValues>(section(d, "status")))
        for (const DocKeyValue& i : k->items)
            kv[i.key] = i.value.text;
    CHECK(kv["Overtime administration"] == "31 i.p. a point, n x n times that for the n-th");
    CHECK(kv["Overtime research"] == "at most 15 r.p. (1 per research centre), 4 i.p. each");
}

TEST_CASE("3: a race's report has every part of section 3, true to the state", "[cosmos][report]") {
    auto [st, rec] = played(5, 3);
    PackDocuments docs = documents(st, &rec, {"1", "2", "3", "4"}, true);
    for (const auto& [race, tree] : docs.empires) {
        INFO("race " << race);
        Document d = document_from_tree(tree);
        std::vector<std::string> ids;
        for (const DocSection& s : d.sections)
            ids.push_back(s.id);
        CHECK(ids == std::vector<std::string>{"gm", "map", "map-notes", "status", "events", "notes",
                                              "turnsheet"});
        // Status: the victory points, administration limit and r.p. are the state's.
        std::map<std::string, std::string> kv;
        for (const DocKeyValues* k : blocks_of<DocKeyValues>(section(d, "status")))
            for (const DocKeyValue& i : k->items)
                kv[i.key] = i.value.text;
        const std::string vps = change(st, "return tostring(state.empire('" + race + "').vps)");
        CHECK(kv["Victory points"] == vps);
        CHECK(kv["R.p. for next turn"] ==
              change(st, "return tostring(state.empire('" + race + "').research_points)"));
        CHECK(kv.count("Administration limit") == 1);
        // Population: the colonies' now, and the change over the turn ends at the same figure.
        std::int64_t pop = std::stoll(change(st,
                                             "local n = 0 for _, id in ipairs(state.ids("
                                             "'colony')) do local c = state.colony(id) if "
                                             "c.owner == '" +
                                                 race +
                                                 "' then n = n + c.population end "
                                                 "end return tostring(n)"));
        CHECK(kv["Population"] == std::to_string(pop));
        bool change_line = false;
        for (const DocParagraph* p : blocks_of<DocParagraph>(section(d, "status")))
            change_line = change_line || p->text.find(" to " + std::to_string(pop) +
                                                      " this turn") != std::string::npos;
        CHECK(change_line);
        // Event report: the statistics, each column sorted by value, highest first, one row a
        // race in play; the race's own score is among them.
        auto tables = blocks_of<DocTable>(section(d, "events"));
        REQUIRE_FALSE(tables.empty());
        const DocTable& stats = *tables.back();
        CHECK(stats.columns.size() == 7);
        CHECK(stats.rows.size() == 4);
        for (std::size_t c = 1; c < stats.columns.size(); ++c)
            for (std::size_t r = 1; r < stats.rows.size(); ++r)
                CHECK(std::stoll(stats.rows[r - 1][c].text) >= std::stoll(stats.rows[r][c].text));
        bool mine = false;
        for (const auto& row : stats.rows)
            mine = mine || row[1].text == vps;
        CHECK(mine);
        // Phases appear in order, and only phases 1-12 between "Orders received" and production.
        int last = 0;
        for (const DocHeading* h : blocks_of<DocHeading>(section(d, "events")))
            if (h->text.rfind("Phase ", 0) == 0) {
                int n = std::stoi(h->text.substr(6));
                CHECK(n > last);
                CHECK(n <= 12);
                last = n;
            }
        // Notes: the orders as processed, each one of the race's units or a general order.
        auto pre = blocks_of<DocPre>(section(d, "notes"));
        REQUIRE(pre.size() == 1);
        CHECK_FALSE(pre[0]->text.empty());
        // The blank sheet for next turn (2): the race's header with its secret line left for
        // the player (no report shows a secret) and a block per colony and fleet; the grammar
        // reads it without a problem once the secret is written in.
        auto sheet = blocks_of<DocPre>(section(d, "turnsheet"));
        REQUIRE(sheet.size() == 1);
        const std::string secret = st.find_empire(race)->secret;
        CHECK(sheet[0]->text.find(secret) == std::string::npos);
        CHECK(sheet[0]->text.find("turn 4\nsecret\nrace " + race + ":\n") != std::string::npos);
        const std::string colonies =
            change(st, "return tostring(#state.find('colony', 'owner', '" + race + "'))");
        const std::string fleets = change(
            st,
            "local n = 0 for _, id in ipairs(state.ids('fleet')) do if state.fleet(id).owner "
            "== '" +
                race + "' then n = n + 1 end end return tostring(n)");
        std::size_t blocks_c = 0, blocks_s = 0;
        std::istringstream lines(sheet[0]->text);
        for (std::string line; std::getline(lines, line);) {
            if (line.size() > 5 && line[0] == 'C' && line[4] == ':') ++blocks_c;
            if (line.size() > 6 && line[0] == 'S' && line[5] == ':') ++blocks_s;
        }
        CHECK(std::to_string(blocks_c) == colonies);
        CHECK(std::to_string(blocks_s) == fleets);
        {
            GameState scratch = st;
            Runtime rt(test::cosmos(), scratch);
            std::string filled = sheet[0]->text;
            filled.replace(filled.find("\nsecret\n"), 8, "\nsecret " + secret + "\n");
            ReadSheet read = read_sheet(rt, filled, "blank.txt");
            CHECK(read.findings.all().empty());
            CHECK(read.header.secret.text == secret);
        }
        // Text for mail: at most 78 columns.
        std::istringstream text(document_text(d));
        for (std::string line; std::getline(text, line);)
            CHECK(line.size() <= 78);
    }
    Document game = document_from_tree(docs.game);
    std::string text = document_text(game);
    CHECK(text.find("Game master: The GM <gm@example.org>") != std::string::npos);
    // The game report names no race's score while the game goes on (1.1), nor the last turn.
    CHECK(text.find("Final scores") == std::string::npos);
    CHECK(text.find("last turn") == std::string::npos);
    // Race 4, a computer player of the scenario without a player's name, is "Computer" in the
    // races' table, never a dash with "(computer)".
    CHECK(text.find("Computer") != std::string::npos);
    CHECK(text.find("- (computer)") == std::string::npos);
}

TEST_CASE("1.1, 3: the turn 0 report has no event report and gives the hints of 3.1",
          "[cosmos][report]") {
    GameState st = small_game(4);
    Document d = race_document(st, nullptr, "2");
    for (const DocSection& s : d.sections)
        CHECK(s.id != "events");
    CHECK(document_text(d).find("Within 4 hexes of your home system:") != std::string::npos);
}

TEST_CASE("3, 5: reports never show another race's hidden data", "[cosmos][report][leaks]") {
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto [st, rec] = played(seed, 4);
        for (const char* me : {"1", "2", "3", "4"}) {
            std::string real = all_formats(race_document(st, &rec, me));
            GameState other = st;
            // Everything the race may not know: other races' research, policies, charts,
            // surveys, orders, aliases, technologies taught and signals; where their fleets
            // are now, what they carry and whether they are cloaked; their colonies' insides;
            // planet names (a race knows the names of its last exploration); the hidden last
            // turn; other races' lines of the record.
            change(other, std::string("local me = '") + me + R"('
              local function r(n) return math.random(0, n) end
              for _, code in ipairs(state.empires()) do
                if code ~= me then
                  state.set("empire", code, { research_points = r(500), paid = {},
                    policy = { [me] = "enemy" }, taught = { IC = r(9) },
                    aliases = { secret = "S0100" }, alias_counts = { ["secret."] = r(9) } })
                  state.set("chart", code, { mapped = {}, explored = {} })
                end
              end
              local width, height = galaxy.size_of()
              for _, id in ipairs(state.ids("fleet")) do
                if state.fleet(id).owner ~= me then
                  state.set("fleet", id, { hex = (r(width - 1) + 1) * 100 + r(height - 1) + 1,
                    out_of_range = true })
                end
              end
              for _, id in ipairs(state.ids("ship")) do
                if state.ship(id).owner ~= me then
                  state.set("ship", id, { cargo = r(50), damage = 0, cloaked = true,
                    signals = { "SECRET" } })
                end
              end
              local mine = {}
              for _, id in ipairs(state.ids("colony")) do
                local c = state.colony(id)
                if c.owner == me then mine[c.planet] = true else
                  state.set("colony", id, { industries = r(99), bases = r(99), ip = r(999),
                    research = r(50), starport = r(40), signals = { "SECRET" } })
                end
              end
              for _, id in ipairs(state.ids("planet")) do
                if not mine[id] then state.set("planet", id, { name = "SECRET" .. r(9) }) end
              end
              for _, id in ipairs(state.ids("survey")) do
                if state.get("survey", id).race ~= me then state.set("survey", id, { name = "SECRET" }) end
              end
              for _, id in ipairs(state.ids("queued")) do
                if state.get("queued", id).owner ~= me then
                  state.set("queued", id, { args = { "SECRET" } })
                end
              end
              state.set_game({ last_turn = 12 + r(2) }))",
                   seed * 10 + static_cast<std::uint64_t>(me[0]));
            TurnRecord stripped = rec;
            stripped.notes.clear();
            for (const PhaseNote& n : rec.notes)
                if (n.empire == me || n.empire.empty()) stripped.notes.push_back(n);
            stripped.actions.clear();
            std::string scrambled = all_formats(race_document(other, &stripped, me));
            INFO("seed " << seed << " race " << me << ": " << first_difference(real, scrambled));
            CHECK(real == scrambled);
            // Another race's order words never reach the report.
            CHECK(scrambled.find("SECRET") == std::string::npos);
            ++checked;
        }
    }
    CHECK(checked == 12);
}

TEST_CASE("3: the same seed gives the same report bytes", "[cosmos][report]") {
    auto a = played(9, 3);
    auto b = played(9, 3);
    PackDocuments da = documents(a.first, &a.second, {"1", "2", "3", "4"}, true);
    PackDocuments db = documents(b.first, &b.second, {"1", "2", "3", "4"}, true);
    for (std::size_t i = 0; i < da.empires.size(); ++i)
        CHECK(all_formats(document_from_tree(da.empires[i].second)) ==
              all_formats(document_from_tree(db.empires[i].second)));
    CHECK(document_text(document_from_tree(da.game)) == document_text(document_from_tree(db.game)));
}

TEST_CASE(
    "3, 5, 5.1: a race sees other races' fleets only where it has units, with the last "
    "phase; ship markers by relation and guns",
    "[cosmos][report]") {
    GameState st = small_game(3);
    st.turn += 1;
    // Race 2's corvette S0202 is put in race 1's home system and race 1 declares race 2 enemy
    // (the surprise attack of test_cosmos_turn.cpp). Fleets are observed after they act in
    // phase 1, so race 1 sees S0202 in phase 1 before the battle destroys it: its map notes say
    // "(phase 1)". Race 2 saw race 1's three one-ship fleets (scouts S0100 and S0101, 0 guns;
    // corvette S0102, 2 guns) in phase 1 and has nothing there afterwards: "(phase 1)" too.
    // Race 3 has no unit in that system and sees none of them. Race 1's own notes name its
    // fleets, never as seen ones.
    std::string out = change(st, R"(
      local function ship(number)
        for _, id in ipairs(state.ids("ship")) do
          local s = state.ship(id)
          if s.number == number then return s, state.fleet(s.fleet) end
        end
      end
      local _, f = ship(202)
      local _, home = ship(102)
      state.set("fleet", f.id, { hex = home.hex })
      local sheets = {}
      for _, r in ipairs({ "1", "2", "3", "4" }) do sheets[r] = { general = {}, units = {} } end
      sheets["1"].general = { { verb = "policy", args = { "2", "enemy" } } }
      local turn = { log = {}, results = {}, messages = {}, in_play = {} }
      import("turn").run({ sheets = sheets, computer = {} }, turn)
      local ctx = { game = { name = "g", gm = "", gm_address = "" }, gm_messages = {}, turn = 1,
        record = { notes = turn.log, messages = {} } }
      local out = {}
      for _, race in ipairs({ "1", "2", "3" }) do
        local doc = import("report").empire(ctx, race)
        for _, s in ipairs(doc.sections) do
          if s.id == "map" then
            for _, b in ipairs(s.blocks) do
              for _, pl in ipairs(b.type == "map" and b.places or {}) do
                if pl.parent and not pl.code:find("^P") and
                    (race == "1" or not pl.code:find("%-fleets$")) then
                  out[#out + 1] = string.format("%s: marker %s %s%s", race,
                    pl.code:match("%-(.*)$"), tostring(pl.size), pl.tail and " moved" or "")
                end
              end
            end
          end
          if s.id == "map-notes" then
            for _, item in ipairs(s.blocks[1].items) do
              for _, sub in ipairs(type(item) == "table" and item.items or {}) do
                if sub:find("of race") and not sub:find("^P") then
                  out[#out + 1] = race .. ": " .. sub
                end
              end
            end
          end
        end
      end
      return table.concat(out, "\n"))");
    // The map (5.1, figure 4): race 1 has a marker for its own fleets in its home hex, sized by
    // their 2 guns: 2 + 4 ln(1 + 2) / ln(1001) = 2.64, 2.6 px; and one for the enemy fleet it
    // saw (race 1 holds race 2 an enemy), also 2 guns, with a chevron: it was seen only in phase
    // 1 (the battle destroyed it). Race 2, which turned enemy at the end of phase 1 (4), has one
    // enemy marker for race 1's three fleets, 2 guns in all, also seen in phase 1 only.
    CHECK(out ==
          "1: marker fleets 2.6\n"
          "1: marker enemy 2.6 moved\n"
          "1: fleet S0202 of race 2: 1 ship (1 Corvette), 2 guns (phase 1)\n"
          "2: marker enemy 2.6 moved\n"
          "2: fleet S0100 of race 1: 1 ship (1 Scout), 0 guns (phase 1)\n"
          "2: fleet S0101 of race 1: 1 ship (1 Scout), 0 guns (phase 1)\n"
          "2: fleet S0102 of race 1: 1 ship (1 Corvette), 2 guns (phase 1)");
}
