#include "report/report_model.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/lua_json.hpp"
#include "lua/runtime.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

// A place field as JSON: its code as written, or null.
json opt_code(const GameState& st, std::int64_t c) {
    if (c == kNone) return nullptr;
    return st.galaxy.code_str(static_cast<PlaceCode>(c));
}

// A set of places of an empire's record, by field name (empty if the schema has none).
std::set<PlaceCode> set_of(const GameState& st, const Empire& e, const char* name) {
    std::set<PlaceCode> out;
    int k = st.schema().kind_index("sight");
    if (k < 0) return out;
    int f = st.schema().kinds[static_cast<std::size_t>(k)].field_index(name);
    if (f < 0) return out;
    if (const auto* l = std::get_if<IntList>(&st.value({k, f}, st.empire_index(e.code))))
        for (std::int64_t c : *l)
            out.insert(static_cast<PlaceCode>(c));
    return out;
}

// True if the pack's schema declares `field` in `kind`: the standard report's sections read
// only the kinds a pack has (a pack without holdings or probes gets those sections empty).
bool has_field(const GameState& st, const char* kind, const char* field) {
    return st.has_field(kind, field);
}

// A holding's field by name.
std::int64_t hint(const GameState& st, std::int64_t code, const char* field) {
    return st.integer(st.field("holding", field), code);
}

// A holding's text field by name.
const std::string& htext(const GameState& st, std::int64_t code, const char* field) {
    return st.text(st.field("holding", field), code);
}

// A holding's choice field as its word.
std::string hchoice(const GameState& st, std::int64_t code, const char* field) {
    FieldRef f = st.field("holding", field);
    const FieldSpec& spec = st.schema()
                                .kinds[static_cast<std::size_t>(f.kind)]
                                .fields[static_cast<std::size_t>(f.field)];
    std::int64_t i = st.integer(f, code);
    return i >= 0 && static_cast<std::size_t>(i) < spec.scalar.choices.size()
               ? spec.scalar.choices[static_cast<std::size_t>(i)]
               : std::string();
}

json game_header(const GameState& st, const Pack& pack, const ReportContext& ctx) {
    return {{"name", ctx.game_name},
            {"gm", ctx.gm},
            {"gm_address", ctx.gm_address},
            {"gm_messages", ctx.gm_messages},
            {"turn", st.turn},
            {"pack", {{"id", st.pack}, {"name", pack.top().name}, {"version", st.pack_version}}}};
}

// Warnings every player sees: census held this turn, victory warning or end.
json warnings(const GameState& st, const TurnRecord* rec) {
    json w = json::array();
    const IntList* census =
        has_field(st, "game", "census_turns")
            ? std::get_if<IntList>(&st.value(st.field("game", "census_turns"), 0))
            : nullptr;
    if (census && std::find(census->begin(), census->end(), st.turn) != census->end())
        w.push_back(fmt::format("Turn {} was a census turn: VPs were scored.", st.turn));
    if (rec)
        for (const PhaseNote& n : rec->notes)
            if (n.phase == "victory") w.push_back(n.text);
    if (st.game_int("ended_turn") > 0 && !rec)
        w.push_back(fmt::format("The game is over: {} won ({}).", st.game_text("winner"),
                                st.game_text("condition")));
    else if (st.game_int("warning_turn") > 0 && (!rec || rec->notes.empty()))
        w.push_back(
            fmt::format("A victory condition has held since turn {}: the game may end at "
                        "the next census.",
                        st.game_int("warning_turn")));
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
    Runtime rt(pack, st);  // read only: reports never change the state
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
                s["code"] = st.galaxy.code_str(s["code"].get<int>());
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
    t += "PROBE\nNAME\nMESSAGE ALL\n";
    return t;
}

}  // namespace

