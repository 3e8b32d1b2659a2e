#pragma once

#include <string>

#include <lua.hpp>

#include "orders/order.hpp"

namespace hl {

// Pushes an order as the Lua table action scripts receive:
// {slot, line, action, format, text, empire, from, to, number}, where from/to are a system
// code (integer), an empire or tech code (string) or nil, and number is nil or
// {kind = "n" | "all" | "all_but" | "rest", n = N}.
void push_order(lua_State* L, const Order& order, const std::string& empire);

// Lua name of an amount kind: "none", "n", "all", "all_but", "rest".
const char* amount_kind_name(Amount::Kind k);

}  // namespace hl
