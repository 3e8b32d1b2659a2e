// Reports show nothing an empire may not know (RULINGS.md "Visibility and reports"). Property
// test over random computer games: for every empire, scramble everything it cannot know (other
// empires' holdings outside what it owns or scouted, kinds of systems it never saw, other
// empires' money, techs and probes, other empires' outcome records except the lines addressed
// to it) and require every report format to stay byte for byte the same. A difference prints
// the leaked line. The same for `check` (and the web's check, the same code): random sheets
// checked against two states that differ only in what the empire cannot see (in the standard
// game also places that exist in one of them only, and links its report does not show; in
// COSMOS other races' ship numbers) give the same output, byte for byte.

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "core/rng.hpp"
#include "game/autoplay.hpp"
#include "game/check_json.hpp"
#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/pack_reports.hpp"
#include "lua/runtime.hpp"
#include "report/document_html.hpp"
#include "report/document_json.hpp"
#include "report/document_text.hpp"
#include "report/map_svg.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// An empire's report as the pack builds it (the document, checked against the model).
Document empire_document(const GameState& st, const TurnRecord& rec, const Pack& pack,
                         const std::string& empire) {
    Runtime rt(pack, st);
    ReportFacts facts{"leak test", "gm", "gm@example.org", {"A word from the GM."}, &rec};
    PackDocuments docs = build_pack_documents(rt, facts, {empire}, false);
    return document_from_tree(docs.empires.at(0).second);
}

std::string all_formats(const GameState& st, const TurnRecord& rec, const Pack& pack,
                        const std::string& empire) {
    Document d = empire_document(st, rec, pack, empire);
    const DocMap* m = first_map(d);
    return document_to_json(d).dump(1) + "\n=== text\n" + document_text(d) + "\n=== html\n" +
           document_html(d) + "\n=== svg\n" + (m ? map_svg(*m) : std::string());
}

// The blocks of the section with an id.
const DocSection& section(const Document& d, const std::string& id) {
    for (const DocSection& s : d.sections)
        if (s.id == id) return s;
    FAIL("no section " << id);
    throw std::logic_error("unreachable");
}

// The first table of a section.
const DocTable& table_of(const Document& d, const std::string& id) {
    for (const DocBlock& b : section(d, id).blocks)
        if (const auto* t = std::get_if<DocTable>(&b)) return *t;
    FAIL("no table in section " << id);
    throw std::logic_error("unreachable");
}

// The first line where two renderings differ, for the failure message.
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

bool hidden(const GameState& st, const std::string& me, PlaceCode c) {
    const auto scouted = test::sight(st, me, "scouted");
    if (test::owner(st, c) == me || std::count(scouted.begin(), scouted.end(), c)) return false;
    // The parent star of one of our planets decides whether it is blockaded: known by the rules.
    for (PlaceCode s : st.galaxy.at(c).links) {
        const Place& p = st.galaxy.at(s);
        if (p.inner() && p.parent == c && test::owner(st, s) == me) return false;
    }
    return true;
}

// A random subset of the map's places, sorted (a set of places).
IntList random_places(const GameState& st, Rng& rng) {
    IntList out;
    for (const auto& [code, p] : st.galaxy.places())
        if (rng.below(3) == 0) out.push_back(code);
    return out;
}

