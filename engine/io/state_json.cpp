#include "io/state_json.hpp"

#include "pack/pack.hpp"

namespace hl {

namespace {

nlohmann::ordered_json opt_code(const std::optional<SystemCode>& c) {
    if (!c) return nullptr;
    return code_str(*c);
}

}  // namespace

nlohmann::ordered_json state_to_json(const GameState& st, const Pack& pack, bool with_secrets) {
    using json = nlohmann::ordered_json;
    json j;
    j["format"] = 1;
    j["turn"] = st.turn;
    j["seed"] = st.seed;
    j["pack"] = {{"id", st.pack}, {"version", st.pack_version}, {"name", pack.top().name}};
    j["next_census"] = st.next_census;
    j["census_turns"] = st.census_turns;
    j["points_target"] = st.points_target;
    j["order_of_play"] = st.order_of_play;
    j["victory"] = {
        {"warning_turn", st.victory.warning_turn},
        {"ended_turn", st.victory.ended_turn},
        {"winner", st.victory.winner.empty() ? json(nullptr) : json(st.victory.winner)},
        {"condition", st.victory.condition.empty() ? json(nullptr) : json(st.victory.condition)}};

    json empires = json::array();
    for (const Empire& e : st.empires) {
        json je;
        je["code"] = e.code;
        je["name"] = e.name;
        je["player"] = e.player;
        if (with_secrets) je["secret"] = e.secret;
        je["computer"] = e.computer;
        je["treasury"] = e.treasury;
        je["balance"] = e.balance;
        je["vps"] = e.vps;
        je["base"] = opt_code(e.base);
        je["home"] = opt_code(e.home);
        je["reserve"] = e.reserve;
        je["lost_in_space"] = e.lost_in_space;
        je["bombs_used"] = e.bombs_used;
        je["missed_turns"] = e.missed_turns;
        je["eliminated"] = e.eliminated;
        json techs = json::object();
        for (const TechDef& t : pack.techs())
            techs[t.code] = e.tech(t.code);
        je["techs"] = techs;
        auto owned = st.owned_by(e.code);
        json totals = {{"systems", owned.size()}, {"population", 0}, {"industry", 0},
                       {"cruisers", 0},           {"fighters", 0},   {"colony_ships", 0}};
        for (SystemCode c : owned) {
            const Holding& h = st.holding_or_empty(c);
            totals["population"] = totals["population"].get<int>() + h.population;
            totals["industry"] = totals["industry"].get<int>() + h.industry;
            totals["cruisers"] = totals["cruisers"].get<int>() + h.cruisers;
            totals["fighters"] = totals["fighters"].get<int>() + h.fighters;
            totals["colony_ships"] = totals["colony_ships"].get<int>() + h.colony_ships;
        }
        je["totals"] = totals;
        je["contact"] = e.contact;
        je["counters"] = e.counters;
        json sets = json::object();
        for (const auto& [name, codes] : e.system_sets) {
            json list = json::array();
            for (SystemCode c : codes)
                list.push_back(code_str(c));
            sets[name] = list;
        }
        je["sets"] = sets;
        empires.push_back(je);
    }
    j["empires"] = empires;

    json systems = json::array();
    for (const auto& [code, s] : st.galaxy.systems()) {
        json js;
        js["code"] = code_str(code);
        js["kind"] = s.kind;
        js["x"] = s.pos.x;
        js["y"] = s.pos.y;
        js["parent"] = opt_code(s.parent);
        json links = json::array();
        for (SystemCode l : s.links)
            links.push_back(code_str(l));
        js["links"] = links;
        auto it = st.holdings.find(code);
        if (it == st.holdings.end()) {
            js["holding"] = nullptr;
        } else {
            const Holding& h = it->second;
            js["holding"] = {{"owner", h.owner.empty() ? json(nullptr) : json(h.owner)},
                             {"name", h.name},
                             {"population", h.population},
                             {"industry", h.industry},
                             {"cruisers", h.cruisers},
                             {"fighters", h.fighters},
                             {"colony_ships", h.colony_ships},
                             {"mode", defence_mode_name(h.mode)},
                             {"retreat", opt_code(h.retreat)},
                             {"ambush", opt_code(h.ambush)},
                             {"ever_owned", h.ever_owned}};
        }
        systems.push_back(js);
    }
    j["systems"] = systems;

    json probes = json::array();
    for (const Probe& p : st.probes)
        probes.push_back(
            {{"empire", p.empire}, {"system", code_str(p.system)}, {"active", p.active}});
    j["probes"] = probes;
    j["counters"] = st.counters;
    return j;
}

}  // namespace hl
