-- Helpers for the actions' turnsheet checks (A.check) and cost estimates (A.estimate).
-- A check sees the game as it is before the turn runs, plus the notes that earlier orders of
-- the same sheet left in ctx.sheet (a MOVE may capture a system that a later order builds in;
-- a LINK may build a link a later MOVE uses). What may still change decides between an error
-- (it cannot work) and a warning (it may not work). Places are judged only by what the empire's
-- own report shows (ctx.known, lib/known.lua): no message may depend on what it cannot see.
-- sheet/check.lua has already checked that every empire and tech written in a box exists, and
-- calls check and estimate only for orders whose systems the empire's report shows. See
-- docs/turnsheet.md for order and ctx.

local C = {}
local E = import("lib/economy")
local st = import("lib/st")
local known = import("lib/known")
local ACT = rules.const.actions

-- The notes of this sheet, created on first use.
local function notes(ctx)
  local s = ctx.sheet
  if not s.may_own then
    s.may_own = {}      -- system -> slot of the order that may capture it
    s.links = {}        -- "a-b" -> slot of the LINK that builds it
    s.population = {}   -- system -> slot of the order that raises its population
    s.industry = {}     -- system -> slot of the order that raises its industry
    s.raises = {}       -- {slot, code, level} of each TECH and TAKE order
  end
  return s
end

local function link_key(a, b)
  if a > b then a, b = b, a end
  return a .. "-" .. b
end

-- A system code as players write it (three digits in the standard game).
function C.code(sys)
  return galaxy.code(sys)
end

-- True if the empire owns the system now.
function C.owns(ctx, sys)
  return state.value("holding", sys, "owner") == ctx.empire
end

-- The holding of a system, if the empire owns it now; nil otherwise.
function C.own_holding(ctx, sys)
  local h = state.holding(sys)
  if h.owner == ctx.empire then return h end
  return nil
end

-- True if the system is a planet or an asteroid belt (a system of a box: one the report shows).
function C.satellite(sys)
  return galaxy.is_inner(sys)
end

-- What the empire's report shows of a system's holding: the holding if it owns or scouted the
-- system, else nil (its contents are unknown).
function C.known_holding(ctx, sys)
  return known.holding(ctx.known, sys)
end

-- True if the report shows that a and b are linked; false if it shows they are not; nil if it
-- does not tell (lib/known.lua).
function C.linked(ctx, a, b)
  return known.linked(ctx.known, a, b)
end

-- Notes that the empire may own sys after this order (a move into a system it does not own).
function C.may_capture(ctx, sys)
  if sys and not C.owns(ctx, sys) and not notes(ctx).may_own[sys] then
    notes(ctx).may_own[sys] = ctx.slot
  end
end

-- The slot of an earlier order of the sheet that may capture sys, or nil.
function C.capture_slot(ctx, sys)
  return notes(ctx).may_own[sys]
end

-- Reports unless the empire owns the system in box; only a warning if an earlier order of
-- the sheet may capture it. A blank box passes. Returns false after an error.
function C.need_owned(order, ctx, box)
  local sys = order[box]
  if sys == nil or C.owns(ctx, sys) then return true end
  local slot = C.capture_slot(ctx, sys)
  if slot then
    ctx.warning(box, string.format(
      "you do not own this system now; this works only if your order in slot %d takes it first",
      slot))
    return true
  end
  ctx.error(box, "you do not own this system")
  return false
end

-- Reports if the system in box is a planet or belt (what says what must be a star).
function C.need_star(order, ctx, box, what)
  if C.satellite(order[box]) then
    ctx.error(box, what or "this is a planet or asteroid belt, not a star")
    return false
  end
  return true
end

-- Reports unless the systems in boxes a and b are linked (or an earlier LINK of the sheet
-- links them: a warning). Moving between two planets or belts gets its own message.
function C.need_linked(order, ctx, a_box, b_box)
  local a, b = order[a_box], order[b_box]
  if a == b then
    ctx.error(b_box, "the same system as " .. C.code(a))
    return false
  end
  local linked = C.linked(ctx, a, b)
  if linked then return true end
  if C.satellite(a) and C.satellite(b) then
    ctx.error(b_box, "you cannot go straight from one planet or asteroid belt to another: go "
      .. "through the star")
    return false
  end
  if linked == nil then return true end  -- the report does not show: the turn will tell
  local slot = notes(ctx).links[link_key(a, b)]
  if slot then
    ctx.warning(b_box, string.format(
      "not linked to %s now; this works only if your LINK in slot %d is built first",
      C.code(a), slot))
    return true
  end
  ctx.error(b_box, "not linked to " .. C.code(a))
  return false
end

-- True if the report shows a and b linked or an earlier LINK of the sheet links them; false if
-- neither; nil if the report does not tell.
function C.may_be_linked(ctx, a, b)
  if notes(ctx).links[link_key(a, b)] ~= nil then return true end
  return C.linked(ctx, a, b)
end

-- False if the report shows a star on the straight segment between a and b; true if it shows
-- none (one it has not seen may still be in the way).
function C.segment_clear(ctx, a, b)
  return known.segment_clear(ctx.known, a, b)
end

-- The number of links (planets and belts included) the report shows a system to have.
function C.degree(ctx, sys)
  return #known.links(ctx.known, sys)
end

-- Notes a link a LINK order builds.
function C.note_link(ctx, a, b)
  notes(ctx).links[link_key(a, b)] = notes(ctx).links[link_key(a, b)] or ctx.slot
end