void scramble(GameState& st, TurnRecord& rec, const Pack& pack, const std::string& me_code,
              std::uint64_t seed) {
    Rng rng(StreamKey{seed, 0, me_code, 0, "scramble"});
    std::vector<std::string> others;
    for (const Empire& e : st.empires)
        if (e.code != me_code) others.push_back(e.code);
    const auto seen = test::sight(st, me_code, "seen");
    std::vector<std::string> stars, sats;
    for (const KindDef& k : pack.kinds())
        (k.inner ? sats : stars).push_back(k.code);
    const int holding = st.kind("holding");
    std::vector<PlaceCode> codes;
    for (const auto& [code, place] : st.galaxy.places())
        codes.push_back(code);
    for (PlaceCode code : codes) {
        if (!std::count(seen.begin(), seen.end(), code)) {
            const auto& pool = st.galaxy.at(code).inner() ? sats : stars;
            st.galaxy.set_kind(code, pool[rng.below(static_cast<std::uint32_t>(pool.size()))]);
        }
        if (!hidden(st, me_code, code)) continue;
        // A new holding in place of whatever was there.
        st.records.erase(holding, code);
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(others.size() + 1)));
        if (pick < static_cast<int>(others.size()))
            test::set_hold(st, code, "owner", others[static_cast<std::size_t>(pick)]);
        test::set_hold(st, code, "population", std::int64_t{rng.below(30)});
        test::set_hold(st, code, "industry", std::int64_t{rng.below(30)});
        test::set_hold(st, code, "cruisers", std::int64_t{rng.below(40)});
        test::set_hold(st, code, "fighters", std::int64_t{rng.below(9)});
        test::set_hold(st, code, "colony_ships", std::int64_t{rng.below(3)});
        test::set_hold(st, code, "mode", rng.below(2) ? "defend" : "retreat");
        test::set_hold(st, code, "name", rng.below(2) ? "Secret Base" : "");
        test::set_hold(st, code, "ever_owned", std::int64_t{1});
    }
    for (Empire& e : st.empires) {
        if (e.code == me_code) continue;
        e.secret = "SCRAMBLED";
    }
    for (const std::string& code : others) {
        test::set_emp(st, code, "treasury", std::int64_t{rng.below(500)});
        test::set_emp(st, code, "balance", std::int64_t{rng.below(500)});
        test::set_emp(st, code, "vps", std::int64_t{rng.below(900)});
        test::set_emp(st, code, "reserve", std::int64_t{rng.below(50)});
        test::set_emp(st, code, "lost_in_space", std::int64_t{rng.below(50)});
        IntMap levels = test::techs(st, code);
        for (auto& [t, lvl] : levels)
            lvl = rng.below(9);
        test::set_emp(st, code, "techs", levels);
        // What other empires have seen, explored and scouted is theirs alone.
        for (const char* set : {"seen", "explored", "scouted"})
            test::set_field(st, "sight", st.empire_index(code), set, random_places(st, rng));
    }
    // Only our own probes remain.
    const int probe = st.kind("probe");
    std::vector<std::int64_t> theirs;
    for (const auto& [id, row] : st.records.rows(probe))
        if (st.text(st.field("probe", "empire"), id) != me_code) theirs.push_back(id);
    for (std::int64_t id : theirs)
        st.records.erase(probe, id);
    // Other empires' outcome records: only the lines addressed to us may show.
    std::vector<ActionResult> kept;
    for (const ActionResult& a : rec.actions) {
        if (a.empire == me_code) {
            kept.push_back(a);
            continue;
        }
        ActionResult stripped;
        stripped.round = a.round;
        stripped.empire = a.empire;
        stripped.action = "SCRAMBLED";
        stripped.text = "SCRAMBLED";
        for (const TurnEvent& ev : a.events)
            if (ev.empire == me_code) stripped.events.push_back(ev);
        if (!stripped.events.empty()) kept.push_back(stripped);
    }
    rec.actions = kept;
    std::vector<PhaseNote> notes;
    for (const PhaseNote& n : rec.notes)
        if (n.empire == me_code || n.empire.empty()) notes.push_back(n);
    rec.notes = notes;
}

}  // namespace

