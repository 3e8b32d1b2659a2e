#include "lua/lua_json.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace hl {

namespace {

using json = nlohmann::ordered_json;

// One step of the path to the value being converted, turned into text only for an error.
struct PathStep {
    enum Kind { kIndex, kNumberKey, kStringKey } kind;
    std::size_t index = 0;  // kIndex: 1-based position in an array
    lua_Number number = 0;  // kNumberKey
    std::string_view key;   // kStringKey: the key's bytes, owned by the table being read
};

// How deep tables may nest.
constexpr std::size_t kMaxDepth = 32;

// The text of a number key as objects name it: whole numbers without a fraction.
std::string number_text(lua_Number n) {
    return std::floor(n) == n && std::fabs(n) < 9.0e15
               ? fmt::format("{}", static_cast<std::int64_t>(n))
               : fmt::format("{}", n);
}

// One conversion of a Lua value into `Out` (JsonOut or TreeOut below): the budget, the tables
// on the current path (to find cycles) and the path. Out::Value is what a value becomes; Out
// makes scalars, then lists and tables of a known size whose members it is given in order.
template <class Out>
struct Converter {
    using Value = typename Out::Value;
    lua_State* L;
    JsonBudget& budget;
    Out& out;
    std::vector<const void*> open;
    std::vector<PathStep> path;
    // The keys of the tables being read, one pair of lists per depth, kept between tables; room
    // for the deepest nesting allowed is reserved at the first table, so that no list moves
    // while it is read.
    std::vector<std::pair<std::vector<std::string_view>, std::vector<lua_Number>>> keys;

    [[noreturn]] void fail(const std::string& what) const {
        std::string where;
        for (const PathStep& step : path) {
            std::string p = step.kind == PathStep::kIndex ? fmt::format("[{}]", step.index)
                            : step.kind == PathStep::kNumberKey
                                ? "[" + number_text(step.number) + "]"
                                : std::string(step.key);
            where += (where.empty() || p[0] == '[') ? p : "." + p;
        }
        throw std::runtime_error(where.empty() ? what : where + ": " + what);
    }

    void spend(std::size_t bytes) {
        budget.values -= 1;
        budget.bytes -= static_cast<std::int64_t>(bytes);
        if (budget.values < 0)
            fail("too many values (a table reached through several fields counts each time)");
        if (budget.bytes < 0) fail("too much text");
    }

    Value convert(int idx);
    Value convert_table(int t);
};

template <class Out>
typename Out::Value Converter<Out>::convert(int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TNIL:
        case LUA_TNONE:
            spend(0);
            return out.null();
        case LUA_TBOOLEAN:
            spend(0);
            return out.flag(lua_toboolean(L, idx) != 0);
        case LUA_TNUMBER: {
            spend(0);
            lua_Number n = lua_tonumber(L, idx);
            if (std::floor(n) == n && std::fabs(n) < 9.0e15)
                return out.whole(static_cast<std::int64_t>(n));
            return out.number(n);
        }
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            spend(len);
            return out.text(std::string_view(s, len));
        }
        case LUA_TTABLE:
            break;
        default:
            fail(fmt::format("records cannot hold a {}", lua_typename(L, lua_type(L, idx))));
    }
    int t = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    const void* id = lua_topointer(L, t);
    if (std::find(open.begin(), open.end(), id) != open.end())
        fail("a table contains itself (a cycle); records must be plain trees of data");
    if (open.size() >= kMaxDepth) fail(fmt::format("tables nested deeper than {}", kMaxDepth));
    open.push_back(id);
    Value v = convert_table(t);
    open.pop_back();
    return v;
}

