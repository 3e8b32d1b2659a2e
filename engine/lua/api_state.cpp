// state.*: the game's records as the pack's schema declares them, through one checked path.
// Scripts see copies (tables) and change the state only through the setters, which check every
// value against its declaration (type, range, references) before anything changes.

#include <algorithm>
#include <cctype>
#include <cstring>

#include <fmt/format.h>

#include "core/state.hpp"
#include "core/value_check.hpp"
#include "lua/convert.hpp"
#include "lua/modules.hpp"
#include "lua/read_only.hpp"
#include "lua/value_lua.hpp"

namespace hl {

namespace {

const RecordKind& kind_at(const GameState& st, int k) {
    return st.schema().kinds[static_cast<std::size_t>(k)];
}

// The kind named by argument idx.
int check_kind(lua_State* L, int idx) {
    std::string name = check_string(L, idx);
    int k = need_state(L).schema().kind_index(name);
    if (k < 0)
        throw std::runtime_error(fmt::format("no record kind '{}' in the pack's schema", name));
    return k;
}

// The key of the record named by argument idx: an empire code (empire scope), a place code
// (place scope), an id (collections); ignored for the game kind. must_exist: the record of a
// collection must exist.
std::int64_t check_key(const GameState& st, lua_State* L, int k, int idx, bool must_exist = true) {
    const RecordKind& kind = kind_at(st, k);
    switch (kind.scope) {
        case RecordScope::game:
            return 0;
        case RecordScope::empire: {
            if (lua_type(L, idx) != LUA_TSTRING)
                throw std::runtime_error(fmt::format("{}: expected an empire code", kind.name));
            std::string code = lua_tostring(L, idx);
            int i = st.empire_index(code);
            if (i < 0) throw std::runtime_error(fmt::format("no empire '{}' in this game", code));
            return i;
        }
        case RecordScope::place: {
            if (lua_type(L, idx) != LUA_TNUMBER)
                throw std::runtime_error(fmt::format("{}: expected a place code", kind.name));
            lua_Number n = lua_tonumber(L, idx);
            auto code = static_cast<PlaceCode>(n);
            if (static_cast<lua_Number>(code) != n || !st.galaxy.contains(code))
                throw std::runtime_error(
                    fmt::format("no place {} on the map", lua_tostring(L, idx)));
            return code;
        }
        case RecordScope::collection: {
            std::int64_t id = check_integer(L, idx);
            if (must_exist && !st.records.find(k, id))
                throw std::runtime_error(fmt::format("no {} {}", kind.name, id));
            return id;
        }
    }
    return 0;
}

// check_key for the state of the current call.
std::int64_t check_key(lua_State* L, int k, int idx, bool must_exist = true) {
    return check_key(need_state(L), L, k, idx, must_exist);
}

// Pushes a record's id as scripts name it.
void push_key(lua_State* L, const GameState& st, int k, std::int64_t key) {
    switch (kind_at(st, k).scope) {
        case RecordScope::empire:
            push(L, st.empires[static_cast<std::size_t>(key)].code);
            break;
        case RecordScope::game:
            lua_pushnil(L);
            break;
        default:
            lua_pushnumber(L, static_cast<lua_Number>(key));
            break;
    }
}

// Pushes a copy of a record: its fields, plus the empire's identity (empire scope) or its id
// (collections). `names`, if not 0, is the stack index of a list of the kind's field names as
// Lua strings (already interned: no hashing of the names on every copy).
void push_record(lua_State* L, const GameState& st, int k, std::int64_t key, int names = 0) {
    const RecordKind& kind = kind_at(st, k);
    const Row& row = st.records.row_or_initial(k, key);
    lua_createtable(L, 0, static_cast<int>(kind.fields.size()) + 4);
    int t = lua_gettop(L);
    if (kind.scope == RecordScope::empire) {
        const Empire& e = st.empires[static_cast<std::size_t>(key)];
        set_field(L, t, "code", e.code);
        set_field(L, t, "name", e.name);
        set_field(L, t, "player", e.player);
        set_field(L, t, "computer", e.computer);
    } else if (kind.scope == RecordScope::collection) {
        set_field(L, t, "id", key);
    }
    for (std::size_t i = 0; i < kind.fields.size(); ++i) {
        if (names) {
            lua_rawgeti(L, names, static_cast<int>(i + 1));
            push_value(L, row[i], kind.fields[i]);
            lua_rawset(L, t);
        } else {
            push_value(L, row[i], kind.fields[i]);
            lua_setfield(L, t, kind.fields[i].name.c_str());
        }
    }
}

// Most parameters a record constructor (below) takes: Lua functions hold at most 200 locals.
constexpr std::size_t kMaxConstructorArgs = 180;

// The keys of a kind's records in the order push_record sets them.
std::vector<std::string> record_keys(const RecordKind& kind) {
    std::vector<std::string> keys;
    if (kind.scope == RecordScope::empire)
        keys = {"code", "name", "player", "computer"};
    else if (kind.scope == RecordScope::collection)
        keys = {"id"};
    for (const FieldSpec& f : kind.fields)
        keys.push_back(f.name);
    return keys;
}

// Pushes a Lua function taking a kind's record values in record_keys order and returning the
// record table (`function(a1, a2) return {["code"] = a1, ["x"] = a2} end`), or nil if the kind
// has too many fields. LuaJIT copies such a table constructor from a template with every key
// in place, far cheaper than setting each field through the C API.
void push_record_constructor(lua_State* L, const RecordKind& kind) {
    std::vector<std::string> keys = record_keys(kind);
    if (keys.empty() || keys.size() > kMaxConstructorArgs) {
        lua_pushnil(L);
        return;
    }
    std::string params, fields;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        std::string quoted;
        for (unsigned char c : keys[i])
            quoted += std::isalnum(c) || c == '_' ? std::string(1, static_cast<char>(c))
                                                  : fmt::format("\\{:03}", c);
        params += fmt::format("{}a{}", i ? ", " : "", i + 1);
        fields += fmt::format("{}[\"{}\"] = a{}", i ? ", " : "", quoted, i + 1);
    }
    std::string text = fmt::format("return function({}) return {{{}}} end", params, fields);
    if (luaL_loadbuffer(L, text.data(), text.size(), "=record") != 0) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    lua_call(L, 0, 1);
    luaJIT_setmode(L, -1, LUAJIT_MODE_FUNC | LUAJIT_MODE_OFF);  // interpreted, as pack files
}

// push_record through the kind's constructor at stack index ctor (push_record_constructor).
void push_record_by(lua_State* L, const GameState& st, int k, std::int64_t key, int ctor) {
    const RecordKind& kind = kind_at(st, k);
    const Row& row = st.records.row_or_initial(k, key);
    luaL_checkstack(L, static_cast<int>(kind.fields.size()) + 8, "record too large");
    lua_pushvalue(L, ctor);
    int nargs = static_cast<int>(kind.fields.size());
    if (kind.scope == RecordScope::empire) {
        const Empire& e = st.empires[static_cast<std::size_t>(key)];
        push(L, e.code);
        push(L, e.name);
        push(L, e.player);
        push(L, e.computer);
        nargs += 4;
    } else if (kind.scope == RecordScope::collection) {
        push(L, key);
        nargs += 1;
    }
    for (std::size_t i = 0; i < kind.fields.size(); ++i)
        push_value(L, row[i], kind.fields[i]);
    lua_call(L, nargs, 1);
}

// Sets the fields named in the table at idx, all or none: every value is checked first.
void set_record(lua_State* L, GameState& st, int k, std::int64_t key, int idx) {
    const RecordKind& kind = kind_at(st, k);
    luaL_checktype(L, idx, LUA_TTABLE);
    std::vector<std::pair<std::size_t, Value>> staged;
    std::optional<bool> computer;
    std::vector<std::string> codes;  // filled when a value names an empire
    RefScope refs{&st.galaxy, nullptr, &st.records};
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING)
            throw std::runtime_error(fmt::format("set {}: field names must be strings", kind.name));
        const char* name = lua_tostring(L, -2);
        int fi = kind.field_index(name);
        if (fi < 0) {
            if (kind.scope == RecordScope::empire && !std::strcmp(name, "computer")) {
                computer = lua_toboolean(L, -1) != 0;
                lua_pop(L, 1);
                continue;
            }
            throw std::runtime_error(fmt::format("set {}: '{}' is not a field of {} (schema.toml)",
                                                 kind.name, name, kind.name));
        }
        const FieldSpec& f = kind.fields[static_cast<std::size_t>(fi)];
        Value v = lua_to_value(L, -1, f, kind.name.c_str());
        if (f.scalar.type == ScalarType::empire && !refs.empires) {
            codes = st.empire_codes();
            refs.empires = &codes;
        }
        if (auto bad = check_value(f, v, st.schema(), refs))
            throw std::runtime_error(fmt::format("{}.{}: {}", kind.name, f.name, *bad));
        staged.emplace_back(static_cast<std::size_t>(fi), std::move(v));
        lua_pop(L, 1);
    }
    if (!staged.empty()) {
        Row& row = st.records.row(k, key);
        for (auto& [fi, v] : staged)
            row[fi] = std::move(v);
    }
    if (computer) st.empires[static_cast<std::size_t>(key)].computer = *computer;
}

