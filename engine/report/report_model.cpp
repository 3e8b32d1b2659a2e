#include "report/report_model.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "game/runtime.hpp"
#include "lua/convert.hpp"
#include "lua/lua_json.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

json opt_code(const std::optional<SystemCode>& c) {
    if (!c) return nullptr;
    return code_str(*c);
}

const std::set<SystemCode>& set_of(const Empire& e, const char* name) {
    static const std::set<SystemCode> empty;
    auto it = e.system_sets.find(name);
    return it == e.system_sets.end() ? empty : it->second;
}

json game_header(const GameState& st, const Pack& pack, const ReportContext& ctx) {
    return {{"name", ctx.game_name},
            {"gm", ctx.gm},
            {"gm_address", ctx.gm_address},
            {"turn", st.turn},
            {"pack", {{"id", st.pack}, {"name", pack.top().name}, {"version", st.pack_version}}}};
}

// Warnings every player sees: census held this turn, victory warning or end.
json warnings(const GameState& st, const TurnRecord* rec) {
    json w = json::array();
    if (std::find(st.census_turns.begin(), st.census_turns.end(), st.turn) != st.census_turns.end())
        w.push_back(fmt::format("Turn {} was a census turn: VPs were scored.", st.turn));
    if (rec)
        for (const PhaseNote& n : rec->notes)
            if (n.phase == "victory") w.push_back(n.text);
    if (st.victory.ended_turn > 0 && !rec)
        w.push_back(
            fmt::format("The game is over: {} won ({}).", st.victory.winner, st.victory.condition));
    else if (st.victory.warning_turn > 0 && (!rec || rec->notes.empty()))
        w.push_back(
            fmt::format("A victory condition has held since turn {}: the game may end at "
                        "the next census.",
                        st.victory.warning_turn));
    return w;
}

json result_json(const ActionResult& a) {
    return {{"round", a.round}, {"slot", a.slot},      {"line", a.line},     {"action", a.action},
            {"text", a.text},   {"ok", a.ok},          {"reason", a.reason}, {"spent", a.spent},
            {"notes", a.notes}, {"details", a.details}};
}

// The pack's report.lua economy section, or an empty object if the pack has none.
json economy_section(const GameState& st, const Pack& pack, const std::string& empire) {
    if (!pack.script("report")) return json::object();
    GameState copy = st;  // reports never change the state
    Runtime rt(pack, copy);
    json out = json::object();
    rt.call(
        "report", "empire", rt.key("report", empire),
        [&](lua_State* L) {
            push(L, empire);
            return 1;
        },
        1, [&](lua_State* L) { out = lua_to_json(L, -1); });
    if (out.contains("systems") && out["systems"].is_array())
        for (auto& s : out["systems"])
            if (s.contains("code") && s["code"].is_number_integer())
                s["code"] = code_str(s["code"].get<int>());
    return out;
}

std::string turnsheet_template(const GameState& st, const Pack& pack, const Empire& e) {
    int slots = static_cast<int>(pack.const_int("game.actions_per_turn", 16));
    std::string t = fmt::format(
        "# Turnsheet for {} ({}), turn {}.\n"
        "# One action a line: SLOT ACTION FROM TO NUMBER, \"-\" for an empty box.\n"
        "# Send it to the GM before the deadline.\n"
        "EMPIRE {}\nSECRET {}\nTURN {}\n",
        e.code, e.name, st.turn + 1, e.code, e.secret, st.turn + 1);
    for (int i = 1; i <= slots; ++i)
        t += fmt::format("{}\n", i);
    t += "PROBE\n";
    // As many NAME lines as a sheet may hold (rules 1.6, 2.5: two in the standard game).
    int names = static_cast<int>(pack.const_int("game.naming_lines", 2));
    for (int i = 0; i < names; ++i)
        t += "NAME\n";
    t += "MESSAGE ALL\n";
    return t;
}

}  // namespace