template <class Out>
typename Out::Value Converter<Out>::convert_table(int t) {
    spend(0);
    // A level holds a key and a value on the stack while the next one is read.
    if (!lua_checkstack(L, 4)) fail("no room on the Lua stack");
    // Collect keys; decide array or object. String keys stay Lua's own bytes: the table holds
    // them, and nothing here runs Lua code or changes the table.
    if (keys.empty()) keys.reserve(kMaxDepth);
    if (keys.size() < open.size()) keys.emplace_back();
    auto& [str_keys, num_keys] = keys[open.size() - 1];
    str_keys.clear();
    num_keys.clear();
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            std::size_t len = 0;
            const char* k = lua_tolstring(L, -1, &len);
            spend(len);
            str_keys.emplace_back(k, len);
        } else if (lua_type(L, -1) == LUA_TNUMBER) {
            num_keys.push_back(lua_tonumber(L, -1));
        } else {
            fail("record keys must be strings or numbers");
        }
    }
    std::sort(num_keys.begin(), num_keys.end());
    bool is_array = str_keys.empty() && !num_keys.empty();
    for (std::size_t i = 0; is_array && i < num_keys.size(); ++i)
        if (num_keys[i] != static_cast<lua_Number>(i + 1)) is_array = false;
    if (is_array) {
        Value list = out.list(num_keys.size());
        path.push_back(PathStep{PathStep::kIndex, 0, 0, {}});
        for (std::size_t i = 1; i <= num_keys.size(); ++i) {
            lua_rawgeti(L, t, static_cast<int>(i));
            path.back().index = i;
            out.item(list, i - 1, convert(lua_gettop(L)));
            lua_pop(L, 1);
        }
        path.pop_back();
        return list;
    }
    std::sort(str_keys.begin(), str_keys.end());
    // A number key and a string key may give the same text ("1"): see Out::member.
    const bool distinct = num_keys.empty() || str_keys.empty();
    Value table = out.table(num_keys.size() + str_keys.size());
    std::size_t i = 0;
    for (lua_Number n : num_keys) {
        lua_pushnumber(L, n);
        lua_rawget(L, t);
        path.push_back(PathStep{PathStep::kNumberKey, 0, n, {}});
        Value value = convert(lua_gettop(L));
        path.pop_back();
        out.member(table, i++, number_text(n), std::move(value), distinct);
        lua_pop(L, 1);
    }
    for (std::string_view k : str_keys) {
        lua_pushlstring(L, k.data(), k.size());
        lua_rawget(L, t);
        path.push_back(PathStep{PathStep::kStringKey, 0, 0, k});
        Value value = convert(lua_gettop(L));
        path.pop_back();
        out.member(table, i++, k, std::move(value), distinct);
        lua_pop(L, 1);
    }
    return table;
}

// Values as JSON.
struct JsonOut {
    using Value = json;
    json null() { return nullptr; }
    json flag(bool b) { return b; }
    json whole(std::int64_t n) { return n; }
    json number(double d) { return d; }
    json text(std::string_view s) { return std::string(s); }
    json list(std::size_t n) {
        json arr = json::array();
        arr.get_ref<json::array_t&>().reserve(n);
        return arr;
    }
    void item(json& list, std::size_t, json&& v) {
        list.get_ref<json::array_t&>().push_back(std::move(v));
    }
    json table(std::size_t n) {
        json obj = json::object();
        obj.get_ref<json::object_t&>().reserve(n);
        return obj;
    }
    // Keys are distinct within each kind, so members are appended without the ordered map's
    // linear search; a string key giving the text of a number key replaces that member.
    void member(json& obj, std::size_t, std::string_view key, json&& v, bool distinct) {
        if (distinct)
            obj.get_ref<json::object_t&>().json::object_t::Container::emplace_back(std::string(key),
                                                                                   std::move(v));
        else
            obj[std::string(key)] = std::move(v);
    }
};

// Values as a ValueTree; a table keeps both members when two keys give the same text.
struct TreeOut {
    using Value = ValueTree::Id;
    ValueTree& tree;
    Value null() { return tree.add_null(); }
    Value flag(bool b) { return tree.add_flag(b); }
    Value whole(std::int64_t n) { return tree.add_whole(n); }
    Value number(double d) { return tree.add_number(d); }
    Value text(std::string_view s) { return tree.add_text(s); }
    Value list(std::size_t n) { return tree.add_list(n); }
    void item(Value list, std::size_t i, Value v) { tree.set_item(list, i, v); }
    Value table(std::size_t n) { return tree.add_table(n); }
    void member(Value table, std::size_t i, std::string_view key, Value v, bool) {
        tree.set_key(table, i, key);
        tree.set_item(table, i, v);
    }
};

}  // namespace

json lua_to_json(lua_State* L, int idx, JsonBudget& budget) {
    JsonOut out;
    Converter<JsonOut> c{L, budget, out, {}, {}, {}};
    return c.convert(idx > 0 ? idx : lua_gettop(L) + idx + 1);
}

json lua_to_json(lua_State* L, int idx) {
    JsonBudget budget;
    return lua_to_json(L, idx, budget);
}

ValueTree lua_to_tree(lua_State* L, int idx, JsonBudget& budget) {
    ValueTree tree;
    TreeOut out{tree};
    Converter<TreeOut> c{L, budget, out, {}, {}, {}};
    c.convert(idx > 0 ? idx : lua_gettop(L) + idx + 1);
    return tree;
}

ValueTree lua_to_tree(lua_State* L, int idx) {
    JsonBudget budget;
    return lua_to_tree(L, idx, budget);
}

