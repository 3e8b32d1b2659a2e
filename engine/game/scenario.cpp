#include "game/scenario.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "io/state_io.hpp"
#include "io/toml_doc.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

// A secret a player can write on a turnsheet's SECRET line: printable ASCII, no white space,
// no '#' (which starts a comment there). Empty means "generate one".
bool valid_secret(const std::string& s) {
    return s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char ch) {
               return ch > ' ' && ch < 0x7F && ch != '#';
           });
}

}  // namespace

std::string scenario_rules(const std::string& text, const std::string& shown, Diagnostics& diags) {
    TomlDoc doc = TomlDoc::from_text(text, shown, diags);
    if (!doc.ok()) return {};
    TomlView root = doc.root();
    auto meta = root.table("scenario");
    if (!meta) return {};
    return meta->string("rules").value_or("");
}

Scenario parse_scenario(const std::string& text, const std::string& shown, const Pack& pack,
                        Diagnostics& diags) {
    Scenario sc;
    sc.file = shown;
    sc.text = text;
    TomlDoc doc = TomlDoc::from_text(text, shown, diags);
    if (!doc.ok()) return sc;
    TomlView root = doc.root();
    if (auto meta = root.table("scenario", true)) {
        sc.name = meta->string("name", true).value_or("");
        sc.description = meta->string("description").value_or("");
        sc.rules = meta->string("rules", true).value_or("");
        sc.gm = meta->string("gm").value_or("");
        if (auto s = meta->integer("seed", false, 0)) sc.seed = static_cast<std::uint64_t>(*s);
        if (auto c = meta->integer("next_census", false, 1, 100000))
            sc.next_census = static_cast<int>(*c);
        if (auto p = meta->integer("points_target", false, 0)) sc.points_target = *p;
        if (auto o = meta->string_list("order")) sc.order = *o;
    }

    std::set<std::string> codes;
    for (TomlView e : root.tables("empire", true)) {
        ScenarioEmpire emp;
        emp.where = e.pos();
        auto code = read_empire_code(e, codes);
        if (!code) continue;
        emp.code = *code;
        emp.name = e.string("name", true).value_or("");
        emp.player = e.string("player").value_or("");
        emp.secret = e.string("secret").value_or("");
        if (!valid_secret(emp.secret))
            e.error("secret",
                    "a secret is 1 to 32 letters, digits or punctuation, without spaces or '#' "
                    "(players write it on a turnsheet line)");
        emp.computer = e.boolean("computer").value_or(false);
        emp.treasury = e.integer("treasury", false, 0);
        emp.balance = e.integer("balance", false, 0);
        emp.vps = e.integer("vps", false);
        read_tech_levels(e, &pack, false, emp.techs);
        // base and home need the map: read below.
        sc.empires.push_back(std::move(emp));
    }
    auto max_empires = pack.const_int("game.max_empires", 26);
    if (static_cast<std::int64_t>(sc.empires.size()) > max_empires)
        root.error("empire", fmt::format("{} empires given; the pack allows at most {}",
                                         sc.empires.size(), max_empires));

    if (auto g = root.table("galaxy")) {
        sc.galaxy_params = g->tbl();
        doc.mark_all(g->tbl());
    }

    if (auto m = root.table("map")) {
        sc.fixed_map = true;
        read_systems(*m, &pack, sc.map);
        if (root.has("galaxy"))
            root.error("galaxy",
                       "give either [galaxy] (generated map) or [map] (fixed map), "
                       "not both");
        GameState tmp;
        tmp.galaxy = sc.map;
        read_holdings(root, codes, tmp);
        sc.holdings = tmp.holdings;
        for (TomlView s : root.tables("start")) {
            ScenarioStart st;
            auto star = read_known_system(s, "star", sc.map);
            if (!s.has("star")) s.system_code("star", true);
            if (!star) continue;
            if (sc.map.at(*star).satellite) {
                s.error("star", fmt::format("{} is a planet or belt, not a star", code_str(*star)));
                continue;
            }
            st.star = *star;
            st.planet = read_known_system(s, "planet", sc.map);
            if (st.planet && sc.map.at(*st.planet).parent != st.star) {
                s.error("planet", fmt::format("{} is not a planet of star {}", code_str(*st.planet),
                                              code_str(st.star)));
                continue;
            }
            st.empire = s.string("empire").value_or("");
            if (!st.empire.empty() && !codes.count(st.empire))
                s.error("empire", fmt::format("no empire '{}' in this scenario", st.empire));
            sc.starts.push_back(st);
        }
        if (!sc.starts.empty() && !sc.holdings.empty())
            root.error("start",
                       "give either [[start]] positions (standard set-up) or "
                       "[[holding]] tables (fixed holdings), not both");
        if (sc.starts.empty() && sc.holdings.empty())
            root.error("map", "a fixed map needs [[start]] positions or [[holding]] tables");
        if (!sc.starts.empty() && sc.starts.size() != sc.empires.size())
            root.error("start", fmt::format("{} start positions for {} empires", sc.starts.size(),
                                            sc.empires.size()));
        // Empire base/home refer to the map.
        auto views = root.tables("empire");
        std::size_t i = 0;
        for (TomlView e : views) {
            if (i >= sc.empires.size()) break;
            auto code = e.string("code");
            if (!code || *code != sc.empires[i].code) continue;
            sc.empires[i].base = read_known_system(e, "base", sc.map);
            sc.empires[i].home = read_known_system(e, "home", sc.map);
            ++i;
        }
    } else {
        for (const char* key : {"holding", "start"})
            if (root.has(key)) {
                root.tables(key);
                root.error(key, "only a scenario with a fixed [map] may give this");
            }
    }

    if (!sc.order.empty()) {
        std::vector<std::string> a = sc.order;
        std::sort(a.begin(), a.end());
        std::vector<std::string> b(codes.begin(), codes.end());
        if (a != b)
            diags.error(root.pos("scenario"),
                        "scenario.order: must list every empire exactly once");
    }
    doc.report_unknown_keys();
    return sc;
}

}  // namespace hl
