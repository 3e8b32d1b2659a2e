#include "orders/check_lua.hpp"

#include <cstring>

#include "lua/convert.hpp"
#include "orders/order_lua.hpp"

namespace hl {

namespace {

// ctx.error(box, message) and ctx.warning(box, message): upvalue 1 is the findings list,
// upvalue 2 the severity. box is "from", "to", "number" or nil.
int l_report(lua_State* L) {
    if (!lua_isnoneornil(L, 1)) {
        const char* box = luaL_checkstring(L, 1);
        if (std::strcmp(box, "from") != 0 && std::strcmp(box, "to") != 0 &&
            std::strcmp(box, "number") != 0)
            return luaL_argerror(L, 1, "box must be \"from\", \"to\", \"number\" or nil");
    }
    luaL_checkstring(L, 2);
    int list = lua_upvalueindex(1);
    int n = static_cast<int>(lua_objlen(L, list));
    lua_createtable(L, 0, 3);
    int t = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setfield(L, t, "severity");
    lua_pushvalue(L, 1);
    lua_setfield(L, t, "box");
    lua_pushvalue(L, 2);
    lua_setfield(L, t, "message");
    lua_rawseti(L, list, n + 1);
    return 0;
}

void push_reporter(lua_State* L, int findings, const char* severity) {
    lua_pushvalue(L, findings);
    lua_pushstring(L, severity);
    lua_pushcclosure(L, l_report, 2);
}

}  // namespace

CheckContext::CheckContext(lua_State* L, const Turnsheet& sheet, int turn, int slots) : L_(L) {
    StackGuard guard(L);
    lua_newtable(L);
    int findings = lua_gettop(L);
    lua_createtable(L, 0, 12);
    int ctx = lua_gettop(L);
    set_field(L, ctx, "empire", sheet.empire);
    set_field(L, ctx, "turn", turn);
    set_field(L, ctx, "slots", slots);
    set_field(L, ctx, "slot", 0);
    set_field(L, ctx, "balance", 0);
    set_field(L, ctx, "treasury", 0);
    lua_createtable(L, static_cast<int>(sheet.orders.size()), 0);
    int orders = lua_gettop(L);
    for (std::size_t i = 0; i < sheet.orders.size(); ++i) {
        push_order(L, sheet.orders[i], sheet.empire);
        lua_rawseti(L, orders, static_cast<int>(i + 1));
    }
    lua_setfield(L, ctx, "orders");
    lua_newtable(L);
    lua_setfield(L, ctx, "sheet");
    push_reporter(L, findings, "error");
    lua_setfield(L, ctx, "error");
    push_reporter(L, findings, "warning");
    lua_setfield(L, ctx, "warning");
    lua_pushvalue(L, ctx);
    ctx_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, findings);
    findings_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

CheckContext::~CheckContext() {
    luaL_unref(L_, LUA_REGISTRYINDEX, ctx_ref_);
    luaL_unref(L_, LUA_REGISTRYINDEX, findings_ref_);
}

void CheckContext::set_order(int slot, std::int64_t balance, std::int64_t treasury) {
    StackGuard guard(L_);
    push();
    int ctx = lua_gettop(L_);
    set_field(L_, ctx, "slot", slot);
    set_field(L_, ctx, "balance", balance);
    set_field(L_, ctx, "treasury", treasury);
}

void CheckContext::push() const {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, ctx_ref_);
}

std::vector<CheckFinding> CheckContext::take_findings() {
    StackGuard guard(L_);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, findings_ref_);
    int list = lua_gettop(L_);
    int n = static_cast<int>(lua_objlen(L_, list));
    std::vector<CheckFinding> out;
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L_, list, i);
        int t = lua_gettop(L_);
        CheckFinding f;
        lua_getfield(L_, t, "severity");
        f.severity =
            std::strcmp(lua_tostring(L_, -1), "warning") == 0 ? Severity::warning : Severity::error;
        lua_getfield(L_, t, "box");
        if (lua_type(L_, -1) == LUA_TSTRING) {
            const char* b = lua_tostring(L_, -1);
            f.box = std::strcmp(b, "from") == 0 ? Box::from
                    : std::strcmp(b, "to") == 0 ? Box::to
                                                : Box::number;
        }
        lua_getfield(L_, t, "message");
        std::size_t len = 0;
        const char* m = lua_tolstring(L_, -1, &len);
        f.message.assign(m, len);
        out.push_back(std::move(f));
        lua_settop(L_, list);
        lua_pushnil(L_);
        lua_rawseti(L_, list, i);
    }
    return out;
}

}  // namespace hl