json empire_report(const GameState& st, const TurnRecord* rec, const Pack& pack,
                   const ReportContext& ctx, const std::string& code) {
    const Empire* e = st.find_empire(code);
    if (!e) throw std::runtime_error("empire_report: no empire " + code);
    const auto seen = set_of(st, *e, "seen");
    const auto scouted = set_of(st, *e, "scouted");
    const auto explored = set_of(st, *e, "explored");
    json r;
    r["format"] = 1;
    r["kind"] = "empire";
    r["game"] = game_header(st, pack, ctx);
    r["empire"] = {{"code", e->code},
                   {"name", e->name},
                   {"player", e->player},
                   {"eliminated", st.empire_int(code, "eliminated") != 0}};

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
    r["actions"] = actions;
    r["events"] = events;
    r["notes"] = notes;

    json econ = economy_section(st, pack, code);
    r["economy"] = {{"balance", st.empire_int(code, "balance")},
                    {"treasury", st.empire_int(code, "treasury")},
                    {"vps", st.empire_int(code, "vps")},
                    {"income", econ.value("income", json(nullptr))},
                    {"supply", econ.value("supply", json(nullptr))},
                    {"reserve", st.empire_int(code, "reserve")},
                    {"lost_in_space", st.empire_int(code, "lost_in_space")},
                    {"bombs_used", st.empire_int(code, "bombs_used")}};
    for (const char* extra : {"income_tech", "bombs_left", "probe_boxes"})
        if (econ.contains(extra)) r["economy"][extra] = econ[extra];
    json techs = json::object();
    for (const TechDef& t : pack.techs())
        techs[t.code] = st.empire_entry(code, "techs", t.code);
    r["techs"] = techs;

    std::map<std::string, json> per_system;
    if (econ.contains("systems"))
        for (const auto& s : econ["systems"])
            per_system[s.value("code", std::string())] = s;
    json systems = json::array();
    const bool holdings = has_field(st, "holding", "owner");
    const std::vector<std::int64_t> owned =
        holdings ? st.find(st.field("holding", "owner"), code) : std::vector<std::int64_t>{};
    for (std::int64_t c : owned) {
        const Place& sys = st.galaxy.at(static_cast<PlaceCode>(c));
        json js = {{"code", st.galaxy.code_str(static_cast<PlaceCode>(c))},
                   {"name", htext(st, c, "name")},
                   {"kind", sys.kind},
                   {"parent", opt_code(st, sys.parent ? *sys.parent : kNone)},
                   {"population", hint(st, c, "population")},
                   {"industry", hint(st, c, "industry")},
                   {"cruisers", hint(st, c, "cruisers")},
                   {"fighters", hint(st, c, "fighters")},
                   {"colony_ships", hint(st, c, "colony_ships")},
                   {"mode", hchoice(st, c, "mode")},
                   {"retreat", opt_code(st, hint(st, c, "retreat"))},
                   {"ambush", opt_code(st, hint(st, c, "ambush"))}};
        auto it = per_system.find(st.galaxy.code_str(static_cast<PlaceCode>(c)));
        if (it != per_system.end())
            for (const char* k : {"income", "supply", "limit", "blockaded", "overpopulation"})
                if (it->second.contains(k)) js[k] = it->second[k];
        systems.push_back(js);
    }
    r["systems"] = systems;

    json probes = json::array();
    if (has_field(st, "probe", "empire")) {
        FieldRef pe = st.field("probe", "empire"), ps = st.field("probe", "system"),
                 pa = st.field("probe", "active");
        std::vector<std::pair<std::pair<bool, std::int64_t>, json>> mine;
        for (std::int64_t id : st.find(pe, code)) {
            bool active = st.integer(pa, id) != 0;
            std::int64_t sys = st.integer(ps, id);
            mine.push_back({{!active, sys},
                            {{"system", st.galaxy.code_str(static_cast<PlaceCode>(sys))},
                             {"active", active}}});
        }
        std::sort(mine.begin(), mine.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [k, p] : mine)
            probes.push_back(p);
    }
    r["probes"] = probes;

    json scouting = json::array();
    for (PlaceCode c : holdings ? scouted : std::set<PlaceCode>{}) {
        const std::string& owner = htext(st, c, "owner");
        scouting.push_back({{"code", st.galaxy.code_str(c)},
                            {"kind", st.galaxy.at(c).kind},
                            {"owner", owner.empty() ? json(nullptr) : json(owner)},
                            {"name", htext(st, c, "name")},
                            {"population", hint(st, c, "population")},
                            {"industry", hint(st, c, "industry")},
                            {"cruisers", hint(st, c, "cruisers")},
                            {"fighters", hint(st, c, "fighters")},
                            {"colony_ships", hint(st, c, "colony_ships")}});
    }
    r["scouting"] = scouting;

    // Every system seen so far: what may be known of it. Owners only where owned or scouted.
    json map = json::array();
    for (PlaceCode c : seen) {
        const Place& sys = st.galaxy.at(c);
        const std::string owner = holdings ? htext(st, c, "owner") : std::string();
        bool mine = !owner.empty() && owner == code;
        bool visible_owner = mine || scouted.count(c);
        map.push_back({{"code", st.galaxy.code_str(c)},
                       {"kind", sys.kind},
                       {"x", sys.pos.x},
                       {"y", sys.pos.y},
                       {"parent", opt_code(st, sys.parent ? *sys.parent : kNone)},
                       {"owner", visible_owner && !owner.empty() ? json(owner) : json(nullptr)},
                       {"status", mine               ? "owned"
                                  : scouted.count(c) ? "scouted"
                                                     : "seen"}});
    }
    r["map"] = map;
    json links = json::array();
    for (PlaceCode c : explored) {
        for (PlaceCode other : st.galaxy.at(c).links) {
            if (!seen.count(other) || !seen.count(c)) continue;
            if (explored.count(other) && other < c) continue;  // listed once
            links.push_back(json::array(
                {st.galaxy.code_str(std::min(c, other)), st.galaxy.code_str(std::max(c, other))}));
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
            return st.empire_entry(e.code, "techs", a->code) >
                   st.empire_entry(e.code, "techs", b->code);
        });
        json top = json::array();
        for (std::size_t i = 0; i < techs.size() && i < 3; ++i)
            top.push_back({{"code", techs[i]->code},
                           {"level", st.empire_entry(e.code, "techs", techs[i]->code)}});
        json contact = json::object();
        if (const auto* m = has_field(st, "empire", "contact")
                                ? std::get_if<TextMap>(&st.value(st.field("empire", "contact"),
                                                                 st.empire_index(e.code)))
                                : nullptr)
            for (const auto& [k, v] : *m)
                contact[k] = v;
        roundup.push_back({{"code", e.code},
                           {"name", e.name},
                           {"player", e.computer ? std::string() : e.player},
                           {"computer", e.computer},
                           {"eliminated", st.empire_int(e.code, "eliminated") != 0},
                           {"top_techs", top},
                           {"contact", contact}});
    }
    r["roundup"] = roundup;
    r["order_of_play"] = st.order_of_play;
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
