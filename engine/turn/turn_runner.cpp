#include "turn/turn_runner.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "game/phases.hpp"
#include "lua/convert.hpp"
#include "lua/lua_json.hpp"
#include "orders/order_lua.hpp"

namespace hl {

namespace {

// Holds a Lua value in the registry for as long as this object lives.
class LuaRef {
  public:
    // Takes the value on top of the stack.
    explicit LuaRef(lua_State* L) : L_(L), ref_(luaL_ref(L, LUA_REGISTRYINDEX)) {}
    ~LuaRef() { luaL_unref(L_, LUA_REGISTRYINDEX, ref_); }
    LuaRef(const LuaRef&) = delete;
    LuaRef& operator=(const LuaRef&) = delete;
    // Pushes the value.
    void push() const { lua_rawgeti(L_, LUA_REGISTRYINDEX, ref_); }

  private:
    lua_State* L_;
    int ref_;
};

// A fresh result table for one action: {ok = true, spent = 0, details = {}, notes = {},
// events = {}}.
void push_result_table(lua_State* L) {
    lua_createtable(L, 0, 6);
    int t = lua_gettop(L);
    set_field(L, t, "ok", true);
    set_field(L, t, "spent", 0);
    lua_newtable(L);
    lua_setfield(L, t, "details");
    lua_newtable(L);
    lua_setfield(L, t, "notes");
    lua_newtable(L);
    lua_setfield(L, t, "events");
}

std::string string_field(lua_State* L, int t, const char* key) {
    lua_getfield(L, t, key);
    std::string v = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return v;
}

// Reads what the script wrote into its result table.
void read_result(lua_State* L, int t, ActionResult& r) {
    lua_getfield(L, t, "ok");
    r.ok = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    r.reason = string_field(L, t, "reason");
    lua_getfield(L, t, "spent");
    r.spent = static_cast<std::int64_t>(lua_tonumber(L, -1));
    lua_pop(L, 1);
    lua_getfield(L, t, "details");
    r.details = lua_istable(L, -1) ? lua_to_json(L, -1) : nlohmann::ordered_json::object();
    if (r.details.is_array() && r.details.empty()) r.details = nlohmann::ordered_json::object();
    lua_pop(L, 1);
    lua_getfield(L, t, "notes");
    if (lua_istable(L, -1)) {
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) r.notes.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "events");
    if (lua_istable(L, -1)) {
        int events = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, events));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, events, i);
            if (lua_istable(L, -1)) {
                int e = lua_gettop(L);
                r.events.push_back({string_field(L, e, "empire"), string_field(L, e, "text")});
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

void read_turn_log(lua_State* L, const LuaRef& turn, TurnRecord& rec) {
    StackGuard guard(L);
    turn.push();
    lua_getfield(L, -1, "log");
    if (!lua_istable(L, -1)) return;
    int log = lua_gettop(L);
    int n = static_cast<int>(lua_objlen(L, log));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, log, i);
        if (lua_istable(L, -1)) {
            int e = lua_gettop(L);
            PhaseNote note;
            note.phase = string_field(L, e, "phase");
            note.empire = string_field(L, e, "empire");
            note.text = string_field(L, e, "text");
            lua_getfield(L, e, "data");
            if (lua_istable(L, -1)) note.data = lua_to_json(L, -1);
            if (note.data.is_array() && note.data.empty())
                note.data = nlohmann::ordered_json::object();
            lua_pop(L, 1);
            rec.notes.push_back(std::move(note));
        }
        lua_pop(L, 1);
    }
}

// Calls fn of module with (first, res, turn) and records the outcome.
ActionResult call_action(Runtime& rt, const std::string& module, const std::string& fn,
                         const StreamKey& key, const std::function<void(lua_State*)>& push_first,
                         const LuaRef& turn) {
    lua_State* L = rt.host().L();
    ActionResult r;
    push_result_table(L);
    LuaRef res(L);
    rt.call(
        module, fn, key,
        [&](lua_State* Ls) {
            push_first(Ls);
            res.push();
            turn.push();
            return 3;
        },
        0);
    StackGuard guard(L);
    res.push();
    read_result(L, lua_gettop(L), r);
    return r;
}

void apply_names_and_messages(GameState& st, const TurnInput& input, int max_length,
                              TurnRecord& rec) {
    const FieldRef owner = st.field("holding", "owner");
    const FieldRef name = st.field("holding", "name");
    const FieldRef contact = st.field("empire", "contact");
    for (const auto& [empire, sheet] : input.sheets) {
        Empire* e = st.find_empire(empire);
        if (!e || st.empire_int(empire, "eliminated")) continue;
        for (const Naming& n : sheet.names) {
            PhaseNote note;
            note.phase = "names";
            note.empire = empire;
            std::string code = st.galaxy.code_str(n.system);
            if (st.text(owner, n.system) != empire) {
                note.text = fmt::format("NAME {}: not named; you do not own it", code);
            } else if (static_cast<int>(n.name.size()) > max_length) {
                note.text = fmt::format("NAME {}: not named; names have at most {} characters",
                                        code, max_length);
            } else if (auto bad = st.set(name, n.system, n.name)) {
                note.text = fmt::format("NAME {}: not named; {}", code, *bad);
            } else {
                note.text = fmt::format("System {} is now named \"{}\"", code, n.name);
            }
            rec.notes.push_back(std::move(note));
        }
        for (const Message& m : sheet.messages) {
            if (m.to == "PHONE" || m.to == "EMAIL") {
                std::int64_t key = st.empire_index(empire);
                TextMap c = std::get<TextMap>(st.value(contact, key));
                c[m.to] = m.text;
                st.set(contact, key, std::move(c));
            }
            rec.messages.push_back({empire, m.to, m.text});
        }
    }
}

}  // namespace