// A single-value field with the scalar declaration of a map field's entries.
FieldSpec one_of(const FieldSpec& f) {
    FieldSpec one;
    one.name = f.name;
    one.scalar = f.scalar;
    return one;
}

int field_of(lua_State* L, const RecordKind& kind, int idx) {
    std::string name = check_string(L, idx);
    int fi = kind.field_index(name);
    if (fi < 0) throw std::runtime_error(fmt::format("{} has no field '{}'", kind.name, name));
    return fi;
}

// state.turn() -> integer
int l_turn(lua_State* L) {
    push(L, need_state(L).turn);
    return 1;
}

// state.seed() -> the game seed as a decimal string
int l_seed(lua_State* L) {
    push(L, std::to_string(need_state(L).seed));
    return 1;
}

// state.empires() -> {codes}, alphabetical
int l_empires(lua_State* L) {
    push_strings(L, need_state(L).empire_codes());
    return 1;
}

// state.order() -> {codes} in order of play
int l_order(lua_State* L) {
    push_strings(L, need_state(L).order_of_play);
    return 1;
}

// state.set_order({codes}): must name every empire exactly once
int l_set_order(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    GameState& st = need_state_to_change(L);
    std::vector<std::string> order;
    int n = static_cast<int>(lua_objlen(L, 1));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            throw std::runtime_error("order must list empire codes");
        order.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    std::vector<std::string> a = order, b = st.empire_codes();
    std::sort(a.begin(), a.end());
    if (a != b) throw std::runtime_error("order of play must name every empire exactly once");
    st.order_of_play = std::move(order);
    return 0;
}

