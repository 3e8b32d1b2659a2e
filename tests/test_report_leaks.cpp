// Reports show nothing an empire may not know (RULINGS.md "Visibility and reports"). Property
// test over random computer games: for every empire, scramble everything it cannot know (other
// empires' holdings outside what it owns or scouted, kinds of systems it never saw, other
// empires' money, techs and probes, other empires' outcome records except the lines addressed
// to it) and require every report format to stay byte for byte the same. A difference prints
// the leaked line.

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "core/rng.hpp"
#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "lua/pack_reports.hpp"
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
