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
    r.spent = static_cast<std::int64_t>(lua_tonumber(L, -1));
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

// Reads the turn's log: the notes the scripts added, from entry `next` on (each call's notes
// are read right after it, so that a fault in one is reported at the script that made it).
void read_turn_log(lua_State* L, const LuaRef& turn, TurnRecord& rec, int& next,
                   JsonBudget& budget) {
    StackGuard guard(L);
    turn.push();
    raw_field(L, -1, "log");
    if (!lua_istable(L, -1)) return;
    int log = lua_gettop(L);
    int n = static_cast<int>(lua_objlen(L, log));
    for (; next <= n; ++next) {
        lua_rawgeti(L, log, next);
        if (lua_istable(L, -1)) {
            int e = lua_gettop(L);
            PhaseNote note;
            note.phase = string_field(L, e, "phase");
            note.empire = string_field(L, e, "empire");
            note.text = string_field(L, e, "text");
            spend_text(budget, note.text);
            std::string name = fmt::format("turn.log[{}].data", next);
            note.data = json_field(L, e, "data", name.c_str(), budget);
            rec.notes.push_back(std::move(note));
        }
        lua_pop(L, 1);
    }
}

// What one turn's calls leave behind: the log read so far and the budget for records.
struct TurnReading {
    const LuaRef& turn;
    TurnRecord& rec;
    int next = 1;
    JsonBudget budget;

    // Reads the notes the call to module.fn added; a fault is the function's.
    void after(Runtime& rt, const std::string& module, const std::string& fn) {
        try {
            read_turn_log(rt.host().L(), turn, rec, next, budget);
        } catch (const std::runtime_error& e) {
            throw ScriptError(rt.at_function(
                module, fn, fmt::format("a note this call added to the turn: {}", e.what())));
        }
    }
};

// Calls fn of module with (first, res, turn) and records the outcome.
ActionResult call_action(Runtime& rt, const std::string& module, const std::string& fn,
                         const StreamKey& key, const std::function<void(lua_State*)>& push_first,
                         TurnReading& reading) {
    lua_State* L = rt.host().L();
    ActionResult r;
    push_result_table(L);
    LuaRef res(L);
    rt.call(
        module, fn, key,
        [&](lua_State* Ls) {
            push_first(Ls);
            res.push();
            reading.turn.push();
            return 3;
        },
        0);
    StackGuard guard(L);
    res.push();
    try {
        read_result(L, lua_gettop(L), r, reading.budget);
    } catch (const std::runtime_error& e) {
        throw ScriptError(
            rt.at_function(module, fn, fmt::format("the result of this call: {}", e.what())));
    }
    reading.after(rt, module, fn);
    return r;
}

void apply_names_and_messages(GameState& st, const TurnInput& input, int max_length,
                              TurnRecord& rec) {
    for (const auto& [empire, sheet] : input.sheets) {
        Empire* e = st.find_empire(empire);
        if (!e || e->eliminated) continue;
        for (const Naming& n : sheet.names) {
            Holding& h = st.holding(n.system);
            PhaseNote note;
            note.phase = "names";
            note.empire = empire;
            if (h.owner != empire) {
                note.text =
                    fmt::format("NAME {}: not named; you do not own it", code_str(n.system));
            } else if (static_cast<int>(n.name.size()) > max_length) {
                note.text = fmt::format("NAME {}: not named; names have at most {} characters",
                                        code_str(n.system), max_length);
            } else {
                h.name = n.name;
                note.text =
                    fmt::format("System {} is now named \"{}\"", code_str(n.system), n.name);
            }
            rec.notes.push_back(std::move(note));
        }
        for (const Message& m : sheet.messages) {
            if (m.to == "PHONE" || m.to == "EMAIL") e->contact[m.to] = m.text;
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
        if (e.eliminated) continue;
        bool by_computer = input.computer.count(e.code) > 0;
        bool has_orders = input.sheets.count(e.code) > 0 && !by_computer;
        if (!input.sheets.count(e.code)) rec.no_orders.push_back(e.code);
        if (by_computer) rec.computer_orders[e.code] = input.computer.at(e.code);
        if (input.late.count(e.code)) rec.late_orders.push_back(e.code);
        // Consecutive turns without orders (rule 1.5): the computer players use it.
        e.missed_turns = has_orders ? 0 : e.missed_turns + 1;
    }
    apply_names_and_messages(
        st, input, static_cast<int>(rt.pack().const_int("game.name_max_length", 15)), rec);

    lua_createtable(L, 0, 4);
    set_field(L, lua_gettop(L), "number", st.turn);
    lua_newtable(L);
    lua_setfield(L, -2, "log");
    LuaRef turn(L);
    auto push_turn = [&](lua_State*) { turn.push(); };
    TurnReading reading{turn, rec, 1, JsonBudget{}};
    auto after_phase = [&](const std::string& module) { reading.after(rt, module, "run"); };

    run_phases(rt, "begin_turn", push_turn, after_phase);

    const int slots = static_cast<int>(rt.pack().const_int("game.actions_per_turn", 16));
    const std::vector<std::string> order = st.order_of_play;
    for (int slot = 1; slot <= slots; ++slot) {
        for (const std::string& empire : order) {
            const Empire* e = st.find_empire(empire);
            if (!e || e->eliminated) continue;
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
                [&](lua_State* Ls) { push_order(Ls, *o, empire); }, reading);
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
                if (!e || e->eliminated) continue;
                auto it = input.sheets.find(empire);
                if (it == input.sheets.end() || k >= it->second.probes.size()) continue;
                SystemCode target = it->second.probes[k];
                int box = static_cast<int>(k + 1);
                ActionResult r = call_action(
                    rt, "probes", "run", rt.key("probe", empire, box),
                    [&](lua_State* Ls) {
                        lua_createtable(Ls, 0, 3);
                        set_field(Ls, lua_gettop(Ls), "empire", empire);
                        set_field(Ls, lua_gettop(Ls), "system", target);
                        set_field(Ls, lua_gettop(Ls), "box", box);
                    },
                    reading);
                r.round = "probe";
                r.slot = box;
                r.empire = empire;
                r.line = it->second.probe_line;
                r.action = "PROBE";
                r.text = fmt::format("PROBE {}", code_str(target));
                rec.actions.push_back(std::move(r));
            }
        }
    }

    if (input.end_of_turn) run_phases(rt, "end_of_turn", push_turn, after_phase);
    st.normalise();
    return rec;
}

}  // namespace hl