// state.turn_order() -> {codes}: the order this turn is played in (set_turn_order's, else the
// order at its start); between turns, state.order()
int l_turn_order(lua_State* L) {
    const std::vector<std::string>* played = LuaHost::from(L).turn_order();
    push_strings(L, played ? *played : need_state(L).order_of_play);
    return 1;
}

// state.set_turn_order({codes}): the order this turn is played in from now on, as `run`,
// `trace` and results.json show it; names every empire still in the game exactly once
int l_set_turn_order(lua_State* L) {
    constexpr const char* kWhat = "state.set_turn_order";
    const GameState& st = need_state_to_change(L);
    std::vector<std::string>* played = LuaHost::from(L).turn_order();
    if (!played)
        throw std::runtime_error(fmt::format(
            "{}: only while a turn is played (turn.run); state.set_order sets the order the "
            "next turn starts with",
            kWhat));
    if (!lua_istable(L, 1))
        throw std::runtime_error(
            fmt::format("{}: expected a list of empire codes, got {}", kWhat, luaL_typename(L, 1)));
    std::vector<std::string> order;
    int n = static_cast<int>(lua_objlen(L, 1));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            throw std::runtime_error(fmt::format("{}: item {} is {}, not an empire code", kWhat, i,
                                                 luaL_typename(L, -1)));
        std::string code = lua_tostring(L, -1);
        lua_pop(L, 1);
        if (!st.find_empire(code))
            throw std::runtime_error(fmt::format("{}: no empire '{}'", kWhat, code));
        if (st.empire_out(code))
            throw std::runtime_error(
                fmt::format("{}: {} is out of the game and takes no turn", kWhat, code));
        if (std::find(order.begin(), order.end(), code) != order.end())
            throw std::runtime_error(fmt::format("{}: {} is named twice", kWhat, code));
        order.push_back(std::move(code));
    }
    for (const std::string& code : st.order_of_play)
        if (!st.empire_out(code) && std::find(order.begin(), order.end(), code) == order.end())
            throw std::runtime_error(
                fmt::format("{}: {} is missing (name every empire still in the game exactly once)",
                            kWhat, code));
    *played = std::move(order);
    return 0;
}

