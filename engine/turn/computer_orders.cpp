#include "turn/computer_orders.hpp"

#include <fmt/format.h>

#include "lua/convert.hpp"

namespace hl {

std::string computer_mode(const GameState& st, const Empire& e, bool has_sheet, int dropout_after) {
    if (st.empire_int(e.code, "eliminated")) return "";
    if (e.computer) return "computer";
    if (has_sheet) return "";
    return st.empire_int(e.code, "missed_turns") >= dropout_after ? "dropout" : "missed";
}

namespace {

std::string box(lua_State* L, int t, const char* key, const CodeFormat* codes) {
    raw_field(L, t, key);
    std::string out = "-";
    if (lua_type(L, -1) == LUA_TNUMBER) {
        auto v = static_cast<long>(lua_tonumber(L, -1));
        out = codes ? codes->format(static_cast<PlaceCode>(v)) : fmt::format("{}", v);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
        out = lua_tostring(L, -1);
    }
    lua_pop(L, 1);
    return out;
}

// A comment must stay on one line and must not end the order early.
std::string clean(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace

std::string computer_sheet(Runtime& rt, const std::string& empire, const std::string& mode,
                           int turn) {
    const Empire* e = rt.state().find_empire(empire);
    if (!e) throw std::runtime_error("computer_sheet: no empire " + empire);
    const CodeFormat& codes = rt.state().galaxy.spec().codes;
    std::string text = fmt::format(
        "# Orders written by the computer ({} player) for {} on turn {}.\n"
        "# Each order ends with the computer's reason.\n"
        "EMPIRE {}\nSECRET {}\nTURN {}\n",
        mode, empire, turn, empire, e->secret, turn);
    rt.call(
        "ai", "orders", StreamKey{rt.state().seed, turn, empire, 0, "ai"},
        [&](lua_State* L) {
            push(L, empire);
            push(L, mode);
            return 2;
        },
        1,
        [&](lua_State* L) {
            int t = lua_gettop(L);
            if (!lua_istable(L, t))
                throw std::runtime_error("ai.orders must return {orders = ..., probes = ...}");
            raw_field(L, t, "orders");
            int orders = lua_gettop(L);
            int n = lua_istable(L, orders) ? static_cast<int>(lua_objlen(L, orders)) : 0;
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, orders, i);
                int o = lua_gettop(L);
                std::string action = box(L, o, "action", nullptr);
                std::string from = box(L, o, "from", &codes);
                std::string to = box(L, o, "to", &codes);
                std::string number = box(L, o, "number", nullptr);
                std::string why = box(L, o, "why", nullptr);
                // Trailing empty boxes may be left out (docs/turnsheet.md).
                std::vector<std::string> boxes = {from, to, number};
                while (!boxes.empty() && boxes.back() == "-")
                    boxes.pop_back();
                std::string line = fmt::format("{:<2} {:<8}", i, action);
                for (const std::string& b : boxes)
                    line += fmt::format(" {:<3}", b);
                while (!line.empty() && line.back() == ' ')
                    line.pop_back();
                text += line;
                if (why != "-" && !why.empty()) text += "   # " + clean(why);
                text += "\n";
                lua_settop(L, orders);
            }
            lua_settop(L, t);
            raw_field(L, t, "probes");
            int probes = lua_gettop(L);
            int np = lua_istable(L, probes) ? static_cast<int>(lua_objlen(L, probes)) : 0;
            if (np > 0) {
                text += "PROBE";
                for (int i = 1; i <= np; ++i) {
                    lua_rawgeti(L, probes, i);
                    text += " " + codes.format(static_cast<PlaceCode>(lua_tonumber(L, -1)));
                    lua_pop(L, 1);
                }
                text += "\n";
            }
        });
    return text;
}

}  // namespace hl