json empire_report(const GameState& st, const TurnRecord* rec, const Pack& pack,
                   const ReportContext& ctx, const std::string& code) {
    const Empire* e = st.find_empire(code);
    if (!e) throw std::runtime_error("empire_report: no empire " + code);
    const auto& seen = set_of(*e, "seen");
    const auto& scouted = set_of(*e, "scouted");
    const auto& explored = set_of(*e, "explored");
    json r;
    r["format"] = 1;
    r["kind"] = "empire";
    r["game"] = game_header(st, pack, ctx);
    r["empire"] = {
        {"code", e->code}, {"name", e->name}, {"player", e->player}, {"eliminated", e->eliminated}};

    json actions = json::array(), events = json::array(), notes = json::array();
    if (rec) {
        for (const ActionResult& a : rec->actions) {
            if (a.empire == code) actions.push_back(result_json(a));
            for (const TurnEvent& ev : a.events)
                if (ev.empire == code) events.push_back({{"from", a.empire}, {"text", ev.text}});
        }
        for (const PhaseNote& n : rec->notes)
            if (n.empire == code) notes.push_back({{"phase", n.phase}, {"text", n.text}});
    }
    r["gm_messages"] = ctx.gm_messages;
    r["actions"] = actions;
    r["events"] = events;
    r["notes"] = notes;

    json econ = economy_section(st, pack, code);
    r["economy"] = {{"balance", e->balance},
                    {"treasury", e->treasury},
                    {"vps", e->vps},
                    {"income", econ.value("income", json(nullptr))},
                    {"supply", econ.value("supply", json(nullptr))},
                    {"reserve", e->reserve},
                    {"lost_in_space", e->lost_in_space},
                    {"bombs_used", e->bombs_used}};
    for (const char* extra : {"income_tech", "bombs_left", "probe_boxes"})
        if (econ.contains(extra)) r["economy"][extra] = econ[extra];
    json techs = json::object();
    for (const TechDef& t : pack.techs())
        techs[t.code] = e->tech(t.code);
    r["techs"] = techs;

    std::map<std::string, json> per_system;
    if (econ.contains("systems"))
        for (const auto& s : econ["systems"])
            per_system[s.value("code", std::string())] = s;
    json systems = json::array();
    for (SystemCode c : st.owned_by(code)) {
        const Holding& h = st.holding_or_empty(c);
        const System& sys = st.galaxy.at(c);
        json js = {{"code", code_str(c)},
                   {"name", h.name},
                   {"kind", sys.kind},
                   {"parent", opt_code(sys.parent)},
                   {"population", h.population},
                   {"industry", h.industry},
                   {"cruisers", h.cruisers},
                   {"fighters", h.fighters},
                   {"colony_ships", h.colony_ships},
                   {"mode", defence_mode_name(h.mode)},
                   {"retreat", opt_code(h.retreat)},
                   {"ambush", opt_code(h.ambush)}};
        auto it = per_system.find(code_str(c));
        if (it != per_system.end())
            for (const char* k : {"income", "supply", "limit", "blockaded", "overpopulation"})
                if (it->second.contains(k)) js[k] = it->second[k];
        systems.push_back(js);
    }
    r["systems"] = systems;

    json probes = json::array();
    for (const Probe& p : st.probes)
        if (p.empire == code)
            probes.push_back({{"system", code_str(p.system)}, {"active", p.active}});
    r["probes"] = probes;

    json scouting = json::array();
    for (SystemCode c : scouted) {
        const Holding& h = st.holding_or_empty(c);
        scouting.push_back({{"code", code_str(c)},
                            {"kind", st.galaxy.at(c).kind},
                            {"owner", h.owner.empty() ? json(nullptr) : json(h.owner)},
                            {"name", h.name},
                            {"population", h.population},
                            {"industry", h.industry},
                            {"cruisers", h.cruisers},
                            {"fighters", h.fighters},
                            {"colony_ships", h.colony_ships}});
    }
    r["scouting"] = scouting;

    // Every system seen so far: what may be known of it. Owners only where owned or scouted.
    json map = json::array();
    for (SystemCode c : seen) {
        const System& sys = st.galaxy.at(c);
        const Holding& h = st.holding_or_empty(c);
        bool mine = h.owner == code;
        bool visible_owner = mine || scouted.count(c);
        map.push_back({{"code", code_str(c)},
                       {"kind", sys.kind},
                       {"x", sys.pos.x},
                       {"y", sys.pos.y},
                       {"parent", opt_code(sys.parent)},
                       {"owner", visible_owner && !h.owner.empty() ? json(h.owner) : json(nullptr)},
                       {"status", mine               ? "owned"
                                  : scouted.count(c) ? "scouted"
                                                     : "seen"}});
    }
    r["map"] = map;
    json links = json::array();
    for (SystemCode c : explored) {
        for (SystemCode other : st.galaxy.at(c).links) {
            if (!seen.count(other) || !seen.count(c)) continue;
            if (explored.count(other) && other < c) continue;  // listed once
            links.push_back(
                json::array({code_str(std::min(c, other)), code_str(std::max(c, other))}));
        }
    }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    r["links"] = links;
    r["warnings"] = warnings(st, rec);
    r["turnsheet"] = turnsheet_template(st, pack, *e);
    return r;
}

json game_report(const GameState& st, const TurnRecord* rec, const Pack& pack,
                 const ReportContext& ctx) {
    json r;
    r["format"] = 1;
    r["kind"] = "game";
    r["game"] = game_header(st, pack, ctx);
    json roundup = json::array();
    for (const Empire& e : st.empires) {
        std::vector<const TechDef*> techs;
        for (const TechDef& t : pack.techs())
            techs.push_back(&t);
        std::stable_sort(techs.begin(), techs.end(), [&](const TechDef* a, const TechDef* b) {
            return e.tech(a->code) > e.tech(b->code);
        });
        json top = json::array();
        for (std::size_t i = 0; i < techs.size() && i < 3; ++i)
            top.push_back({{"code", techs[i]->code}, {"level", e.tech(techs[i]->code)}});
        json contact = json::object();
        for (const auto& [k, v] : e.contact)
            contact[k] = v;
        roundup.push_back({{"code", e.code},
                           {"name", e.name},
                           {"player", e.computer ? std::string() : e.player},
                           {"computer", e.computer},
                           {"eliminated", e.eliminated},
                           {"top_techs", top},
                           {"contact", contact}});
    }
    r["roundup"] = roundup;
    r["order_of_play"] = st.order_of_play;
    r["gm_messages"] = ctx.gm_messages;
    json messages = json::array();
    if (rec)
        for (const MessageRecord& m : rec->messages)
            if (m.to != "PHONE" && m.to != "EMAIL")
                messages.push_back({{"from", m.from}, {"to", m.to}, {"text", m.text}});
    r["messages"] = messages;
    r["warnings"] = warnings(st, rec);
    return r;
}

}  // namespace hl