TEST_CASE("reports never show what an empire may not know", "[report][leaks]") {
    const Pack& pack = test::starchase();
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                 "small.toml", pack, d);
    REQUIRE_FALSE(d.has_errors());
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        GameState st = create_game(sc, pack, seed);
        TurnRecord last;
        AutoplayOptions opts;
        opts.turns = 4 + static_cast<int>(seed % 4);
        opts.on_turn = [&](const GameState&, const TurnRecord& rec) { last = rec; };
        autoplay(st, pack, opts);
        for (const Empire& e : st.empires) {
            std::string real = all_formats(st, last, pack, e.code);
            GameState st2 = st;
            TurnRecord rec2 = last;
            scramble(st2, rec2, pack, e.code, seed * 100 + static_cast<std::uint64_t>(checked));
            std::string scrambled = all_formats(st2, rec2, pack, e.code);
            INFO("seed " << seed << ", empire " << e.code << ": report leak at "
                         << first_difference(real, scrambled));
            CHECK(real == scrambled);
            ++checked;
        }
    }
    CHECK(checked == 24);
}

TEST_CASE("reports name only systems the empire owns or has seen", "[report][leaks]") {
    const Pack& pack = test::starchase();
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                 "small.toml", pack, d);
    for (std::uint64_t seed = 11; seed <= 14; ++seed) {
        GameState st = create_game(sc, pack, seed);
        TurnRecord last;
        AutoplayOptions opts;
        opts.turns = 5;
        opts.on_turn = [&](const GameState&, const TurnRecord& rec) { last = rec; };
        autoplay(st, pack, opts);
        for (const Empire& e : st.empires) {
            const auto seen = test::sight(st, e.code, "seen");
            const auto scouted = test::sight(st, e.code, "scouted");
            auto known = [&](const std::string& code) {
                return std::count(seen.begin(), seen.end(), std::stoi(code)) > 0;
            };
            Document doc = empire_document(st, last, pack, e.code);
            const DocMap* m = first_map(doc);
            REQUIRE(m != nullptr);
            for (const MapPlace& p : m->places) {
                INFO(e.code << " map place " << p.code);
                CHECK(known(p.code));
                bool owned = test::owner(st, std::stoi(p.code)) == e.code;
                bool other_owner = false;
                for (const std::string& l : p.layers)
                    other_owner = other_owner || l.rfind("owner-", 0) == 0;
                if (other_owner)
                    CHECK(std::count(scouted.begin(), scouted.end(), std::stoi(p.code)) > 0);
                CHECK(owned ==
                      (std::find(p.layers.begin(), p.layers.end(), "yours") != p.layers.end()));
            }
            for (const MapLink& l : m->links) {
                CHECK(known(l.from));
                CHECK(known(l.to));
            }
            for (const auto& row : table_of(doc, "systems").rows)
                CHECK(test::owner(st, std::stoi(row[0].text)) == e.code);
            for (const auto& row : table_of(doc, "scouting").rows)
                CHECK(std::count(scouted.begin(), scouted.end(), std::stoi(row[0].text)) > 0);
            for (const auto& row : table_of(doc, "seen").rows) {
                CHECK(known(row[0].text));
                std::istringstream links(row.back().text);
                for (std::string code; links >> code;)
                    if (code != "-") CHECK(known(code));
            }
        }
    }
}

