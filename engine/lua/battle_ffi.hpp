#pragma once

#include <lua.hpp>

namespace hl {

// Replaces battle.attrition_left with a Lua wrapper that calls the arithmetic through LuaJIT's FFI,
// which compiled code calls in a few nanoseconds; ffi_index holds the ffi module, which only
// this engine-owned wrapper sees. Arguments the fast path cannot take (strings, fractions,
// out-of-range or negative counts) go to the C binding, so messages and results are unchanged.
void install_battle_ffi(lua_State* L, int ffi_index);

}  // namespace hl