TurnRecord run_turn(Runtime& rt, const ActionRegistry& actions, const TurnInput& input) {
    GameState& st = rt.state();
    lua_State* L = rt.host().L();
    st.turn += 1;
    TurnRecord rec;
    rec.turn = st.turn;
    rec.order_of_play = st.order_of_play;
    for (Empire& e : st.empires) {
        if (st.empire_int(e.code, "eliminated")) continue;
        bool by_computer = input.computer.count(e.code) > 0;
        bool has_orders = input.sheets.count(e.code) > 0 && !by_computer;
        if (!input.sheets.count(e.code)) rec.no_orders.push_back(e.code);
        if (by_computer) rec.computer_orders[e.code] = input.computer.at(e.code);
        if (input.late.count(e.code)) rec.late_orders.push_back(e.code);
        // Consecutive turns without orders (rule 1.5): the computer players use it.
        st.set_empire_int(e.code, "missed_turns",
                          has_orders ? 0 : st.empire_int(e.code, "missed_turns") + 1);
    }
    apply_names_and_messages(
        st, input, static_cast<int>(rt.pack().const_int("game.name_max_length", 15)), rec);

    lua_createtable(L, 0, 4);
    set_field(L, lua_gettop(L), "number", st.turn);
    lua_newtable(L);
    lua_setfield(L, -2, "log");
    LuaRef turn(L);
    auto push_turn = [&](lua_State*) { turn.push(); };

    run_phases(rt, "begin_turn", push_turn);

    const int slots = static_cast<int>(rt.pack().const_int("game.actions_per_turn", 16));
    const std::vector<std::string> order = st.order_of_play;
    for (int slot = 1; slot <= slots; ++slot) {
        for (const std::string& empire : order) {
            const Empire* e = st.find_empire(empire);
            if (!e || st.empire_int(empire, "eliminated")) continue;
            auto it = input.sheets.find(empire);
            if (it == input.sheets.end()) continue;
            const auto& orders = it->second.orders;
            auto o = std::find_if(orders.begin(), orders.end(),
                                  [&](const Order& x) { return x.slot == slot; });
            if (o == orders.end()) continue;
            const ActionDef* def = actions.find(o->action);
            if (!def) continue;  // the checker refused it already; nothing to run
            ActionResult r = call_action(
                rt, def->module, "run", rt.key("action", empire, slot),
                [&](lua_State* Ls) { push_order(Ls, *o, empire); }, turn);
            r.round = "action";
            r.slot = slot;
            r.empire = empire;
            r.line = o->line;
            r.action = o->action;
            r.text = o->text;
            rec.actions.push_back(std::move(r));
        }
    }

    // Probe rounds: one probe box per empire per round, in order of play.
    std::size_t probe_rounds = 0;
    for (const auto& [empire, sheet] : input.sheets)
        probe_rounds = std::max(probe_rounds, sheet.probes.size());
    if (probe_rounds > 0 && rt.pack().script("probes")) {
        for (std::size_t k = 0; k < probe_rounds; ++k) {
            for (const std::string& empire : order) {
                const Empire* e = st.find_empire(empire);
                if (!e || st.empire_int(empire, "eliminated")) continue;
                auto it = input.sheets.find(empire);
                if (it == input.sheets.end() || k >= it->second.probes.size()) continue;
                PlaceCode target = it->second.probes[k];
                int box = static_cast<int>(k + 1);
                ActionResult r = call_action(
                    rt, "probes", "run", rt.key("probe", empire, box),
                    [&](lua_State* Ls) {
                        lua_createtable(Ls, 0, 3);
                        set_field(Ls, lua_gettop(Ls), "empire", empire);
                        set_field(Ls, lua_gettop(Ls), "system", target);
                        set_field(Ls, lua_gettop(Ls), "box", box);
                    },
                    turn);
                r.round = "probe";
                r.slot = box;
                r.empire = empire;
                r.line = it->second.probe_line;
                r.action = "PROBE";
                r.text = fmt::format("PROBE {}", st.galaxy.code_str(target));
                rec.actions.push_back(std::move(r));
            }
        }
    }

    if (input.end_of_turn) run_phases(rt, "end_of_turn", push_turn);
    read_turn_log(L, turn, rec);
    st.normalise();
    return rec;
}

}  // namespace hl