namespace {

// Every action format of a pack as its usage ("MOVE SYS SYS COUNT", "NEWCOL [SYS] - N").
std::vector<std::string> action_usages(const Pack& pack) {
    GameState st = GameState::with_schema(pack.schema());
    Runtime rt(pack, st);
    std::istringstream lines(test::eval_lua(rt.host(),
                                            "local A = import('lib/actions')\n"
                                            "local out = {}\n"
                                            "for _, name in ipairs(A.names()) do\n"
                                            "  for _, f in ipairs(A.find(name).formats) do\n"
                                            "    out[#out + 1] = A.usage(name, f)\n"
                                            "  end\n"
                                            "end\n"
                                            "return table.concat(out, '\\n')",
                                            "usages.lua"));
    std::vector<std::string> out;
    for (std::string line; std::getline(lines, line);)
        out.push_back(line);
    return out;
}

template <class T>
const T& pick(Rng& rng, const std::vector<T>& v) {
    return v[rng.below(static_cast<std::uint32_t>(v.size()))];
}

// The words a sheet may name: system codes of every kind of knowledge, empires and techs.
struct SheetWords {
    std::vector<std::string> systems;
    std::vector<std::string> empires;
    std::vector<std::string> techs;
};

// A random sheet of one empire: its header, up to 12 action lines of the pack's formats with
// random boxes, and sometimes PROBE, NAME and MESSAGE lines.
std::string random_sheet(Rng& rng, const std::string& header,
                         const std::vector<std::string>& usages, const SheetWords& w) {
    std::string out = header;
    const int actions = 1 + static_cast<int>(rng.below(12));
    for (int i = 0; i < actions; ++i) {
        std::istringstream usage(pick(rng, usages));
        std::string word;
        usage >> word;
        std::string line = word;
        while (usage >> word) {
            const bool optional = word.front() == '[';
            if (optional) word = word.substr(1, word.size() - 2);
            std::string box = "-";
            if (optional && rng.below(4) == 0) {
                box = "-";
            } else if (word == "SYS") {
                box = pick(rng, w.systems);
            } else if (word == "EMP") {
                box = pick(rng, w.empires);
            } else if (word == "TECH") {
                box = pick(rng, w.techs);
            } else if (word == "COUNT") {
                const std::uint32_t r = rng.below(4);
                box = r == 0 ? "0" : r == 1 ? "AB-1" : std::to_string(1 + rng.below(20));
            } else if (word == "N" || word == "LEVEL") {
                box = std::to_string(1 + rng.below(rng.below(2) ? 12 : 400));
            }
            line += " " + box;
        }
        out += line + "\n";
    }
    if (rng.below(2)) {
        std::string probe = "PROBE";
        for (std::uint32_t i = 0, n = 1 + rng.below(4); i < n; ++i)
            probe += " " + pick(rng, w.systems);
        out += probe + "\n";
    }
    if (rng.below(3) == 0) out += "NAME " + pick(rng, w.systems) + " Somewhere\n";
    if (rng.below(3) == 0) out += "MESSAGE " + pick(rng, w.empires) + " hello\n";
    return out;
}

// What `check --json` prints for a sheet (its findings, in their text form too, and the table
// of its orders); counts the sheets accepted and the findings.
std::string check_output(const LoadedGame& g, const std::string& text, int& accepted,
                         int& findings) {
    SheetCheck c = check_sheet(text, "t.txt", g);
    accepted += c.ok() ? 1 : 0;
    findings += static_cast<int>(c.findings.all().size());
    return sheet_check_to_json(c).dump(1);
}

bool in(const std::vector<PlaceCode>& v, PlaceCode c) {
    return std::count(v.begin(), v.end(), c) > 0;
}

// Changes the map where the empire's report does not show it: a few places that exist only
// here (at free positions, with codes unused before: returned), and links added and removed
// where at least one end is unseen or neither end is explored.
std::vector<PlaceCode> scramble_map(GameState& st, const Pack& pack, const std::string& me,
                                    std::uint64_t seed) {
    Rng rng(StreamKey{seed, 0, me, 0, "scramble map"});
    const auto seen = test::sight(st, me, "seen");
    const auto explored = test::sight(st, me, "explored");
    std::vector<std::string> stars;
    for (const KindDef& k : pack.kinds())
        if (!k.inner) stars.push_back(k.code);
    std::vector<PlaceCode> outer;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (const auto& [code, p] : st.galaxy.places()) {
        if (p.inner()) continue;
        outer.push_back(code);
        x0 = std::min(x0, p.pos.x), y0 = std::min(y0, p.pos.y);
        x1 = std::max(x1, p.pos.x), y1 = std::max(y1, p.pos.y);
    }
    std::vector<PlaceCode> added;
    for (PlaceCode code = 100; code < 1000 && added.size() < 8; code += 1 + rng.below(40)) {
        if (st.galaxy.contains(code)) continue;
        GridPos pos{x0 + static_cast<int>(rng.below(static_cast<std::uint32_t>(x1 - x0 + 1))),
                    y0 + static_cast<int>(rng.below(static_cast<std::uint32_t>(y1 - y0 + 1)))};
        if (st.galaxy.place_at(pos)) continue;
        st.galaxy.add_place(code, pick(rng, stars), pos);
        added.push_back(code);
        outer.push_back(code);
    }
    auto hidden_link = [&](PlaceCode a, PlaceCode b) {
        return !in(seen, a) || !in(seen, b) || (!in(explored, a) && !in(explored, b));
    };
    for (int i = 0; i < 60; ++i) {
        PlaceCode a = pick(rng, outer), b = pick(rng, outer);
        if (a == b || !hidden_link(a, b)) continue;
        if (st.galaxy.linked(a, b)) {
            st.galaxy.remove_link(a, b);
        } else {
            try {
                st.galaxy.add_link(a, b);
            } catch (const GalaxyError&) {
            }
        }
    }
    return added;
}

}  // namespace