// state.get(kind, id) -> a copy of the record (initial values where it does not exist)
int l_get(lua_State* L) {
    int k = check_kind(L, 1);
    std::int64_t key = check_key(L, k, 2);
    push_record(L, need_state(L), k, key);
    return 1;
}

// state.set(kind, id, {field = value, ...}): changes the named fields only, all or none
int l_set(lua_State* L) {
    int k = check_kind(L, 1);
    bool game = kind_at(need_state_to_change(L), k).scope == RecordScope::game;
    std::int64_t key = check_key(L, k, 2);
    set_record(L, need_state_to_change(L), k, key, game && lua_istable(L, 2) ? 2 : 3);
    return 0;
}

// state.value(kind, id, field) -> one field's value
int l_value(lua_State* L) {
    GameState& st = need_state(L);
    int k = check_kind(L, 1);
    std::int64_t key = check_key(L, k, 2);
    const RecordKind& kind = kind_at(st, k);
    int fi = field_of(L, kind, 3);
    push_value(L, st.records.row_or_initial(k, key)[static_cast<std::size_t>(fi)],
               kind.fields[static_cast<std::size_t>(fi)]);
    return 1;
}

// state.entry(kind, id, field, key) -> one entry of a map field (nil if absent)
int l_entry(lua_State* L) {
    GameState& st = need_state(L);
    int k = check_kind(L, 1);
    std::int64_t key = check_key(L, k, 2);
    const RecordKind& kind = kind_at(st, k);
    int fi = field_of(L, kind, 3);
    const FieldSpec& f = kind.fields[static_cast<std::size_t>(fi)];
    if (f.shape != FieldShape::map)
        throw std::runtime_error(fmt::format("{}.{} is not a map", kind.name, f.name));
    std::string entry = check_string(L, 4);
    const Value& v = st.records.row_or_initial(k, key)[static_cast<std::size_t>(fi)];
    if (const auto* m = std::get_if<IntMap>(&v)) {
        auto it = m->find(entry);
        if (it == m->end())
            lua_pushnil(L);
        else  // as state.get shows it: a choice as its word, a flag as a boolean
            push_value(L, Value(it->second), one_of(f));
    } else {
        const auto& m2 = std::get<TextMap>(v);
        auto it = m2.find(entry);
        if (it == m2.end())
            lua_pushnil(L);
        else
            push(L, it->second);
    }
    return 1;
}

// state.set_entry(kind, id, field, key, value): sets one entry of a map field (nil removes it)
int l_set_entry(lua_State* L) {
    GameState& st = need_state_to_change(L);
    int k = check_kind(L, 1);
    std::int64_t key = check_key(L, k, 2);
    const RecordKind& kind = kind_at(st, k);
    int fi = field_of(L, kind, 3);
    const FieldSpec& f = kind.fields[static_cast<std::size_t>(fi)];
    if (f.shape != FieldShape::map)
        throw std::runtime_error(fmt::format("{}.{} is not a map", kind.name, f.name));
    std::string entry = check_string(L, 4);
    Value v = st.records.row_or_initial(k, key)[static_cast<std::size_t>(fi)];
    bool remove = lua_isnoneornil(L, 5);
    if (auto* m = std::get_if<IntMap>(&v)) {
        if (remove)
            m->erase(entry);
        else
            (*m)[entry] = std::get<std::int64_t>(lua_to_value(L, 5, one_of(f), kind.name.c_str()));
    } else {
        auto& m2 = std::get<TextMap>(v);
        if (remove)
            m2.erase(entry);
        else
            m2[entry] = std::get<std::string>(lua_to_value(L, 5, one_of(f), kind.name.c_str()));
    }
    if (auto bad = st.set({k, fi}, key, std::move(v)))
        throw std::runtime_error(fmt::format("{}.{}: {}", kind.name, f.name, *bad));
    return 0;
}