-- The slot of an earlier order of the sheet that raises a system's population, or nil.
function C.population_raised(ctx, sys)
  return notes(ctx).population[sys]
end

-- Notes that this order raises a system's population (GROW, COLONISE).
function C.note_population(ctx, sys)
  notes(ctx).population[sys] = notes(ctx).population[sys] or ctx.slot
end

-- Notes that an order raises a system's industry (BUILD).
function C.note_industry(ctx, sys)
  notes(ctx).industry[sys] = notes(ctx).industry[sys] or ctx.slot
end

-- True if an earlier order of the sheet raises the system's population or industry.
function C.raised(ctx, sys)
  local n = notes(ctx)
  return n.population[sys] ~= nil or n.industry[sys] ~= nil
end

-- The empire's level of a tech once the TECH and TAKE orders in earlier slots have run.
function C.tech(ctx, code)
  local level = st.tech(ctx.empire, code)
  for _, r in ipairs(notes(ctx).raises) do
    if r.code == code and r.slot < ctx.slot and r.level > level then level = r.level end
  end
  return level
end

-- The slot of the first earlier TECH or TAKE order of the sheet that raises a tech to at least
-- `level`, or nil.
function C.raise_slot(ctx, code, level)
  local best
  for _, r in ipairs(notes(ctx).raises) do
    if r.code == code and r.slot < ctx.slot and r.level >= level and (not best or r.slot < best) then
      best = r.slot
    end
  end
  return best
end

-- Notes the level this TECH or TAKE order raises a tech to.
function C.note_tech(ctx, code, level)
  local raises = notes(ctx).raises
  raises[#raises + 1] = { slot = ctx.slot, code = code, level = level }
end

-- Notes a BASE order: from now on blank NEW* orders build in sys (nil: nowhere).
function C.note_base(ctx, sys)
  notes(ctx).base = sys or false
end

-- The empire's base once the BASE orders in earlier slots have run, or nil.
function C.base(ctx)
  local b = notes(ctx).base
  if b ~= nil then return b or nil end
  return state.value("empire", ctx.empire, "base")
end

-- True if the empire has its active probe in the system now.
function C.active_probe_at(ctx, sys)
  for _, p in ipairs(st.probes(ctx.empire)) do
    if p.active and p.system == sys then return true end
  end
  return false
end

-- Checks a NEWCOL, NEWCRS or NEWFTR order: where the ships are built (the base when WHERE is
-- blank) must be owned; a warning where nothing can be built now.
function C.check_new_ships(order, ctx)
  local where = order.from
  if where == nil then
    where = C.base(ctx)
    if where == nil then
      ctx.error("from", "the box is blank, which means your base, but you have no base: name "
        .. "the system, or set a base with BASE first")
      return
    end
  elseif not C.need_owned(order, ctx, "from") then
    return
  end
  local h = C.own_holding(ctx, where)
  if not h then return end
  if E.build_limit(ctx.empire, where) == 0 and not C.raised(ctx, where) then
    if math.min(h.population, h.industry) > 0 then
      ctx.warning("from", string.format("nothing can be built in %s now: population there "
        .. "builds ships only up to its limit (%d)", C.code(where), E.pop_limit(ctx.empire, where)))
    else
      ctx.warning("from", string.format("nothing can be built in %s now: building ships needs "
        .. "both population and industry there", C.code(where)))
    end
  elseif E.blockaded(where) then
    ctx.warning("from", string.format("%s is blockaded: no ships can be built there",
      C.code(where)))
  end
end

-- Checks a LAYUP or RESERVE order's system: owned, with population and industry.
function C.check_reserve_system(order, ctx, what)
  if not C.need_owned(order, ctx, "from") then return end
  local h = C.own_holding(ctx, order.from)
  if h and (h.population == 0 or h.industry == 0) then
    if C.raised(ctx, order.from) then
      ctx.warning("from", what .. " needs population and industry here; an earlier order must "
        .. "add them first")
    else
      ctx.error("from", what .. " needs a system with both population and industry")
    end
  end
end

-- Cruisers one LAYUP or RESERVE may move at a system: reserve tech + population + industry
-- (what the report shows: nothing for a system the empire neither owns nor scouted).
function C.reserve_limit(ctx, sys)
  local h = C.known_holding(ctx, sys)
  return st.tech(ctx.empire, "RS") + (h and h.population + h.industry or 0)
end

-- How many of a holding's field (cruisers, fighters ...) the report shows in a system: 0 where
-- it neither owns nor scouted it.
function C.known_count(ctx, sys, field)
  local h = C.known_holding(ctx, sys)
  return h and h[field] or 0
end

-- The highest level a tech may reach (lib/st.lua).
function C.cap(code)
  return st.tech_cap(code)
end

-- Reports unless the empire in box is another empire.
function C.need_other_empire(order, ctx, box, what)
  if order[box] == ctx.empire then
    ctx.error(box, what)
    return false
  end
  return true
end

-- How many a number box asks for when available are there: N, all (0), all but N, or all
-- that is left (a blank number in the last slot).
function C.count(number, available)
  if number == nil then return 0 end
  if number.kind == "n" then return number.n end
  if number.kind == "all_but" then return math.max(0, available - number.n) end
  return available
end

-- TECH cost of raising a tech from level `from` to `to` (rule 7.3 as corrected in RULINGS.md:
-- the new level squared times the levels gained).
function C.tech_cost(from, to)
  if to <= from then return 0 end
  return to * to * (to - from)
end

-- Cost of one action by its [constants.actions] name.
function C.cost(name)
  return ACT[name]
end

return C