TEST_CASE("check says nothing an empire may not know", "[turnsheet][check][leaks]") {
    const Pack& pack = test::starchase();
    const std::vector<std::string> usages = action_usages(pack);
    REQUIRE(usages.size() > 30);
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(test::source_dir() / "scenarios/small.toml"),
                                 "small.toml", pack, d);
    REQUIRE_FALSE(d.has_errors());
    int sheets = 0, findings = 0, accepted = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        GameState st = create_game(sc, pack, seed);
        AutoplayOptions opts;
        opts.turns = 2 + static_cast<int>(seed % 4);
        autoplay(st, pack, opts);
        const LoadedGame real{GameInfo{}, pack, st, nullptr};
        for (const Empire& e : st.empires) {
            GameState st2 = st;
            TurnRecord none;
            scramble(st2, none, pack, e.code, seed * 1000 + static_cast<std::uint64_t>(sheets));
            const std::vector<PlaceCode> added = scramble_map(st2, pack, e.code, seed);
            REQUIRE_FALSE(added.empty());
            const LoadedGame other{GameInfo{}, pack, st2, nullptr};
            // Codes of every kind: owned, seen and explored, seen only, never seen, and codes of
            // places that exist in the scrambled state only.
            SheetWords w;
            for (const auto& [code, p] : st.galaxy.places())
                w.systems.push_back(st.galaxy.code_str(code));
            for (PlaceCode c : test::owned_by(st, e.code))
                for (int i = 0; i < 3; ++i)
                    w.systems.push_back(st.galaxy.code_str(c));
            for (PlaceCode c : test::sight(st, e.code, "seen"))
                w.systems.push_back(st.galaxy.code_str(c));
            for (PlaceCode c : added)
                w.systems.push_back(st.galaxy.code_str(c));
            for (const Empire& x : st.empires)
                w.empires.push_back(x.code);
            w.empires.push_back("ZZZ");
            for (const TechDef& t : pack.techs())
                w.techs.push_back(t.code);
            const std::string header = "EMPIRE " + e.code + "\nSECRET " + e.secret + "\nTURN " +
                                       std::to_string(st.turn + 1) + "\n";
            Rng rng(StreamKey{seed, 0, e.code, 0, "sheets"});
            for (int i = 0; i < 12; ++i) {
                const std::string sheet = random_sheet(rng, header, usages, w);
                const std::string a = check_output(real, sheet, accepted, findings);
                int ignored = 0;
                const std::string b = check_output(other, sheet, ignored, ignored);
                INFO("seed " << seed << ", empire " << e.code << ", sheet:\n"
                             << sheet << "check leak at " << first_difference(a, b));
                CHECK(a == b);
                ++sheets;
            }
        }
    }
    CHECK(sheets == 4 * 4 * 12);
    // The sheets are read and checked order by order, not refused unread.
    CHECK(findings > sheets * 2);
    CHECK(accepted > 0);
}

