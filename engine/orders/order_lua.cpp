#include "orders/order_lua.hpp"

#include "lua/convert.hpp"

namespace hl {

const char* amount_kind_name(Amount::Kind k) {
    switch (k) {
        case Amount::Kind::none:
            return "none";
        case Amount::Kind::n:
            return "n";
        case Amount::Kind::all:
            return "all";
        case Amount::Kind::all_but:
            return "all_but";
        case Amount::Kind::rest:
            return "rest";
    }
    return "none";
}

namespace {

void push_box(lua_State* L, const BoxValue& b) {
    switch (b.type) {
        case BoxType::system:
            if (b.system)
                lua_pushinteger(L, *b.system);
            else
                lua_pushnil(L);
            return;
        case BoxType::empire:
        case BoxType::tech:
            if (b.code.empty())
                lua_pushnil(L);
            else
                push(L, b.code);
            return;
        case BoxType::count:
        case BoxType::amount:
        case BoxType::level:
            if (b.amount.kind == Amount::Kind::none) {
                lua_pushnil(L);
                return;
            }
            lua_createtable(L, 0, 2);
            set_field(L, lua_gettop(L), "kind", std::string(amount_kind_name(b.amount.kind)));
            set_field(L, lua_gettop(L), "n", b.amount.value);
            return;
        case BoxType::none:
            lua_pushnil(L);
            return;
    }
    lua_pushnil(L);
}

}  // namespace

void push_order(lua_State* L, const Order& o, const std::string& empire) {
    lua_createtable(L, 0, 10);
    int t = lua_gettop(L);
    set_field(L, t, "slot", o.slot);
    set_field(L, t, "line", o.line);
    set_field(L, t, "action", o.action);
    set_field(L, t, "format", o.format);
    set_field(L, t, "text", o.text);
    set_field(L, t, "empire", empire);
    push_box(L, o.from);
    lua_setfield(L, t, "from");
    push_box(L, o.to);
    lua_setfield(L, t, "to");
    push_box(L, o.number);
    lua_setfield(L, t, "number");
}

}  // namespace hl
