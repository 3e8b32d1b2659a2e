#pragma once

// The sandbox's versions of library functions that LuaJIT runs in C, where the step counting
// cannot see them: bounded, charged to the step budget, guarded against C stack overflow, and
// never showing an address. Each install function takes the stack index of the budget table
// (the table the inserted step checks count down).

#include <lua.hpp>

namespace hl {

// string.find, match, gmatch and gsub with a counted matcher; rep, sub, upper, lower,
// reverse and format charged for the bytes they build; format refuses '%p' (lib_string.cpp).
void install_bounded_string(lua_State* L, int budget);

// table.sort, insert, remove and concat: charged for their work, refusing read-only tables,
// sort guarded against comparators that sort (lib_table.cpp).
void install_guarded_table(lua_State* L, int budget);

// tostring that never shows an address; coroutine.resume and the functions coroutine.wrap
// makes guarded against nesting past the C stack (lib_base.cpp).
void install_guarded_base(lua_State* L);

// Pushes what tostring(value at idx) gives in the sandbox: its __tostring result, or for a
// table, function, coroutine or userdata just its type name.
void push_safe_tostring(lua_State* L, int idx);

// Raises the error on top of the stack again after a protected call of a LuaJIT function from
// a wrapper: an argument error names the function (not '?') and the calling script's line.
int rethrow_named(lua_State* L, const char* name);

}  // namespace hl