namespace {

// Runs a Lua chunk on a COSMOS state that may change it (scrambling); returns its result.
std::string cosmos_lua(GameState& st, const std::string& code, std::uint64_t seed) {
    Runtime rt(test::cosmos(), st);
    Rng rng{StreamKey{seed, 0, "", 0, "test"}};
    rt.host().set_context(ScriptContext{&st, &test::cosmos(), &rng});
    return test::eval_lua(rt.host(), code, "rules/cosmos/test.lua");
}

// Everything race `me` may not know, changed (as the COSMOS report test scrambles it), and
// other races' ships renumbered within their own slots: which ship numbers exist is theirs.
void scramble_cosmos(GameState& st, const std::string& me, std::uint64_t seed) {
    REQUIRE(cosmos_lua(st, "local me = '" + me + R"('
      local function r(n) return math.random(0, n) end
      for _, code in ipairs(state.empires()) do
        if code ~= me then
          state.set("empire", code, { research_points = r(500), paid = {},
            policy = { [me] = "enemy" } })
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
      local used = {}
      for _, id in ipairs(state.ids("ship")) do used[state.ship(id).number] = true end
      for _, id in ipairs(state.ids("ship")) do
        local s = state.ship(id)
        if s.owner ~= me then
          local n
          repeat n = tonumber(s.owner) * 100 + 40 + r(59) until not used[n]
          used[n] = true
          state.set("ship", id, { number = n, cargo = r(50), damage = 0 })
        end
      end
      local mine = {}
      for _, id in ipairs(state.ids("colony")) do
        local c = state.colony(id)
        if c.owner == me then mine[c.planet] = true else
          state.set("colony", id, { industries = r(99), bases = r(99), ip = r(999),
            research = r(50), starport = r(40) })
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
      return 'ok')",
                       seed) == "ok");
}

// The IDs race `me` may write: its colonies and ships, other races' real ship numbers and
// colonies, and numbers nobody has; Lua gives them as "C138 ...|S0100 ...|1 2 3 4".
struct CosmosWords {
    std::vector<std::string> own_colonies, own_ships, ships, colonies, races, techs;
};

std::vector<std::string> split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

