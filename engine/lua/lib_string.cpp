// The sandbox's string library: string.find, match, gmatch and gsub with a matcher whose every
// step counts against the script's step budget (lua/pattern.hpp), and rep, sub, upper, lower,
// reverse and format charged for the bytes they build. Results and error messages are those
// of LuaJIT's own functions.

#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include "lua/host.hpp"
#include "lua/lib_sandbox.hpp"
#include "lua/pattern.hpp"
#include "lua/script_limits.hpp"

namespace hl {

namespace {

// Upvalue 1 of every function here: the budget table the step checks count down.
constexpr int kBudget = lua_upvalueindex(1);
// Upvalue 2 of the wrappers: LuaJIT's own function.
constexpr int kOriginal = lua_upvalueindex(2);

// Steps a search may take: what the budget has left (at least one, so that a search always
// starts and an exhausted budget is reported by the search itself).
struct StepLease {
    lua_State* L;
    std::int64_t steps;
    std::int64_t taken;
    explicit StepLease(lua_State* Ls) : L(Ls) {
        double left = steps_left(L, kBudget);
        taken = left < 1 ? 1
                         : (left > 9e15 ? static_cast<std::int64_t>(9e15)
                                        : static_cast<std::int64_t>(left));
        steps = taken;
    }
    // Charges the steps used so far and takes a fresh lease (before and after calling Lua).
    void settle() {
        charge_steps(L, kBudget, static_cast<double>(taken - steps));
        double left = steps_left(L, kBudget);
        taken = left < 1 ? 1 : static_cast<std::int64_t>(std::fmin(left, 9e15));
        steps = taken;
    }
};

// What went wrong in a search, kept until the C++ frames are left (Lua errors must not be
// raised from inside a catch block).
struct SearchFailure {
    bool exhausted = false;
    bool malformed = false;
    char message[128] = {0};
};

// Raises the error a failed search left.
int raise_failure(lua_State* L, const SearchFailure& f) {
    if (f.exhausted) {
        set_steps(L, kBudget, -1);
        return host_budget_stop(L);
    }
    return luaL_error(L, "%s", f.message);
}

// Runs a matcher call, turning its exceptions into a SearchFailure.
template <typename F>
bool guarded(SearchFailure& failure, F&& f) {
    try {
        f();
        return true;
    } catch (const PatternStepsExhausted&) {
        failure.exhausted = true;
    } catch (const PatternError& e) {
        failure.malformed = true;
        std::snprintf(failure.message, sizeof failure.message, "%s", e.what());
    }
    return false;
}

// A relative string position (negative counts from the end), never below 0.
std::ptrdiff_t relative(lua_Integer pos, std::size_t len) {
    std::ptrdiff_t p = static_cast<std::ptrdiff_t>(pos);
    if (p < 0) p += static_cast<std::ptrdiff_t>(len) + 1;
    return p >= 0 ? p : 0;
}

// Pushes capture i of a match (the whole match s..e if the pattern has none); returns false
// with a message in failure for a capture that does not exist or is unfinished.
bool push_capture(lua_State* L, const PatternMatcher& m, std::string_view src, int i, std::size_t s,
                  std::size_t e, SearchFailure& failure) {
    if (i >= m.captures()) {
        if (i == 0) {
            lua_pushlstring(L, src.data() + s, e - s);
            return true;
        }
        std::snprintf(failure.message, sizeof failure.message, "invalid capture index");
        return false;
    }
    std::ptrdiff_t len = m.capture_length(i);
    if (len == PatternMatcher::kUnfinished) {
        std::snprintf(failure.message, sizeof failure.message, "unfinished capture");
        return false;
    }
    if (len == PatternMatcher::kPosition)
        lua_pushinteger(L, static_cast<lua_Integer>(m.capture_start(i) + 1));
    else
        lua_pushlstring(L, src.data() + m.capture_start(i), static_cast<std::size_t>(len));
    return true;
}

// Pushes every capture of a match (or the whole match); returns how many, or -1 on failure.
int push_captures(lua_State* L, const PatternMatcher& m, std::string_view src, std::size_t s,
                  std::size_t e, bool whole_if_none, SearchFailure& failure) {
    int n = (m.captures() == 0 && whole_if_none) ? 1 : m.captures();
    luaL_checkstack(L, n, "too many captures");
    for (int i = 0; i < n; ++i)
        if (!push_capture(L, m, src, i, s, e, failure)) return -1;
    return n;
}

// Plain text search; the offset of needle in hay at or after `from`, or npos.
std::size_t find_text(std::string_view hay, std::size_t from, std::string_view needle) {
    if (needle.empty()) return from;
    if (needle.size() > hay.size() - from) return std::string_view::npos;
    return hay.find(needle, from);
}

int find_aux(lua_State* L, bool find) {
    std::size_t ls = 0, lp = 0;
    const char* s = luaL_checklstring(L, 1, &ls);
    const char* p = luaL_checklstring(L, 2, &lp);
    std::ptrdiff_t init = relative(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init < 0) init = 0;
    if (static_cast<std::size_t>(init) > ls) init = static_cast<std::ptrdiff_t>(ls);
    std::string_view src(s, ls);
    if (find && (lua_toboolean(L, 4) || pattern_is_plain(p))) {
        charge_steps(L, kBudget,
                     1 + static_cast<double>(ls - static_cast<std::size_t>(init)) / kBytesPerStep);
        std::size_t at = find_text(src, static_cast<std::size_t>(init), std::string_view(p, lp));
        if (at == std::string_view::npos) {
            lua_pushnil(L);
            return 1;
        }
        lua_pushinteger(L, static_cast<lua_Integer>(at + 1));
        lua_pushinteger(L, static_cast<lua_Integer>(at + lp));
        return 2;
    }
    bool anchor = *p == '^';
    if (anchor) ++p;
    StepLease lease(L);
    PatternMatcher m(src, lease.steps);
    SearchFailure failure;
    std::size_t start = static_cast<std::size_t>(init);
    std::ptrdiff_t end = -1;
    bool ok = guarded(failure, [&] {
        for (;; ++start) {
            end = m.match_at(start, p);
            if (end >= 0 || anchor || start >= ls) break;
        }
    });
    if (!ok) return raise_failure(L, failure);
    lease.settle();
    if (end < 0) {
        lua_pushnil(L);
        return 1;
    }
    int n = 0;
    if (find) {
        lua_pushinteger(L, static_cast<lua_Integer>(start + 1));
        lua_pushinteger(L, static_cast<lua_Integer>(end));
        n = push_captures(L, m, src, 0, 0, false, failure);
        if (n < 0) return raise_failure(L, failure);
        return n + 2;
    }
    n = push_captures(L, m, src, start, static_cast<std::size_t>(end), true, failure);
    if (n < 0) return raise_failure(L, failure);
    return n;
}

// string.find(s, pattern [, init [, plain]])
int l_find(lua_State* L) {
    return find_aux(L, true);
}

// string.match(s, pattern [, init])
int l_match(lua_State* L) {
    return find_aux(L, false);
}

// The iterator string.gmatch returns; upvalues: budget, subject, pattern, next position.
int gmatch_next(lua_State* L) {
    std::size_t ls = 0;
    const char* s = lua_tolstring(L, lua_upvalueindex(2), &ls);
    const char* p = lua_tostring(L, lua_upvalueindex(3));
    auto pos = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(4)));
    std::string_view src(s, ls);
    StepLease lease(L);
    PatternMatcher m(src, lease.steps);
    SearchFailure failure;
    std::ptrdiff_t end = -1;
    // As in LuaJIT, '^' is no anchor here: it matches itself.
    bool ok = guarded(failure, [&] {
        for (; pos <= ls; ++pos) {
            end = m.match_at(pos, p);
            if (end >= 0) break;
        }
    });
    if (!ok) return raise_failure(L, failure);
    lease.settle();
    if (end < 0) return 0;
    std::size_t next = static_cast<std::size_t>(end);
    if (next == pos) ++next;  // an empty match moves on by one
    lua_pushinteger(L, static_cast<lua_Integer>(next));
    lua_replace(L, lua_upvalueindex(4));
    int n = push_captures(L, m, src, pos, static_cast<std::size_t>(end), true, failure);
    if (n < 0) return raise_failure(L, failure);
    return n;
}

