// libFuzzer target: any bytes as a pack's Lua file, compiled and run in the sandbox with a
// small step budget (1 million) and memory budget (16 MiB), its result then read as a record.
// Besides crashes, hangs and leaks (which the budgets must prevent), it traps when the sandbox
// breaks a promise of docs/packs.md: a state that holds more than its budget after a call, a
// host that no longer runs a plain script afterwards, or an error without a message.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <lua.hpp>

#include "lua/convert.hpp"
#include "lua/host.hpp"
#include "lua/lua_json.hpp"

namespace {

constexpr std::size_t kMemory = 16u << 20;

void check(bool ok) {
    if (!ok) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view src(reinterpret_cast<const char*>(data), size);
    hl::LuaHost host(1'000'000, kMemory);
    lua_State* L = host.L();
    {
        hl::StackGuard guard(L);
        if (auto err = host.run(src, "rules/fuzz/run.lua")) {
            check(!err->message.empty());
        } else {
            hl::JsonBudget budget{10'000, 1 << 20};
            try {
                (void)hl::lua_to_json(L, -1, budget);
            } catch (const std::runtime_error&) {
                // Not a plain record: refused with a message, as the engine does.
            }
        }
    }
    check(host.memory_budget().used() <= kMemory + (1u << 20));
    hl::StackGuard guard(L);
    auto err =
        host.run("local t = {} for i = 1, 100 do t[i] = i end return #t", "rules/fuzz/after.lua");
    check(!err && lua_tointeger(L, -1) == 100);
    return 0;
}