CosmosWords cosmos_words(GameState& st, const std::string& me) {
    CosmosWords w;
    const std::string lists = cosmos_lua(st, "local me = '" + me + R"('
      local own_c, own_s, ships, colonies, races, techs = {}, {}, {}, {}, {}, {}
      for _, id in ipairs(state.ids("colony")) do
        local c = state.colony(id)
        local text = string.format("C%03d", state.value("planet", c.planet, "number"))
        colonies[#colonies + 1] = text
        if c.owner == me then own_c[#own_c + 1] = text end
      end
      for _, id in ipairs(state.ids("ship")) do
        local s = state.ship(id)
        local text = string.format("S%04d", s.number)
        ships[#ships + 1] = text
        if s.owner == me then own_s[#own_s + 1] = text end
      end
      for _, code in ipairs(state.empires()) do
        races[#races + 1] = code
        ships[#ships + 1] = string.format("S%04d", tonumber(code) * 100 + 70)
      end
      ships[#ships + 1] = "S0950"
      for _, code in ipairs(import("lib/data").tech_codes()) do techs[#techs + 1] = code end
      return table.concat(own_c, " ") .. "|" .. table.concat(own_s, " ") .. "|" ..
        table.concat(ships, " ") .. "|" .. table.concat(colonies, " ") .. "|" ..
        table.concat(races, " ") .. "|" .. table.concat(techs, " "))",
                                         1);
    std::vector<std::string> parts;
    std::istringstream in(lists);
    for (std::string part; std::getline(in, part, '|');)
        parts.push_back(part);
    REQUIRE(parts.size() == 6);
    w.own_colonies = split(parts[0]);
    w.own_ships = split(parts[1]);
    w.ships = split(parts[2]);
    w.colonies = split(parts[3]);
    w.races = split(parts[4]);
    w.techs = split(parts[5]);
    return w;
}

// A random COSMOS sheet of race `me`: general orders, and blocks for its colonies and ships
// (and for IDs that are not its own) with random orders naming ships, colonies and hexes.
std::string random_cosmos_sheet(Rng& rng, const std::string& header, const CosmosWords& w) {
    auto hex = [&] { return fmt::format("H{:02}{:02}", 1 + rng.below(20), 1 + rng.below(20)); };
    auto ship = [&] {
        return rng.below(3) == 0 && !w.own_ships.empty() ? pick(rng, w.own_ships)
                                                         : pick(rng, w.ships);
    };
    std::string out = header;
    if (rng.below(2)) out += "policy " + pick(rng, w.races) + " ally\n";
    if (rng.below(2) && !w.techs.empty()) out += "research " + pick(rng, w.techs) + "\n";
    const std::vector<std::string> colony_orders = {
        "construct industries 2", "build corvette",      "build scout",
        "repair {ship}",          "refit {ship} {ship}", "reserve 5"};
    const std::vector<std::string> fleet_orders = {
        "move {hex}",     "farmove {hex}",  "flip {hex}",  "jump {hex}",   "explore {hex}",
        "form {ship}",    "include {ship}", "join {ship}", "leave {ship}", "bomb {colony}",
        "probe {colony}", "colonize *",     "explore"};
    for (int b = 0, blocks = 1 + static_cast<int>(rng.below(4)); b < blocks; ++b) {
        const bool colony = rng.below(2) == 0;
        const std::vector<std::string>& own = colony ? w.own_colonies : w.own_ships;
        std::string id = !own.empty() && rng.below(4) ? pick(rng, own)
                         : colony                     ? pick(rng, w.colonies)
                                                      : pick(rng, w.ships);
        out += id + ":\n";
        for (int i = 0, n = 1 + static_cast<int>(rng.below(4)); i < n; ++i) {
            std::string order = pick(rng, colony ? colony_orders : fleet_orders);
            for (std::size_t at; (at = order.find("{hex}")) != std::string::npos;)
                order.replace(at, 5, hex());
            for (std::size_t at; (at = order.find("{ship}")) != std::string::npos;)
                order.replace(at, 6, ship());
            for (std::size_t at; (at = order.find("{colony}")) != std::string::npos;)
                order.replace(at, 8, pick(rng, w.colonies));
            out += "  " + order + "\n";
        }
    }
    return out;
}

}  // namespace

TEST_CASE("COSMOS: check says nothing a race may not know", "[turnsheet][cosmos][leaks]") {
    const Pack& pack = test::cosmos();
    auto path = test::source_dir() / "scenarios" / "cosmos_small.toml";
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), pack, d);
    REQUIRE_FALSE(d.has_errors());
    int sheets = 0, findings = 0, accepted = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        GameState st = create_game(sc, pack, seed);
        AutoplayOptions opts;
        opts.turns = 2 + static_cast<int>(seed);
        autoplay(st, pack, opts);
        const LoadedGame real{GameInfo{}, pack, st, nullptr};
        for (const Empire& e : st.empires) {
            GameState st2 = st;
            scramble_cosmos(st2, e.code, seed * 10 + static_cast<std::uint64_t>(sheets));
            const LoadedGame other{GameInfo{}, pack, st2, nullptr};
            const CosmosWords w = cosmos_words(st, e.code);
            const std::string header = "turn " + std::to_string(st.turn + 1) + "\nsecret " +
                                       e.secret + "\nrace " + e.code + ":\n";
            Rng rng(StreamKey{seed, 0, e.code, 0, "sheets"});
            for (int i = 0; i < 12; ++i) {
                const std::string sheet = random_cosmos_sheet(rng, header, w);
                const std::string a = check_output(real, sheet, accepted, findings);
                int ignored = 0;
                const std::string b = check_output(other, sheet, ignored, ignored);
                INFO("seed " << seed << ", race " << e.code << ", sheet:\n"
                             << sheet << "check leak at " << first_difference(a, b));
                CHECK(a == b);
                ++sheets;
            }
        }
    }
    CHECK(sheets == 3 * 4 * 12);
    CHECK(findings > sheets);
    CHECK(accepted > 0);
}
