// The rules libraries of rules/cosmos (seed 004, COSMOS Stellar Conflict) against the seed's
// own examples, where a check counts draws over many tries or builds a map or a variant pack,
// each worked out by hand in a comment that cites the section. The libraries run in the pack's
// sandbox with a random stream of their own; no turn hook is needed. The other library tests
// are Lua unit tests in rules/cosmos/tests/libraries.lua (docs/rule-tests.md).

#include <catch2/catch.hpp>

#include <string>

#include "core/rng.hpp"
#include "core/state.hpp"
#include "lua/runtime.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// The cosmos pack's sandbox with an empty state and a random stream named by `purpose`.
struct Cosmos {
    GameState state = GameState::with_schema(test::cosmos().schema());
    Runtime rt{test::cosmos(), state};
    Rng rng;
    explicit Cosmos(const std::string& purpose) : rng(StreamKey{4, 1, "", 0, purpose}) {
        rt.host().set_context(ScriptContext{&state, &test::cosmos(), &rng});
    }
    // Runs a chunk and returns its result as a string (test_support.hpp eval_lua).
    std::string eval(const std::string& code) {
        return test::eval_lua(rt.host(), code, "rules/cosmos/test.lua");
    }
};

}  // namespace

TEST_CASE("5, 6.5, 8.7: the generated map places homes, planets and primitives", "[cosmos]") {
    // The map generator's checks of the seed's rules, for 14 races (a 28 x 28 map) and 4
    // (14 x 14): homes are A systems holding one terran planet of size 80 and mineral content
    // 2, at least 6 hexes apart and at most 8 from the nearest (6.5), each with at least 3 A or
    // B systems within 4 hexes (COSMOS.md); planet numbers differ; every other terran planet has
    // a primitive colony with 40-48% of its size in population, 1-10 industries and 52-60% in
    // i.p. (8.7); and no other colony exists.
    const std::string check = R"(
      local k = import("lib/coords")
      local starts = import("galaxy").generate({ width = 0, height = 0 }, RACES)
      local bad = {}
      local w, h = galaxy.size_of()
      if #starts ~= RACES then bad[#bad + 1] = "starts" end
      for i, s in ipairs(starts) do
        if galaxy.kind(s.hex) ~= "system_a" then bad[#bad + 1] = "home kind" end
        local here = state.find("planet", "hex", s.hex)
        local p = state.get("planet", s.planet)
        if #here ~= 1 or here[1] ~= s.planet or p.kind ~= "terran" or p.size ~= 80 or
            p.minerals ~= 2 then bad[#bad + 1] = "home planet" end
        local nearest = 1000
        for j, t in ipairs(starts) do
          if i ~= j then nearest = math.min(nearest, k.distance(s.hex, t.hex)) end
        end
        if nearest < 6 or (#starts > 1 and nearest > 8) then bad[#bad + 1] = "nearest " .. nearest end
        local good = 0
        for _, code in ipairs(galaxy.outer()) do
          local kind = galaxy.kind(code)
          if code ~= s.hex and k.distance(code, s.hex) <= 4 and
              (kind == "system_a" or kind == "system_b") then good = good + 1 end
        end
        if good < 3 then bad[#bad + 1] = "good " .. good end
      end
      local numbers, primitive = {}, 0
      for _, id in ipairs(state.ids("planet")) do
        local p = state.get("planet", id)
        if numbers[p.number] then bad[#bad + 1] = "number" end
        numbers[p.number] = true
        local colonies = state.find("colony", "planet", id)
        local home = false
        for _, s in ipairs(starts) do home = home or s.planet == id end
        if p.kind == "terran" and not home then
          local c = state.get("colony", colonies[1])
          primitive = primitive + 1
          if #colonies ~= 1 or c.owner or c.population * 100 < 40 * p.size - 100 or
              c.population * 100 > 48 * p.size or c.industries < 1 or c.industries > 10 or
              c.ip * 100 < 52 * p.size - 100 or c.ip * 100 > 60 * p.size then
            bad[#bad + 1] = "primitive " .. p.number
          end
        elseif #colonies ~= 0 then
          bad[#bad + 1] = "colony"
        end
      end
      return w .. "x" .. h .. " " .. galaxy.size() .. " " .. tostring(primitive > 0) .. " " ..
        table.concat(bad, ", "))";
    auto run = [&](int races, const std::string& purpose) {
        Cosmos c(purpose);
        std::string code = check;
        code.replace(code.find("RACES"), 5, std::to_string(races));
        code.replace(code.find("RACES"), 5, std::to_string(races));
        return c.eval(code);
    };
    CHECK(run(14, "map14") == "28x28 784 true ");
    CHECK(run(4, "map4") == "14x14 196 true ");
    // The same stream draws the same map (COSMOS.md: reproducible from the seed).
    auto digest = [](const std::string& purpose) {
        Cosmos c(purpose);
        return c.eval(R"(
          local starts = import("galaxy").generate({ width = 0, height = 0 }, 14)
          local parts = {}
          for _, code in ipairs(galaxy.outer()) do parts[#parts + 1] = galaxy.kind(code) end
          for _, id in ipairs(state.ids("planet")) do
            local p = state.get("planet", id)
            parts[#parts + 1] = p.number .. p.kind .. p.size .. p.name
          end
          parts[#parts + 1] = starts[1].hex
          return table.concat(parts, ","))");
    };
    std::string a = digest("same"), b = digest("same");
    CHECK(a.size() > 1000);
    CHECK(a == b);
    CHECK(a != digest("other"));
}

TEST_CASE("a variant changes a constant and adds a ship type as TOML rows", "[cosmos]") {
    // rules/variants/cosmos_gunboats: 160 i.p. at the start instead of 130, and a gunboat
    // (Table 4 row 30) that lib/data.lua merges after the base's types; the tables still check.
    Pack variant = test::load_pack(test::source_dir() / "rules" / "variants" / "cosmos_gunboats");
    GameState state = GameState::with_schema(variant.schema());
    Runtime rt(variant, state);
    CHECK(test::eval_lua(rt.host(), R"(
      local data = import("lib/data")
      local list = data.ship_list()
      local g = data.ship_type("Gunboat")
      return rules.const.start.ip .. " " .. list[#list].code .. " " .. g.number .. " " ..
        import("lib/ships").cost("gunboat", {}) .. " " .. #import("lib/data_check").problems())",
                         "rules/cosmos/test.lua") == "160 gunboat 30 25 0");
}
