// libFuzzer target: any bytes as a pack's Lua file through the step counting
// (lua/step_budget.hpp). Besides crashes, hangs and leaks, it traps when the counted text and
// the text as written disagree about compiling, which would let a broken file load or a good
// one fail (the host compiles the counted text first).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <lua.hpp>

#include "lua/step_budget.hpp"

namespace {

lua_State* state() {
    static lua_State* L = luaL_newstate();
    return L;
}

bool compiles(std::string_view text) {
    lua_State* L = state();
    bool ok = luaL_loadbuffer(L, text.data(), text.size(), "=fuzz") == 0;
    lua_settop(L, 0);
    return ok;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view src(reinterpret_cast<const char*>(data), size);
    if (!src.empty() && src[0] == '\x1b') return 0;  // bytecode: the host refuses it first
    std::string out;
    if (hl::instrument_steps(src, out)) return 0;  // a reserved name: refused, nothing compiled
    if (compiles(src) != compiles(out)) __builtin_trap();
    return 0;
}