// string.gmatch(s, pattern) -> iterator
int l_gmatch(lua_State* L) {
    luaL_checkstring(L, 1);
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_pushvalue(L, kBudget);
    lua_insert(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, gmatch_next, 4);
    return 1;
}

// Adds the replacement for one match to the buffer (gsub's third argument at index 3).
bool add_replacement(lua_State* L, luaL_Buffer& b, const PatternMatcher& m, std::string_view src,
                     std::size_t s, std::size_t e, StepLease& lease, SearchFailure& failure) {
    switch (lua_type(L, 3)) {
        case LUA_TNUMBER:
        case LUA_TSTRING: {
            std::size_t lr = 0;
            const char* r = lua_tolstring(L, 3, &lr);
            for (std::size_t i = 0; i < lr; ++i) {
                if (r[i] != '%') {
                    luaL_addchar(&b, r[i]);
                    continue;
                }
                ++i;  // "%x" for a non-digit x is x itself
                if (i >= lr) break;
                if (r[i] < '0' || r[i] > '9') {
                    luaL_addchar(&b, r[i]);
                } else if (r[i] == '0') {
                    luaL_addlstring(&b, src.data() + s, e - s);
                } else {
                    if (!push_capture(L, m, src, r[i] - '1', s, e, failure)) return false;
                    luaL_addvalue(&b);
                }
            }
            lease.steps -= static_cast<std::int64_t>(static_cast<double>(lr) / kBytesPerStep);
            return true;
        }
        case LUA_TFUNCTION: {
            check_c_stack(L);
            lua_pushvalue(L, 3);
            int n = push_captures(L, m, src, s, e, true, failure);
            if (n < 0) return false;
            lease.settle();
            lua_call(L, n, 1);
            lease.settle();
            break;
        }
        default: {  // a table
            check_c_stack(L);
            if (!push_capture(L, m, src, 0, s, e, failure)) return false;
            lease.settle();
            lua_gettable(L, 3);
            lease.settle();
            break;
        }
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        lua_pushlstring(L, src.data() + s, e - s);  // nil or false keeps the match
    } else if (!lua_isstring(L, -1)) {
        std::snprintf(failure.message, sizeof failure.message, "invalid replacement value (a %s)",
                      luaL_typename(L, -1));
        return false;
    }
    luaL_addvalue(&b);
    return true;
}

