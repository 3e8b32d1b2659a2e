// libFuzzer target: any bytes through the standard pack's turnsheet grammar (turnsheet.lua read
// with the engine's sheet reader). Besides crashes, hangs and leaks, it traps when the result
// breaks the reader's promises or the pack's grammar fails instead of reporting a problem.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace {

struct Fixture {
    hl::Pack pack;
    hl::GameState state;
    hl::Runtime rt;
    Fixture(hl::Pack p)
        : pack(std::move(p)), state(hl::GameState::with_schema(pack.schema())), rt(pack, state) {}
};

Fixture& fixture() {
    static Fixture* f = [] {
        hl::Diagnostics d;
        hl::Pack pack = hl::Pack::load(hl::default_rules_root() / "starchase", d);
        if (d.has_errors()) __builtin_trap();
        return new Fixture(std::move(pack));
    }();
    return *f;
}

void require(bool ok) {
    if (!ok) __builtin_trap();
}

// Lua run on each read sheet: true if its orders have distinct slots in range, sorted, each
// with a declared action and format, and at most the pack's names and probes.
constexpr const char* kPromises = R"LUA(
local sheet = ...
local A = import("lib/actions")
local game = rules.const.game
local last = 0
for _, o in ipairs(sheet.orders) do
  if o.slot < 1 or o.slot > game.actions_per_turn or o.slot <= last then return false end
  last = o.slot
  local def = A.find(o.action)
  if not def or o.format < 1 or o.format > #def.formats then return false end
end
return #sheet.names <= game.naming_lines and #sheet.probes <= 99
)LUA";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Fixture& f = fixture();
    std::string_view text(reinterpret_cast<const char*>(data), size);
    hl::ReadSheet s = hl::read_sheet(f.rt, text, "fuzz.txt");
    // Every finding has a line; the pack never fails; reading stops after max_errors.
    for (const hl::Diagnostic& x : s.findings.all()) {
        require(x.where.line >= 1);
        require(!hl::format_diagnostic(x).empty());
        require(x.message.find("the rules pack failed") == std::string::npos);
    }
    require(s.findings.error_count() <= hl::SheetLimits{}.max_errors + 1);
    require(s.value != nullptr);
    lua_State* L = f.rt.host().L();
    hl::StackGuard guard(L);
    if (luaL_loadstring(L, kPromises) != 0) __builtin_trap();
    hl::push_read_sheet(L, s);
    require(lua_pcall(L, 1, 1, 0) == 0 && lua_toboolean(L, -1));
    // A sheet without errors has its whole header.
    if (s.ok())
        require(s.header.empire.given && s.header.secret.given && s.header.turn.given &&
                s.header.turn.value >= 1);
    return 0;
}
