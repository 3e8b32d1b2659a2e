#include "support/cosmos_game.hpp"

#include <catch2/catch.hpp>

#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "io/atomic_file.hpp"
#include "support/test_support.hpp"

namespace hl::test {

GameState cosmos_small_game(const std::string& extra) {
    auto path = source_dir() / "scenarios" / "cosmos_small.toml";
    Diagnostics d;
    Scenario sc = parse_scenario(read_file(path) + extra, path.generic_string(), cosmos(), d);
    REQUIRE_FALSE(d.has_errors());
    return create_game(sc, cosmos(), 3);
}

const char* const kCosmosPrelude = R"(
  local coords = import("lib/coords")
  local function colony_of(race)
    for _, id in ipairs(state.ids("colony")) do
      local c = state.colony(id)
      if c.owner == race then return c, state.planet(c.planet) end
    end
  end
  local function ship(number)
    for _, id in ipairs(state.ids("ship")) do
      local s = state.ship(id)
      if s.number == number then return s, state.fleet(s.fleet) end
    end
  end
  local function gm(race, text)
    return coords.from_race(coords.parse(text), state.empire(race).home)
  end
  local function shown(race, hex)
    return coords.text(coords.to_race(hex, state.empire(race).home))
  end
  local function quiet()
    return { ["1"] = { general = {}, units = {} }, ["2"] = { general = {}, units = {} },
      ["3"] = { general = {}, units = {} }, ["4"] = { general = {}, units = {} } }
  end
  local function run(sheets, computer)
    local turn = { log = {}, results = {}, messages = {}, in_play = {} }
    import("turn").run({ sheets = sheets, computer = computer or {} }, turn)
    return turn
  end
  local function orders_of(fleet)
    return #state.find("queued", "fleet", fleet.id)
  end
  local function events(turn, race, sorted)
    local out = {}
    for _, n in ipairs(turn.log) do
      local p = n.phase == "event" and n.data.phase or 0
      if n.empire == race and p >= 1 and p <= 12 then
        out[#out + 1] = string.format("Phase %d: %s", p, n.text)
      end
    end
    if sorted then table.sort(out) end
    return table.concat(out, "\n")
  end
  local function new_planet(hex, kind, size, name)
    local used = {}
    for _, id in ipairs(state.ids("planet")) do used[state.planet(id).number] = true end
    local number = 1
    while used[number] do number = number + 1 end
    return state.create("planet", { number = number, hex = hex, kind = kind, size = size,
      minerals = 2, name = name }), number
  end
  local function add_ship(race, type_code, hex, fields)
    local e = state.empire(race)
    local number = tonumber(race) * 100 + e.next_ship
    state.set("empire", race, { next_ship = e.next_ship + 1 })
    local fleet = state.create("fleet", { owner = race, hex = hex })
    local kit = import("lib/ships").equipment(type_code, e.techs or {})
    local rec = { number = number, type = type_code, owner = race, fleet = fleet, damage = 0,
      drive = kit.drive, graviton = kit.graviton, jump = kit.jump, gun = kit.gun,
      shield = kit.shield, scanner = kit.scanner, cargo = 0,
      population = import("lib/data").ship_type(type_code).colonists or 0 }
    for k, v in pairs(fields or {}) do rec[k] = v end
    local sid = state.create("ship", rec)
    state.set("fleet", fleet, { flagship = sid })
    return number, sid, fleet
  end
  local function explored(race, hex)
    local list = state.chart(race).explored or {}
    local seen = {}
    for _, h in ipairs(list) do seen[h] = true end
    if not seen[hex] then list[#list + 1] = hex end
    table.sort(list)
    state.set("chart", race, { explored = list })
  end
  local function lines(t, race, pattern)
    local out = {}
    for _, n in ipairs(t.log) do
      local p = n.phase == "event" and n.data.phase or -1
      if n.empire == race and p >= 0 and (not pattern or n.text:find(pattern, 1, true)) then
        out[#out + 1] = string.format("%d: %s", p, n.text)
      end
    end
    return table.concat(out, "\n")
  end
  local _ = { colony_of, ship, gm, shown, quiet, run, events, orders_of, new_planet, add_ship,
    explored, lines }
)";

CosmosGame::CosmosGame(const std::string& extra)
    : state(cosmos_small_game(extra)), rt(cosmos(), state) {
    rt.host().set_context(ScriptContext{&state, &cosmos(), &rng});
}

std::string CosmosGame::eval(const std::string& code) {
    return eval_lua(rt.host(), std::string(kCosmosPrelude) + code, "rules/cosmos/test.lua");
}

std::string CosmosGame::turn(const std::string& code) {
    state.turn += 1;
    return eval(code);
}

}  // namespace hl::test
