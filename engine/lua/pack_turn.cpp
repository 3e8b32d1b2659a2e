#include "lua/pack_turn.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/lua_json.hpp"

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
    raw_field(L, t, key);
    std::string v = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return v;
}

// Takes a text's bytes from the turn's budget for records.
void spend_text(JsonBudget& budget, const std::string& text) {
    budget.values -= 1;
    budget.bytes -= static_cast<std::int64_t>(text.size());
    if (budget.values < 0 || budget.bytes < 0)
        throw std::runtime_error("too much text in the turn's records");
}

// Field `key` of the table at t as JSON, errors prefixed with `name`.
nlohmann::ordered_json json_field(lua_State* L, int t, const char* key, const char* name,
                                  JsonBudget& budget) {
    raw_field(L, t, key);
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    try {
        if (lua_istable(L, -1)) out = lua_to_json(L, -1, budget);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: {}", name, e.what()));
    }
    lua_pop(L, 1);
    if (out.is_array() && out.empty()) out = nlohmann::ordered_json::object();
    return out;
}

// Reads what the script wrote into its result table.
void read_result(lua_State* L, int t, ActionResult& r, JsonBudget& budget) {
    raw_field(L, t, "ok");
    r.ok = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    r.reason = string_field(L, t, "reason");
    spend_text(budget, r.reason);
    raw_field(L, t, "spent");
    // Shown in the trace only: a NaN or a number past 2^53 (whose conversion would be
    // undefined past 2^63) is kept within range rather than trusted.
    const double spent = lua_tonumber(L, -1);
    constexpr double kMost = 9007199254740992.0;  // 2^53
    r.spent = spent != spent ? 0 : static_cast<std::int64_t>(std::clamp(spent, -kMost, kMost));
    lua_pop(L, 1);
    r.details = json_field(L, t, "details", "res.details", budget);
    raw_field(L, t, "notes");
    if (lua_istable(L, -1)) {
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) {
                r.notes.emplace_back(lua_tostring(L, -1));
                spend_text(budget, r.notes.back());
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    raw_field(L, t, "events");
    if (lua_istable(L, -1)) {
        int events = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, events));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, events, i);
            if (lua_istable(L, -1)) {
                int e = lua_gettop(L);
                r.events.push_back({string_field(L, e, "empire"), string_field(L, e, "text")});
                spend_text(budget, r.events.back().text);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

// A note or result in `turn` that cannot be recorded, with the module that made it (a phase's
// or an action's, empty if unknown).
struct RecordError : std::runtime_error {
    RecordError(std::string module_name, const std::string& what)
        : std::runtime_error(what), module(std::move(module_name)) {}
    std::string module;
};

// Reads the turn's log: the notes the scripts added.
void read_turn_log(lua_State* L, const LuaRef& turn, TurnRecord& rec, JsonBudget& budget) {
    StackGuard guard(L);
    turn.push();
    raw_field(L, -1, "log");
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
            spend_text(budget, note.text);
            raw_field(L, e, "warning");
            note.warning = lua_toboolean(L, -1) != 0;
            lua_pop(L, 1);
            std::string name =
                fmt::format("turn.log[{}] (a note of phase '{}').data", i, note.phase);
            try {
                note.data = json_field(L, e, "data", name.c_str(), budget);
            } catch (const std::runtime_error& err) {
                throw RecordError(note.phase.empty() ? "" : "phases/" + note.phase, err.what());
            }
            rec.notes.push_back(std::move(note));
        }
        lua_pop(L, 1);
    }
}

// Pushes the orders of a turn as the pack's turn module takes them: {sheets = {[empire] = the
// sheet as the pack's grammar read it}, computer = {[empire] = mode}, late = {[empire] = true},
// end_of_turn}.
void push_input(lua_State* L, const TurnInput& input) {
    lua_createtable(L, 0, 4);
    int t = lua_gettop(L);
    lua_newtable(L);
    int sheets = lua_gettop(L);
    for (const auto& [empire, sheet] : input.sheets) {
        push_read_sheet(L, sheet);
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
    raw_field(L, t, key);
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
void read_results(lua_State* L, const LuaRef& turn, TurnRecord& rec, JsonBudget& budget) {
    StackGuard guard(L);
    turn.push();
    int t = lua_gettop(L);
    raw_field(L, t, "results");
    if (lua_istable(L, -1)) {
        int list = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, list));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, list, i);
            if (lua_istable(L, -1)) {
                int r = lua_gettop(L);
                ActionResult res;
                try {
                    read_result(L, r, res, budget);
                } catch (const std::runtime_error& e) {
                    // Packs that keep one module per order in actions/ (docs/packs.md) get the
                    // fault located there.
                    std::string action = string_field(L, r, "action");
                    std::transform(action.begin(), action.end(), action.begin(),
                                   [](unsigned char c) { return std::tolower(c); });
                    throw RecordError(action.empty() ? "" : "actions/" + action,
                                      fmt::format("turn.results[{}]: {}", i, e.what()));
                }
                res.round = string_field(L, r, "round");
                raw_field(L, r, "slot");
                res.slot = static_cast<int>(lua_tointeger(L, -1));
                raw_field(L, r, "line");
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
    raw_field(L, t, "messages");
    if (lua_istable(L, -1)) {
        int list = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, list));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, list, i);
            if (lua_istable(L, -1)) {
                int m = lua_gettop(L);
                rec.messages.push_back({string_field(L, m, "from"), string_field(L, m, "to"),
                                        string_field(L, m, "text")});
                spend_text(budget, rec.messages.back().text);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

}  // namespace

std::vector<std::string> run_pack_turn(Runtime& rt, int number, const TurnInput& input,
                                       TurnRecord& rec) {
    lua_State* L = rt.host().L();
    lua_createtable(L, 0, 5);
    set_field(L, lua_gettop(L), "number", number);
    for (const char* list : {"log", "results", "messages", "in_play"}) {
        lua_newtable(L);
        lua_setfield(L, -2, list);
    }
    LuaRef turn(L);
    // state.set_turn_order changes the record's order of play while the turn runs.
    struct TurnOrder {
        LuaHost& host;
        std::vector<std::string>* before;
        ~TurnOrder() { host.set_turn_order(before); }
    } turn_order{rt.host(), rt.host().set_turn_order(&rec.order_of_play)};
    rt.call(
        "turn", "run", rt.key("turn"),
        [&](lua_State* Ls) {
            push_input(Ls, input);
            turn.push();
            return 2;
        },
        0);
    // What the scripts left in `turn` is read raw and within one budget; a fault in it is
    // reported at the phase that added the note, or at the pack's turn.run, naming the entry.
    try {
        JsonBudget budget;
        read_results(L, turn, rec, budget);
        read_turn_log(L, turn, rec, budget);
    } catch (const RecordError& e) {
        // Located at the run function of the phase or action that made it, if the pack has
        // that module, else at turn.run.
        bool known =
            !e.module.empty() && rt.pack().script(e.module) && rt.has_function(e.module, "run");
        throw ScriptError(known ? rt.at_function(e.module, "run", e.what())
                                : rt.at_function("turn", "run", e.what()));
    } catch (const std::runtime_error& e) {
        throw ScriptError(rt.at_function("turn", "run", e.what()));
    }
    std::vector<std::string> in_play;
    {
        StackGuard guard(L);
        turn.push();
        in_play = string_list(L, lua_gettop(L), "in_play");
    }
    std::sort(in_play.begin(), in_play.end());
    return in_play;
}

}  // namespace hl
