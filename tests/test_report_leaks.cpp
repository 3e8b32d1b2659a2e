// Reports show nothing an empire may not know (RULINGS.md "Visibility and reports"). Property
// test over random computer games: for every empire, scramble everything it cannot know (other
// empires' holdings outside what it owns or scouted, kinds of systems it never saw, other
// empires' money, techs and probes, other empires' outcome records except the lines addressed
// to it) and require every report format to stay byte for byte the same. A difference prints
// the leaked line.

#include <catch2/catch.hpp>

#include <sstream>

#include "core/rng.hpp"
#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "report/map_render.hpp"
#include "report/report_model.hpp"
#include "report/report_render.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

std::string all_formats(const GameState& st, const TurnRecord& rec, const Pack& pack,
                        const std::string& empire) {
    auto r = empire_report(st, &rec, pack,
                           ReportContext{"leak test", "gm", "gm@example.org", {"news"}}, empire);
    return r.dump(1) + "\n=== text\n" + render_empire_text(r) + "\n=== html\n" +
           render_empire_html(r) + "\n=== svg\n" + render_map_svg(r);
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

bool hidden(const GameState& st, const Empire& me, SystemCode c) {
    const auto& scouted =
        me.system_sets.count("scouted") ? me.system_sets.at("scouted") : std::set<SystemCode>{};
    const Holding& h = st.holding_or_empty(c);
    if (h.owner == me.code || scouted.count(c)) return false;
    // The parent star of one of our planets decides whether it is blockaded: known by the rules.
    for (SystemCode s : st.galaxy.at(c).links) {
        const System& sys = st.galaxy.at(s);
        if (sys.satellite && sys.parent == c && st.holding_or_empty(s).owner == me.code)
            return false;
    }
    return true;
}

void scramble(GameState& st, TurnRecord& rec, const Pack& pack, const std::string& me_code,
              std::uint64_t seed) {
    Rng rng(StreamKey{seed, 0, me_code, 0, "scramble"});
    const Empire me = *st.find_empire(me_code);
    std::vector<std::string> others;
    for (const Empire& e : st.empires)
        if (e.code != me_code) others.push_back(e.code);
    const auto& seen =
        me.system_sets.count("seen") ? me.system_sets.at("seen") : std::set<SystemCode>{};
    std::vector<std::string> stars, sats;
    for (const KindDef& k : pack.kinds())
        (k.satellite ? sats : stars).push_back(k.code);
    for (const auto& [code, sys] : st.galaxy.systems()) {
        if (!seen.count(code)) {
            const auto& pool = sys.satellite ? sats : stars;
            st.galaxy.set_kind(code, pool[rng.below(static_cast<std::uint32_t>(pool.size()))]);
        }
        if (!hidden(st, me, code)) continue;
        Holding h;
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(others.size() + 1)));
        if (pick < static_cast<int>(others.size()))
            h.owner = others[static_cast<std::size_t>(pick)];
        h.population = static_cast<int>(rng.below(30));
        h.industry = static_cast<int>(rng.below(30));
        h.cruisers = static_cast<int>(rng.below(40));
        h.fighters = static_cast<int>(rng.below(9));
        h.colony_ships = static_cast<int>(rng.below(3));
        h.mode = rng.below(2) ? DefenceMode::defend : DefenceMode::retreat;
        h.name = rng.below(2) ? "Secret Base" : "";
        h.ever_owned = true;
        st.holdings[code] = h;
    }
    for (Empire& e : st.empires) {
        if (e.code == me_code) continue;
        e.treasury = rng.below(500);
        e.balance = rng.below(500);
        e.vps = rng.below(900);
        e.reserve = static_cast<int>(rng.below(50));
        e.lost_in_space = static_cast<int>(rng.below(50));
        for (auto& [t, lvl] : e.techs)
            lvl = static_cast<int>(rng.below(9));
        e.secret = "SCRAMBLED";
    }
    std::vector<Probe> probes;
    for (const Probe& p : st.probes)
        if (p.empire == me_code) probes.push_back(p);
    st.probes = probes;
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

TEST_CASE("report JSON names only systems the empire owns or has seen", "[report][leaks]") {
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
            const auto& seen = e.system_sets.at("seen");
            auto known = [&](const std::string& code) { return seen.count(std::stoi(code)) > 0; };
            auto r = empire_report(st, &last, pack, ReportContext{"t", "gm", "gm@example.org", {}},
                                   e.code);
            for (const auto& m : r["map"]) {
                INFO(e.code << " map " << m.dump());
                CHECK(known(m["code"].get<std::string>()));
                if (!m["owner"].is_null() && m["owner"] != e.code) CHECK(m["status"] == "scouted");
            }
            for (const auto& s : r["scouting"])
                CHECK(known(s["code"].get<std::string>()));
            for (const auto& s : r["systems"])
                CHECK(st.holding_or_empty(std::stoi(s["code"].get<std::string>())).owner == e.code);
            for (const auto& l : r["links"]) {
                CHECK(known(l[0].get<std::string>()));
                CHECK(known(l[1].get<std::string>()));
            }
            for (const auto& p : r["probes"])
                CHECK(known(p["system"].get<std::string>()));
        }
    }
}
