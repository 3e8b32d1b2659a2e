#include "game/new_game.hpp"

#include <set>

#include <fmt/format.h>

#include "core/rng.hpp"
#include "game/galaxy_check.hpp"
#include "game/state_rules.hpp"
#include "io/os_random.hpp"
#include "lua/pack_setup.hpp"
#include "lua/runtime.hpp"

namespace hl {

namespace {

void check_starts(const std::vector<StartSlot>& starts, std::size_t empires,
                  const SourcePos& where) {
    if (starts.size() != empires)
        throw InputError(where, fmt::format("the map has {} start positions for {} empires",
                                            starts.size(), empires));
}

}  // namespace

GameState create_game(const Scenario& sc, const Pack& pack, std::uint64_t seed) {
    GameState st = GameState::with_schema(pack.schema());
    st.seed = seed;
    st.turn = 0;
    st.pack = pack.top().id;
    st.pack_version = pack.top().version;
    const SourcePos where{sc.file, 0, 0};
    if (sc.empires.empty()) throw InputError(where, "the scenario has no [[empire]]");

    for (const ScenarioEmpire& se : sc.empires) {
        Empire e;
        e.code = se.code;
        e.name = se.name;
        e.player = se.player;
        e.computer = se.computer;
        e.secret = se.secret.empty() ? new_secret() : se.secret;
        st.add_empire(std::move(e));
        st.order_of_play.push_back(se.code);
    }
    if (!sc.order.empty()) st.order_of_play = sc.order;

    Runtime rt(pack, st);
    std::vector<StartSlot> starts;
    Diagnostics diags;
    if (sc.fixed_map) {
        st.galaxy = sc.map;
        starts = sc.starts;
        for (const GivenRecord& r : sc.records) {
            std::int64_t key = r.empire.empty() ? r.key : st.empire_index(r.empire);
            st.records.row(r.kind, key);
            apply_given(st, r.kind, key, r.fields, diags);
        }
    } else {
        starts = pack_generate_galaxy(rt, sc.galaxy_params, sc.empires.size());
    }
    check_galaxy(st.galaxy, pack, where, diags);
    if (diags.has_errors()) throw InputError(diags);

    bool standard_setup = !sc.fixed_map || !starts.empty();
    if (standard_setup) check_starts(starts, sc.empires.size(), where);
    // The scenario's empire and game values are in place before the set-up, so the set-up uses
    // them (the standard game: turn-0 visibility, research and the turn-1 balance use its tech
    // levels and treasury; RULINGS.md "Set-up and the GM"), and win over what it computed,
    // except the fields the pack lists in constants.setup.starting_points (the standard game:
    // techs, which the set-up research may raise).
    auto apply_scenario_values = [&](const std::set<std::string>& skip) {
        int empire_kind = st.schema().kind_index("empire");
        auto kept = [&](int kind, const std::vector<GivenValue>& values) {
            const RecordKind& k = st.schema().kinds[static_cast<std::size_t>(kind)];
            std::vector<GivenValue> out;
            for (const GivenValue& v : values)
                if (!skip.count(k.fields[static_cast<std::size_t>(v.field)].name)) out.push_back(v);
            return out;
        };
        for (const ScenarioEmpire& se : sc.empires)
            if (empire_kind >= 0 && !se.fields.empty())
                apply_given(st, empire_kind, st.empire_index(se.code), kept(empire_kind, se.fields),
                            diags);
        if (const RecordKind* g = st.schema().kind_of_scope(RecordScope::game)) {
            int gk = st.schema().kind_index(g->name);
            apply_given(st, gk, 0, kept(gk, sc.game), diags);
        }
        if (diags.has_errors()) throw InputError(diags);
    };
    apply_scenario_values({});
    bool fixed_order = !sc.order.empty();
    pack_setup_game(rt, starts, fixed_order);
    std::set<std::string> starting_points;
    if (const toml::node* n = pack.constant("setup.starting_points"))
        if (const toml::array* list = n->as_array())
            for (const toml::node& item : *list)
                if (auto name = item.value_exact<std::string>()) starting_points.insert(*name);
    apply_scenario_values(starting_points);

    st.normalise();
    Diagnostics broken = check_state_rules(pack, st, sc.file);
    if (broken.has_errors()) throw InputError(std::move(broken));
    return st;
}

}  // namespace hl
