#pragma once

// A sampling profile of the scripts, for finding where a game's Lua time goes
// (docs/performance.md): built only with -DHYPERLANE_BENCH=ON, and on only when the environment
// variable HYPERLANE_LUA_PROFILE names a file. LuaJIT's profiler samples the running script
// every millisecond; at exit the file gets one line per distinct stack: the count, the VM state
// (I interpreted, C in a C function, G collecting garbage, N compiled, J compiling) and the
// frames from the outermost as chunk:line;... then, after a |, the same frames' functions as
// chunk:name;... (scripts/lua-profile summarises the file).
// LuaJIT profiles one state at a time: the latest state made wins (use one game, one thread).

#include <cstddef>

#include <lua.hpp>

namespace hl {

// Starts sampling L if profiling is on (the previous state's sampling stops).
void lua_profile_start(lua_State* L);
// Stops sampling L before it is closed.
void lua_profile_stop(lua_State* L);

// Whether allocations are being counted: only in a -DHYPERLANE_BENCH=ON build with the
// environment variable HYPERLANE_ALLOC_PROFILE naming a file, which gets at exit one line per
// script line that allocated: how many times a block was made or grown, the bytes added and
// chunk:line (the innermost pack frame of L's main thread, "?" if none; scripts/lua-profile
// --alloc).
bool lua_alloc_profile_on();
// Counts one block made or grown by `bytes` bytes by L's allocator (call only if on).
void lua_alloc_profile_note(lua_State* L, std::size_t bytes);

}  // namespace hl