// string.gsub(s, pattern, repl [, n]) -> string, count
int l_gsub(lua_State* L) {
    check_c_stack(L);
    std::size_t ls = 0;
    const char* s = luaL_checklstring(L, 1, &ls);
    const char* p = luaL_checkstring(L, 2);
    int tr = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, static_cast<lua_Integer>(ls) + 1);
    if (tr != LUA_TNUMBER && tr != LUA_TSTRING && tr != LUA_TFUNCTION && tr != LUA_TTABLE)
        return luaL_argerror(L, 3, "string/function/table expected");
    bool anchor = *p == '^';
    if (anchor) ++p;
    std::string_view src(s, ls);
    StepLease lease(L);
    PatternMatcher m(src, lease.steps);
    SearchFailure failure;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    std::size_t pos = 0;
    lua_Integer count = 0;
    while (count < max) {
        std::ptrdiff_t end = -1;
        if (!guarded(failure, [&] { end = m.match_at(pos, p); })) return raise_failure(L, failure);
        if (end >= 0) {
            ++count;
            if (!add_replacement(L, b, m, src, pos, static_cast<std::size_t>(end), lease, failure))
                return raise_failure(L, failure);
        }
        if (end >= 0 && static_cast<std::size_t>(end) > pos) {
            pos = static_cast<std::size_t>(end);
        } else if (pos < ls) {
            luaL_addchar(&b, s[pos++]);
        } else {
            break;
        }
        if (anchor) break;
    }
    luaL_addlstring(&b, s + pos, ls - pos);
    lease.steps -= static_cast<std::int64_t>(static_cast<double>(ls) / kBytesPerStep);
    if (lease.steps < 0) lease.steps = 0;
    lease.settle();
    luaL_pushresult(&b);
    lua_pushinteger(L, count);
    return 2;
}