void push_json(lua_State* L, const json& j) {
    // A level holds its table and the value being made.
    if (!lua_checkstack(L, 3)) throw std::runtime_error("JSON nested too deeply for Lua's stack");
    if (j.is_null()) {
        lua_pushnil(L);
    } else if (j.is_boolean()) {
        lua_pushboolean(L, j.get<bool>() ? 1 : 0);
    } else if (j.is_number_integer()) {
        lua_pushnumber(L, static_cast<lua_Number>(j.get<std::int64_t>()));
    } else if (j.is_number()) {
        lua_pushnumber(L, j.get<double>());
    } else if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        lua_pushlstring(L, s.data(), s.size());
    } else if (j.is_array()) {
        lua_createtable(L, static_cast<int>(j.size()), 0);
        int i = 0;
        for (const auto& v : j) {
            push_json(L, v);
            lua_rawseti(L, -2, ++i);
        }
    } else {
        lua_createtable(L, 0, static_cast<int>(j.size()));
        for (const auto& [k, v] : j.items()) {
            push_json(L, v);
            lua_setfield(L, -2, k.c_str());
        }
    }
}

namespace {

void push_text(lua_State* L, const std::string& s) {
    lua_pushlstring(L, s.data(), s.size());
}

// A list of texts, as push_json makes a JSON array of strings.
void push_texts(lua_State* L, const std::vector<std::string>& list) {
    lua_createtable(L, static_cast<int>(list.size()), 0);
    int i = 0;
    for (const std::string& s : list) {
        push_text(L, s);
        lua_rawseti(L, -2, ++i);
    }
}

void set_text(lua_State* L, const char* key, const std::string& s) {
    push_text(L, s);
    lua_setfield(L, -2, key);
}

void set_number(lua_State* L, const char* key, std::int64_t n) {
    lua_pushnumber(L, static_cast<lua_Number>(n));
    lua_setfield(L, -2, key);
}

}  // namespace

void push_turn_record(lua_State* L, const TurnRecord& rec) {
    // Fields and table sizes as turn_record_to_json and push_json give them, so that even the
    // order pairs() walks them in is the same.
    lua_createtable(L, 0, 8);
    set_number(L, "turn", rec.turn);
    push_texts(L, rec.order_of_play);
    lua_setfield(L, -2, "order_of_play");
    push_texts(L, rec.late_orders);
    lua_setfield(L, -2, "late_orders");
    push_texts(L, rec.no_orders);
    lua_setfield(L, -2, "no_orders");
    lua_createtable(L, 0, static_cast<int>(rec.computer_orders.size()));
    for (const auto& [empire, mode] : rec.computer_orders)
        set_text(L, empire.c_str(), mode);
    lua_setfield(L, -2, "computer_orders");
    lua_createtable(L, static_cast<int>(rec.actions.size()), 0);
    int i = 0;
    for (const ActionResult& a : rec.actions) {
        lua_createtable(L, 0, 12);
        set_text(L, "round", a.round);
        set_number(L, "slot", a.slot);
        set_text(L, "empire", a.empire);
        set_number(L, "line", a.line);
        set_text(L, "action", a.action);
        set_text(L, "text", a.text);
        lua_pushboolean(L, a.ok ? 1 : 0);
        lua_setfield(L, -2, "ok");
        set_text(L, "reason", a.reason);
        set_number(L, "spent", a.spent);
        push_json(L, a.details);
        lua_setfield(L, -2, "details");
        push_texts(L, a.notes);
        lua_setfield(L, -2, "notes");
        lua_createtable(L, static_cast<int>(a.events.size()), 0);
        int k = 0;
        for (const TurnEvent& e : a.events) {
            lua_createtable(L, 0, 2);
            set_text(L, "empire", e.empire);
            set_text(L, "text", e.text);
            lua_rawseti(L, -2, ++k);
        }
        lua_setfield(L, -2, "events");
        lua_rawseti(L, -2, ++i);
    }
    lua_setfield(L, -2, "actions");
    lua_createtable(L, static_cast<int>(rec.notes.size()), 0);
    i = 0;
    for (const PhaseNote& n : rec.notes) {
        lua_createtable(L, 0, 4);
        set_text(L, "phase", n.phase);
        set_text(L, "empire", n.empire);
        set_text(L, "text", n.text);
        push_json(L, n.data);
        lua_setfield(L, -2, "data");
        if (n.warning) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, "warning");
        }
        lua_rawseti(L, -2, ++i);
    }
    lua_setfield(L, -2, "notes");
    lua_createtable(L, static_cast<int>(rec.messages.size()), 0);
    i = 0;
    for (const MessageRecord& m : rec.messages) {
        lua_createtable(L, 0, 3);
        set_text(L, "from", m.from);
        set_text(L, "to", m.to);
        set_text(L, "text", m.text);
        lua_rawseti(L, -2, ++i);
    }
    lua_setfield(L, -2, "messages");
}

}  // namespace hl
