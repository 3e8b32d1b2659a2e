-- Example sheets for `hyperlane rules check` (docs/packs.md): between them they give every order
-- of this version (orders.lua) at least once, general orders, colony and fleet blocks and
-- orders embedded in build and colonize (nested too), in the forms players write, so that the
-- check plays each order's code in the test game's turns. They are written for the race's
-- start (8.5, 9.8): its home colony, the scouts Srr00 and Srr01 and the corvette Srr02 at
-- home. Each sheet stays within the administration limit of 20 (2.1), so every order runs.
--
-- Sheet 1 (general orders and the home colony): the race type on turn 1 (16), research with and
-- without an amount, a policy, a name, 1 r.p. of overtime; a starport; a small freighter that loads and unloads i.p. at home; a
-- colony transport that adds its colonists to the home colony (its nested colony orders are kept
-- for a colony it would found); a launch without the Secure Launch System (refused); dismantle,
-- reserve, repair and refit of the corvette; a transmit to itself and a terraform of its terran
-- planet (both refused); construct with an amount, and without one for shields (none without Planet
-- Shield); an order removed again by clear.
-- Sheet 2 (the ships, a turn later): the corvette takes the scout Srr01 in and out of its fleet
-- and forms a fleet with it, probes and bombs (no enemy colony at home), tries a flip and a
-- jump (refused: no drives), colonizes (no colonists), loads and unloads (no holds), explores
-- its system and an adjacent hex (out of reach without a scanner), then moves two hexes; the
-- scout Srr00 has orders removed by clear and break and joins the corvette.
-- Sheet 3 (advanced orders): aliases defined and deleted, a message to all; the colony defines
-- its own alias, signals the corvette, teaches, discloses and gives (all refused: no ally is
-- there), repeats a construct, waits, waits until a phase and passes an order to the
-- corvette; the corvette waits for signals and for ships, cloaks, sneaks (refused: no cloaking
-- devices), inserts and embeds orders and loads per ship.

local coords = import("lib/coords")
local data = import("lib/data")
local techs_lib = import("lib/techs")

local X = {}

-- A name in quotes (names of several words need them, 19).
local function quoted(name)
  return '"' .. name .. '"'
end

-- The sheets for info = {empire, secret, turn}: a list of texts, none if the race has no
-- colony.
function X.sheets(info)
  local race = info.empire
  local r = state.empire(race)
  local colonies = state.find("colony", "owner", race)
  if #colonies == 0 or not r.home then return {} end
  local planet = state.get("planet", state.value("colony", colonies[1], "planet"))
  local colony = string.format("C%03d", planet.number)
  local ships = {}
  for _, id in ipairs(state.find("ship", "owner", race)) do
    local s = state.get("ship", id)
    ships[#ships + 1] = s.number
  end
  table.sort(ships)
  local function ship(i)
    return ships[i] and string.format("S%04d", ships[i]) or nil
  end
  local other
  for _, code in ipairs(state.empires()) do
    if code ~= race and not other then other = code end
  end
  local open = techs_lib.researchable_list(r.techs or {}, info.turn)
  -- Hexes in the race's own coordinates: next to home, and two hexes away through it.
  local home = r.home
  local near = coords.neighbours(home)[1]
  local far
  for _, h in ipairs(coords.neighbours(near)) do
    if not far and coords.distance(home, h) == 2 then far = h end
  end
  local function hex(code)
    return coords.text(coords.to_race(code, r.centre or home))
  end
  local header = string.format("turn %d\nsecret %s\nrace %s:\n", info.turn, info.secret, race)

  local general = {}
  if info.turn == rules.const.race_types.turn then general[1] = "type traveller industrialist" end
  if open[1] then general[#general + 1] = "research " .. quoted(data.tech(open[1]).name) .. " 5" end
  if open[2] then general[#general + 1] = "research " .. quoted(data.tech(open[2]).name) end
  if other then general[#general + 1] = "policy " .. other .. " ally" end
  general[#general + 1] = string.format("name P%03d Capital", planet.number)
  general[#general + 1] = string.format("overtime %s 1 research", colony)
  local first = {
    colony .. ":",
    "  construct starport 5",
    "  build " .. quoted(data.ship_type("small_freighter").name),
    "  orders:",
    "    load " .. colony .. " 5 i.p.",
    "    unload " .. colony .. " 5 i.p.",
    "  .",
    "  build 3",
    "  orders:",
    string.format("    colonize P%03d", planet.number),
    "    orders:",
    "      construct industries 1",
    "    .",
    "  .",
    "  launch corvette",
    "  dismantle research 1",
    "  reserve 10 2",
    "  transmit " .. colony .. " 5",
    "  terraform",
  }
  if ship(3) then
    first[#first + 1] = "  repair " .. ship(3)
    first[#first + 1] = "  refit " .. ship(3)
  end
  for _, line in ipairs({ "  construct industries 2", "  construct shields",
    "  construct bases 1", "  clear -1" }) do
    first[#first + 1] = line
  end
  local out = { header .. table.concat(general, "\n") .. "\n" .. table.concat(first, "\n") .. "\n" }

  if ship(1) and ship(2) and ship(3) then
    local second = {
      ship(3) .. ":",
      "  include " .. ship(2),
      "  leave " .. ship(2),
      "  form " .. ship(2),
      "  probe " .. colony,
      "  bomb " .. hex(home) .. " 1",
      "  flip " .. hex(near),
      "  jump " .. hex(far),
      "  colonize *",
      "  load 1 pop",
      "  unload",
      "  explore",
      "  explore " .. hex(near),
      "  move " .. hex(near),
      "  farmove " .. hex(far),
      ship(1) .. ":",
      "  farmove " .. hex(far),
      "  clear -1",
      "  move " .. hex(near),
      "  break 1",
      "  join " .. ship(3),
    }
    out[#out + 1] = header .. table.concat(second, "\n") .. "\n"
    -- Sheet 3: the orders of sections 9.4, 9.9, 10.1, 14.1 and 18, and a message (2.4).
    local third = {
      "alias " .. ship(3) .. " $guard",
      "alias " .. colony .. " $depot.",
      "alias - $depot.",
      "message all Greetings from race " .. race,
      colony .. ":",
      "  myalias $home",
      "  signal " .. ship(3),
      "  teach " .. colony .. " " .. quoted(data.tech(data.tech_codes()[1]).name),
      "  disclose " .. ship(3) .. " map",
      "  gift " .. ship(2) .. " " .. colony,
      "  repeat 2",
      "  orders:",
      "    construct industries 1",
      "  .",
      "  wait 1",
      "  time " .. info.turn .. " 2",
      "  order " .. ship(3),
      "  orders:",
      "    uncloak",
      "  .",
      ship(3) .. ":",
      "  waitonesig " .. colony,
      "  waitallsig " .. colony .. " " .. ship(2),
      "  waitforone system " .. ship(2),
      "  waitforall fleet " .. ship(2) .. " $guard",
      "  cloak",
      "  sneak " .. hex(near),
      "  farsneak " .. hex(far),
      "  insert 0",
      "  orders:",
      "    wait 1",
      "  .",
      "  embed -1",
      "  orders:",
      "    wait 1",
      "  .",
      "  load " .. colony .. " " .. ship(3) .. " 5 i.p. and any pop",
    }
    out[#out + 1] = header .. table.concat(third, "\n") .. "\n"
  end
  return out
end

return X