// state.limits(kind, field [, key]) -> min, max: the whole numbers a field (or its elements)
// may hold; for a map whose keys have their own maximum (a table's cap column), key's, if lower.
// Rules that raise a value stop at max instead of failing the turn.
int l_limits(lua_State* L) {
    GameState& st = need_state(L);
    int k = check_kind(L, 1);
    const RecordKind& kind = kind_at(st, k);
    const FieldSpec& f = kind.fields[static_cast<std::size_t>(field_of(L, kind, 2))];
    if (f.scalar.type != ScalarType::integer)
        throw std::runtime_error(fmt::format("{}.{} does not hold numbers", kind.name, f.name));
    std::int64_t max = f.scalar.max;
    if (!lua_isnoneornil(L, 3) && f.shape == FieldShape::map && !f.cap_column.empty()) {
        std::string key = check_string(L, 3);
        auto d = st.schema().domains.find(f.keys);
        if (d != st.schema().domains.end())
            if (auto cap = d->second.column(f.cap_column, key)) max = std::min(max, *cap);
    }
    push(L, f.scalar.min);
    push(L, max);
    return 2;
}

// state.ids(kind) -> the ids of the kind's records, in order (empire codes; places whose record
// differs from an untouched one; collection ids)
int l_ids(lua_State* L) {
    GameState& st = need_state(L);
    int k = check_kind(L, 1);
    lua_newtable(L);
    int t = lua_gettop(L);
    int n = 0;
    if (kind_at(st, k).scope == RecordScope::empire) {
        for (const Empire& e : st.empires) {
            push(L, e.code);
            lua_rawseti(L, t, ++n);
        }
        return 1;
    }
    for (const auto& [key, row] : st.records.rows(k)) {
        push_key(L, st, k, key);
        lua_rawseti(L, t, ++n);
    }
    return 1;
}

// state.find(kind, field, value) -> the ids of the records whose field holds value, in order
int l_find(lua_State* L) {
    GameState& st = need_state(L);
    int k = check_kind(L, 1);
    const RecordKind& kind = kind_at(st, k);
    int fi = field_of(L, kind, 2);
    const FieldSpec& f = kind.fields[static_cast<std::size_t>(fi)];
    if (f.shape != FieldShape::one)
        throw std::runtime_error(fmt::format("{}.{} is not a single value", kind.name, f.name));
    Value v = lua_to_value(L, 3, f, kind.name.c_str());
    lua_newtable(L);
    int t = lua_gettop(L);
    int n = 0;
    for (std::int64_t key : st.find({k, fi}, v)) {
        push_key(L, st, k, key);
        lua_rawseti(L, t, ++n);
    }
    return 1;
}

// state.create(kind, {field = value, ...}) -> id of a new record of a collection
int l_create(lua_State* L) {
    GameState& st = need_state_to_change(L);
    int k = check_kind(L, 1);
    if (kind_at(st, k).scope != RecordScope::collection)
        throw std::runtime_error(fmt::format("{} is not a collection", kind_at(st, k).name));
    std::int64_t id = st.records.next_id(k);
    // Check before creating, so a bad value leaves nothing behind.
    st.records.create(k);
    try {
        if (!lua_isnoneornil(L, 2)) set_record(L, st, k, id, 2);
    } catch (...) {
        st.records.erase(k, id);
        throw;
    }
    lua_pushnumber(L, static_cast<lua_Number>(id));
    return 1;
}

// state.delete(kind, id): removes a record of a collection, or resets a place's record
int l_delete(lua_State* L) {
    GameState& st = need_state_to_change(L);
    int k = check_kind(L, 1);
    RecordScope scope = kind_at(st, k).scope;
    if (scope != RecordScope::collection && scope != RecordScope::place)
        throw std::runtime_error(fmt::format("{} records cannot be deleted", kind_at(st, k).name));
    st.records.erase(k, check_key(L, k, 2));
    return 0;
}

