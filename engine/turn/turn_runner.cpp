#include "turn/turn_runner.hpp"

#include <algorithm>

#include <fmt/format.h>

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

// Pushes the orders of a turn as the pack's turn module takes them: {sheets = {[empire] =
// {orders, probes, probe_line, names, messages}}, computer = {[empire] = mode}, late =
// {[empire] = true}, end_of_turn}.
void push_input(lua_State* L, const ActionRegistry& actions, const TurnInput& input) {
    lua_createtable(L, 0, 4);
    int t = lua_gettop(L);
    lua_newtable(L);
    int sheets = lua_gettop(L);
    for (const auto& [empire, sheet] : input.sheets) {
        lua_createtable(L, 0, 5);
        int s = lua_gettop(L);
        lua_createtable(L, static_cast<int>(sheet.orders.size()), 0);
        int n = 0;
        for (const Order& o : sheet.orders) {
            const ActionDef* def = actions.find(o.action);
            if (!def) continue;  // the checker refused it already; nothing to run
            push_order(L, o, empire);
            set_field(L, lua_gettop(L), "module", def->module);
            lua_rawseti(L, -2, ++n);
        }
        lua_setfield(L, s, "orders");
        push_codes(L, sheet.probes);
        lua_setfield(L, s, "probes");
        set_field(L, s, "probe_line", sheet.probe_line);
        lua_createtable(L, static_cast<int>(sheet.names.size()), 0);
        for (std::size_t i = 0; i < sheet.names.size(); ++i) {
            lua_createtable(L, 0, 3);
            set_field(L, lua_gettop(L), "line", sheet.names[i].line);
            set_field(L, lua_gettop(L), "system", sheet.names[i].system);
            set_field(L, lua_gettop(L), "name", sheet.names[i].name);
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
        lua_setfield(L, s, "names");
        lua_createtable(L, static_cast<int>(sheet.messages.size()), 0);
        for (std::size_t i = 0; i < sheet.messages.size(); ++i) {
            lua_createtable(L, 0, 3);
            set_field(L, lua_gettop(L), "line", sheet.messages[i].line);
            set_field(L, lua_gettop(L), "to", sheet.messages[i].to);
            set_field(L, lua_gettop(L), "text", sheet.messages[i].text);
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
        lua_setfield(L, s, "messages");
        lua_setfield(L, sheets, empire.c_str());
    }
    lua_setfield(L, t, "sheets");
    lua_newtable(L);
    for (const auto& [empire, mode] : input.computer) {
        push(L, mode);
        lua_setfield(L, -2, empire.c_str());
    }
    lua_setfield(L, t, "computer");
    lua_newtable(L);
    for (const std::string& empire : input.late) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, empire.c_str());
    }
    lua_setfield(L, t, "late");
    set_field(L, t, "end_of_turn", input.end_of_turn);
}

// The strings of an array field of table t.
std::vector<std::string> string_list(lua_State* L, int t, const char* key) {
    std::vector<std::string> out;
    lua_getfield(L, t, key);
    if (lua_istable(L, -1)) {
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) out.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return out;
}

// Reads the outcomes the pack recorded in turn.results and its messages.
void read_results(lua_State* L, const LuaRef& turn, TurnRecord& rec) {
    StackGuard guard(L);
    turn.push();
    int t = lua_gettop(L);
    lua_getfield(L, t, "results");
    if (lua_istable(L, -1)) {
        int list = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, list));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, list, i);
            if (lua_istable(L, -1)) {
                int r = lua_gettop(L);
                ActionResult res;
                read_result(L, r, res);
                res.round = string_field(L, r, "round");
                lua_getfield(L, r, "slot");
                res.slot = static_cast<int>(lua_tointeger(L, -1));
                lua_getfield(L, r, "line");
                res.line = static_cast<int>(lua_tointeger(L, -1));
                lua_pop(L, 2);
                res.empire = string_field(L, r, "empire");
                res.action = string_field(L, r, "action");
                res.text = string_field(L, r, "text");
                rec.actions.push_back(std::move(res));
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "messages");
    if (lua_istable(L, -1)) {
        int list = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, list));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, list, i);
            if (lua_istable(L, -1)) {
                int m = lua_gettop(L);
                rec.messages.push_back(
                    {string_field(L, m, "from"), string_field(L, m, "to"), string_field(L, m, "text")});
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

}  // namespace

TurnRecord run_turn(Runtime& rt, const ActionRegistry& actions, const TurnInput& input) {
    GameState& st = rt.state();
    lua_State* L = rt.host().L();
    st.turn += 1;
    TurnRecord rec;
    rec.turn = st.turn;
    rec.order_of_play = st.order_of_play;

    lua_createtable(L, 0, 5);
    set_field(L, lua_gettop(L), "number", st.turn);
    for (const char* list : {"log", "results", "messages", "in_play"}) {
        lua_newtable(L);
        lua_setfield(L, -2, list);
    }
    LuaRef turn(L);
    rt.call(
        "turn", "run", rt.key("turn"),
        [&](lua_State* Ls) {
            push_input(Ls, actions, input);
            turn.push();
            return 2;
        },
        0);
    read_results(L, turn, rec);
    read_turn_log(L, turn, rec);
    std::vector<std::string> in_play;
    {
        StackGuard guard(L);
        turn.push();
        in_play = string_list(L, lua_gettop(L), "in_play");
    }
    std::sort(in_play.begin(), in_play.end());
    for (const std::string& e : in_play) {
        if (!input.sheets.count(e)) rec.no_orders.push_back(e);
        auto c = input.computer.find(e);
        if (c != input.computer.end()) rec.computer_orders[e] = c->second;
        if (input.late.count(e)) rec.late_orders.push_back(e);
    }
    st.normalise();
    return rec;
}

}  // namespace hl
