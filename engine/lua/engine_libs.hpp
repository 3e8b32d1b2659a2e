#pragma once

// The Lua libraries the engine ships to every pack (engine/lua/lib/*.lua, compiled into the
// program): a pack imports one with import("engine/<name>"), e.g. import("engine/schedule").

#include <map>
#include <string>
#include <string_view>

namespace hl {

// The engine's Lua libraries by module name ("engine/schedule") -> their source text.
const std::map<std::string, std::string_view>& engine_lua_libs();

}  // namespace hl