// Calls LuaJIT's own function (upvalue 2) with this call's arguments and returns its results.
int call_original(lua_State* L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, kOriginal);
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

// string.rep(s, n [, sep]): charged for the bytes it builds, before building them.
int l_rep(lua_State* L) {
    std::size_t ls = 0, lsep = 0;
    luaL_checklstring(L, 1, &ls);
    lua_Number n = luaL_checknumber(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) charge_steps(L, kBudget, 1 + (static_cast<double>(ls + lsep) * n) / kBytesPerStep);
    return call_original(L);
}

// string.upper, lower and reverse: charged for the length of their argument.
int l_charged_by_length(lua_State* L) {
    std::size_t ls = 0;
    luaL_checklstring(L, 1, &ls);
    charge_steps(L, kBudget, static_cast<double>(ls) / kBytesPerStep);
    return call_original(L);
}

// string.sub(s, i [, j]): charged for the length of its result.
int l_sub(lua_State* L) {
    luaL_checkstring(L, 1);
    luaL_checknumber(L, 2);
    luaL_optnumber(L, 3, -1);
    int n = call_original(L);
    charge_steps(L, kBudget, static_cast<double>(lua_objlen(L, -1)) / kBytesPerStep);
    return n;
}

// string.format(fmt, ...): never prints an address. '%p' is refused, and a table, function,
// coroutine or userdata given to '%s' prints as tostring() shows it (its type, or its
// __tostring). Charged for the length of the result.
int l_format(lua_State* L) {
    std::size_t lf = 0;
    const char* f = luaL_checklstring(L, 1, &lf);
    int arg = 1;
    for (std::size_t i = 0; i < lf; ++i) {
        if (f[i] != '%') continue;
        if (++i < lf && f[i] == '%') continue;
        ++arg;
        while (i < lf && std::strchr("-+ #0123456789.", f[i]))
            ++i;
        if (i >= lf) break;
        if (f[i] == 'p')
            return luaL_error(L,
                              "string.format: '%%p' prints an address, which differs from run "
                              "to run; it is not available to scripts");
        if (f[i] == 's' && arg <= lua_gettop(L)) {
            int t = lua_type(L, arg);
            if (t != LUA_TSTRING && t != LUA_TNUMBER && t != LUA_TNIL && t != LUA_TBOOLEAN) {
                push_safe_tostring(L, arg);
                lua_replace(L, arg);
            }
        }
    }
    int top = lua_gettop(L);
    lua_pushvalue(L, kOriginal);
    lua_insert(L, 1);
    if (lua_pcall(L, top, 1, 0) != 0) return rethrow_named(L, "format");
    charge_steps(L, kBudget, 1 + static_cast<double>(lua_objlen(L, -1)) / kBytesPerStep);
    return 1;
}

// Replaces string[name] with a C closure of fn over (budget, the original).
void wrap(lua_State* L, int string_table, int budget, const char* name, lua_CFunction fn) {
    lua_pushvalue(L, budget);
    lua_getfield(L, string_table, name);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, string_table, name);
}

}  // namespace

void install_bounded_string(lua_State* L, int budget) {
    budget = budget > 0 ? budget : lua_gettop(L) + budget + 1;
    lua_getfield(L, LUA_GLOBALSINDEX, "string");
    int t = lua_gettop(L);
    const struct {
        const char* name;
        lua_CFunction fn;
    } own[] = {{"find", l_find}, {"match", l_match}, {"gmatch", l_gmatch}, {"gsub", l_gsub}};
    for (const auto& f : own) {
        lua_pushvalue(L, budget);
        lua_pushcclosure(L, f.fn, 1);
        lua_setfield(L, t, f.name);
    }
    wrap(L, t, budget, "rep", l_rep);
    wrap(L, t, budget, "upper", l_charged_by_length);
    wrap(L, t, budget, "lower", l_charged_by_length);
    wrap(L, t, budget, "reverse", l_charged_by_length);
    wrap(L, t, budget, "sub", l_sub);
    wrap(L, t, budget, "format", l_format);
    lua_pop(L, 1);
}

}  // namespace hl