// The state of the current call for the per-kind functions, whose upvalue 2 is their host (no
// registry lookup on these hot paths); change: the call must be allowed to change it.
GameState& kind_state(lua_State* L, bool change) {
    const ScriptContext& ctx =
        static_cast<const LuaHost*>(lua_touserdata(L, lua_upvalueindex(2)))->context();
    if (!ctx.state) luaL_error(L, "no game state is available to this script here");
    if (change && ctx.read_only)
        luaL_error(L, "this script may read the game state but not change it here");
    return *ctx.state;
}

// state.<kind>(id) -> a copy of the record; upvalues: the kind's index, the host, the kind's
// field names, its record constructor (or nil)
int l_kind_get(lua_State* L) {
    int k = static_cast<int>(lua_tointeger(L, lua_upvalueindex(1)));
    const GameState& st = kind_state(L, false);
    std::int64_t key = check_key(st, L, k, 1);
    if (lua_isfunction(L, lua_upvalueindex(4)))
        push_record_by(L, st, k, key, lua_upvalueindex(4));
    else
        push_record(L, st, k, key, lua_upvalueindex(3));
    return 1;
}

// state.set_<kind>(id, {field = value, ...}); upvalues: the kind's index, the host
int l_kind_set(lua_State* L) {
    int k = static_cast<int>(lua_tointeger(L, lua_upvalueindex(1)));
    GameState& st = kind_state(L, true);
    bool game = kind_at(st, k).scope == RecordScope::game;
    std::int64_t key = check_key(st, L, k, 1);
    set_record(L, st, k, key, game && lua_istable(L, 1) ? 1 : 2);
    return 0;
}

const luaL_Reg kStateFunctions[] = {
    {"turn", lua_guard<l_turn>},
    {"seed", lua_guard<l_seed>},
    {"empires", lua_guard<l_empires>},
    {"order", lua_guard<l_order>},
    {"set_order", lua_guard<l_set_order>},
    {"turn_order", lua_guard<l_turn_order>},
    {"set_turn_order", lua_guard<l_set_turn_order>},
    {"get", lua_guard<l_get>},
    {"set", lua_guard<l_set>},
    {"value", lua_guard<l_value>},
    {"entry", lua_guard<l_entry>},
    {"limits", lua_guard<l_limits>},
    {"set_entry", lua_guard<l_set_entry>},
    {"ids", lua_guard<l_ids>},
    {"find", lua_guard<l_find>},
    {"create", lua_guard<l_create>},
    {"delete", lua_guard<l_delete>},
    {nullptr, nullptr},
};

}  // namespace

int luaopen_state(lua_State* L) {
    luaL_openlib(L, "state", kStateFunctions, 0);
    lua_pop(L, 1);
    return 0;
}

void install_state_kinds(lua_State* L, const Schema& schema) {
    lua_getglobal(L, "state");
    push_view_target(L, -1);  // the global is a read-only view (lua/read_only.hpp)
    lua_remove(L, -2);
    int t = lua_gettop(L);
    LuaHost* host = &LuaHost::from(L);
    for (std::size_t k = 0; k < schema.kinds.size(); ++k) {
        const RecordKind& kind = schema.kinds[k];
        lua_pushinteger(L, static_cast<lua_Integer>(k));
        lua_pushlightuserdata(L, host);
        lua_createtable(L, static_cast<int>(kind.fields.size()), 0);
        for (std::size_t i = 0; i < kind.fields.size(); ++i) {
            push(L, kind.fields[i].name);
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
        push_record_constructor(L, kind);
        lua_pushcclosure(L, lua_guard<l_kind_get>, 4);
        lua_setfield(L, t, kind.name.c_str());
        lua_pushinteger(L, static_cast<lua_Integer>(k));
        lua_pushlightuserdata(L, host);
        lua_pushcclosure(L, lua_guard<l_kind_set>, 2);
        lua_setfield(L, t, ("set_" + kind.name).c_str());
    }
    lua_pop(L, 1);
}

}  // namespace hl
