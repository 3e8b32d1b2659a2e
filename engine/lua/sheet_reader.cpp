#include "lua/sheet_reader.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "lua/convert.hpp"

namespace hl {

namespace {

// Registry key of the readers' metatable (its address is unique).
char kReaderMeta;

// The userdata a script holds: null once parse returned.
struct ReaderBox {
    SheetReading* reading;
};

SheetReading& reading_of(lua_State* L, int idx) {
    auto* box = static_cast<ReaderBox*>(lua_touserdata(L, idx));
    if (!box || !lua_getmetatable(L, idx)) luaL_argerror(L, idx, "expected the sheet reader");
    lua_pushlightuserdata(L, &kReaderMeta);
    lua_rawget(L, LUA_REGISTRYINDEX);
    bool ours = lua_rawequal(L, -1, -2) != 0;
    lua_pop(L, 2);
    if (!ours) luaL_argerror(L, idx, "expected the sheet reader");
    if (!box->reading) luaL_error(L, "the sheet reader is used after parse returned");
    return *box->reading;
}

// A line number argument: a number, or a line table (its field n).
int line_arg(lua_State* L, int idx) {
    if (lua_istable(L, idx)) {
        lua_getfield(L, idx, "n");
        int n = check_int(L, -1);
        lua_pop(L, 1);
        return n;
    }
    return check_int(L, idx);
}

void set_token(lua_State* L, const SheetToken& t) {
    lua_createtable(L, 0, 4);
    int tab = lua_gettop(L);
    lua_pushlstring(L, t.text.data(), t.text.size());
    lua_setfield(L, tab, "text");
    push(L, ascii_upper(t.text));
    lua_setfield(L, tab, "word");
    lua_pushinteger(L, t.col);
    lua_setfield(L, tab, "col");
    lua_pushboolean(L, t.quoted ? 1 : 0);
    lua_setfield(L, tab, "quoted");
}

// Hands out the next line (nil at the end or once stopped); a line with a quote that is never
// closed is reported and skipped.
int next_line(lua_State* L, SheetReading& r, bool advance) {
    while (!r.stopped && r.next < r.lines.size()) {
        const SheetLine& l = r.lines[r.next];
        if (l.open_quote_col > 0) {
            ++r.next;
            r.error(l.number, l.open_quote_col,
                    "this quote is never closed: end the quoted words with \"");
            continue;
        }
        if (advance) {
            ++r.next;
            r.reading_line = l.number;
        }
        push_sheet_line(L, l);
        return 1;
    }
    lua_pushnil(L);
    return 1;
}

int l_iter(lua_State* L) {
    return next_line(L, reading_of(L, lua_upvalueindex(1)), true);
}

// r:lines() -> iterator over the lines
int l_lines(lua_State* L) {
    reading_of(L, 1);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, l_iter, 1);
    return 1;
}

// r:next() -> the next line, or nil
int l_next(lua_State* L) {
    return next_line(L, reading_of(L, 1), true);
}

// r:peek() -> the next line without taking it, or nil
int l_peek(lua_State* L) {
    return next_line(L, reading_of(L, 1), false);
}

// r:rest(line, i) -> the text after word i (the whole text for 0), runs of white space single
int l_rest(lua_State* L) {
    SheetReading& r = reading_of(L, 1);
    int n = line_arg(L, 2);
    int i = check_int(L, 3);
    auto it = std::lower_bound(r.lines.begin(), r.lines.end(), n,
                               [](const SheetLine& l, int v) { return l.number < v; });
    if (it == r.lines.end() || it->number != n) return luaL_argerror(L, 2, "no such line");
    if (i < 0) return luaL_argerror(L, 3, "expected a word number");
    if (i == 0)
        lua_pushlstring(L, it->text.data(), it->text.size());
    else
        push(L, it->rest_after(static_cast<std::size_t>(i) - 1));
    return 1;
}

template <Severity S>
int l_report(lua_State* L) {
    SheetReading& r = reading_of(L, 1);
    int line = line_arg(L, 2);
    int col = lua_isnoneornil(L, 3) ? 0 : check_int(L, 3);
    std::string message = check_string(L, 4);
    if (S == Severity::error) {
        r.error(line, col, message);
    } else if (!r.stopped) {
        r.out->add({{r.file, line, col}, S, message});
    }
    return 0;
}

// r:stopped() -> true once too many errors stopped the reading
int l_stopped(lua_State* L) {
    push(L, reading_of(L, 1).stopped);
    return 1;
}

// r:header(item, value, line, col, label) -> false (after reporting it) if given twice
int l_header(lua_State* L) {
    SheetReading& r = reading_of(L, 1);
    std::string item = check_string(L, 2);
    HeaderItem* h = item == "empire"   ? &r.header->empire
                    : item == "secret" ? &r.header->secret
                    : item == "turn"   ? &r.header->turn
                                       : nullptr;
    if (!h) return luaL_argerror(L, 2, "expected \"empire\", \"secret\" or \"turn\"");
    HeaderItem v;
    v.given = true;
    if (h == &r.header->turn)
        v.value = check_integer(L, 3);
    else
        v.text = check_string(L, 3);
    v.line = line_arg(L, 4);
    v.col = lua_isnoneornil(L, 5) ? 0 : check_int(L, 5);
    v.label = lua_isnoneornil(L, 6) ? item : check_string(L, 6);
    if (h->given) {
        r.error(v.line, v.col,
                fmt::format("a second {} line (the first is on line {})", v.label, h->line));
        push(L, false);
        return 1;
    }
    *h = v;
    push(L, true);
    return 1;
}

// r:place(text [, prefix_optional]) -> a place code, or nil if text is not one
int l_place(lua_State* L) {
    SheetReading& r = reading_of(L, 1);
    auto code = r.schema->map.codes.parse(check_string(L, 2), lua_toboolean(L, 3) != 0);
    push(L, code);
    return 1;
}

// r:place_text(code) -> the code as players write it
int l_place_text(lua_State* L) {
    SheetReading& r = reading_of(L, 1);
    std::int64_t code = check_integer(L, 2);
    if (code < 0 || code > r.schema->map.codes.max())
        return luaL_argerror(L, 2, "expected a place code");
    push(L, r.schema->map.codes.format(static_cast<PlaceCode>(code)));
    return 1;
}

// r:place_format() -> how a code is written, e.g. "three digits"
int l_place_format(lua_State* L) {
    push(L, reading_of(L, 1).schema->map.codes.describe());
    return 1;
}

// r:empire(text) -> the empire code in the schema's form (letters in upper case), or nil
int l_empire(lua_State* L) {
    const EmpireCodeFormat& f = reading_of(L, 1).schema->empire_codes;
    std::string code = ascii_upper(check_string(L, 2));
    if (!f.problem(code))
        push(L, code);
    else
        lua_pushnil(L);
    return 1;
}

// r:empire_format() -> how an empire code is written, in any case: "three letters"
int l_empire_format(lua_State* L) {
    std::string d = reading_of(L, 1).schema->empire_codes.describe();
    std::size_t at = d.find("capital ");
    if (at != std::string::npos) d.erase(at, 8);
    push(L, d);
    return 1;
}

// r:empire_hint() -> how an empire code is written, with an example, for messages: "three
// letters, e.g. ARC" for the standard game's codes, else e.g. "five digits, e.g. 00001"
int l_empire_hint(lua_State* L) {
    const EmpireCodeFormat& f = reading_of(L, 1).schema->empire_codes;
    if (!f.digits && f.min_length == 3 && f.max_length == 3)
        push(L, std::string("three letters, e.g. ARC"));
    else
        push(L, fmt::format("{}, e.g. {}", f.describe(), f.nth(0)));
    return 1;
}

// r:number(text [, min [, max]]) -> n, or nil and "form", "small" or "large"
int l_number(lua_State* L) {
    reading_of(L, 1);
    constexpr long long kExact = 9'007'199'254'740'992LL;  // 2^53: exact in a Lua number
    long long min = lua_isnoneornil(L, 3) ? -kExact : check_integer(L, 3);
    long long max = lua_isnoneornil(L, 4) ? kExact : check_integer(L, 4);
    long long v = 0;
    if (auto why = whole_number(check_string(L, 2), min, max, v)) {
        lua_pushnil(L);
        push(L, *why);
        return 2;
    }
    lua_pushnumber(L, static_cast<lua_Number>(v));
    return 1;
}

// r:suggest(word, names) -> the closest name for "did you mean", or nil
int l_suggest(lua_State* L) {
    reading_of(L, 1);
    std::string word = check_string(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    std::vector<std::string> names;
    int n = static_cast<int>(lua_objlen(L, 3));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 3, i);
        if (lua_type(L, -1) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    std::string best = closest_name(word, names);
    if (best.empty())
        lua_pushnil(L);
    else
        push(L, best);
    return 1;
}

// r:text_problem(text, max_chars) -> why free text cannot be taken, or nil
int l_text_problem(lua_State* L) {
    reading_of(L, 1);
    std::int64_t max = check_integer(L, 3);
    auto why = text_problem(check_string(L, 2), max < 0 ? 0 : static_cast<std::size_t>(max));
    if (why)
        push(L, *why);
    else
        lua_pushnil(L);
    return 1;
}

// r:quote(text) -> 'text', printable and cut, for messages
int l_quote(lua_State* L) {
    reading_of(L, 1);
    push(L, quoted_word(check_string(L, 2)));
    return 1;
}

const luaL_Reg kMethods[] = {
    {"lines", lua_guard<l_lines>},
    {"next", lua_guard<l_next>},
    {"peek", lua_guard<l_peek>},
    {"rest", lua_guard<l_rest>},
    {"error", lua_guard<l_report<Severity::error>>},
    {"warning", lua_guard<l_report<Severity::warning>>},
    {"note", lua_guard<l_report<Severity::note>>},
    {"stopped", lua_guard<l_stopped>},
    {"header", lua_guard<l_header>},
    {"place", lua_guard<l_place>},
    {"place_text", lua_guard<l_place_text>},
    {"place_format", lua_guard<l_place_format>},
    {"empire", lua_guard<l_empire>},
    {"empire_format", lua_guard<l_empire_format>},
    {"empire_hint", lua_guard<l_empire_hint>},
    {"number", lua_guard<l_number>},
    {"suggest", lua_guard<l_suggest>},
    {"text_problem", lua_guard<l_text_problem>},
    {"quote", lua_guard<l_quote>},
    {nullptr, nullptr},
};

void push_metatable(lua_State* L) {
    lua_pushlightuserdata(L, &kReaderMeta);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (lua_istable(L, -1)) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_createtable(L, 0, static_cast<int>(std::size(kMethods)));
    for (const luaL_Reg* m = kMethods; m->name; ++m) {
        lua_pushcfunction(L, m->func);
        lua_setfield(L, -2, m->name);
    }
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, "sheet reader");
    lua_setfield(L, -2, "__metatable");
    lua_pushlightuserdata(L, &kReaderMeta);
    lua_pushvalue(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

}  // namespace

bool SheetReading::error(int line, int col, const std::string& message) {
    if (stopped) return false;
    if (errors >= max_errors) {
        out->error({file, line, 0}, fmt::format("too many errors ({}); stopped reading here: fix "
                                                "these and check the sheet again",
                                                errors));
        stopped = true;
        return false;
    }
    ++errors;
    out->error({file, line, col}, message);
    return true;
}

void push_sheet_line(lua_State* L, const SheetLine& l) {
    lua_createtable(L, static_cast<int>(l.tokens.size()), 4);
    int t = lua_gettop(L);
    lua_pushinteger(L, l.number);
    lua_setfield(L, t, "n");
    lua_pushinteger(L, l.col);
    lua_setfield(L, t, "col");
    lua_pushlstring(L, l.text.data(), l.text.size());
    lua_setfield(L, t, "text");
    lua_pushboolean(L, l.more ? 1 : 0);
    lua_setfield(L, t, "more");
    for (std::size_t i = 0; i < l.tokens.size(); ++i) {
        set_token(L, l.tokens[i]);
        lua_rawseti(L, t, static_cast<int>(i + 1));
    }
}

void push_sheet_reader(lua_State* L, SheetReading* reading) {
    auto* box = static_cast<ReaderBox*>(lua_newuserdata(L, sizeof(ReaderBox)));
    box->reading = reading;
    push_metatable(L);
    lua_setmetatable(L, -2);
}

void close_sheet_reader(lua_State* L, int idx) {
    if (auto* box = static_cast<ReaderBox*>(lua_touserdata(L, idx))) box->reading = nullptr;
}

}  // namespace hl
