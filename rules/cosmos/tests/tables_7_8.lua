-- Tables 7 and 8 (seed 004, 14, 14.2.3, 14.2.4): which super advanced and exotic technologies
-- may be researched and when, worked out by hand from the tables. Their effects are tested
-- where they act (libraries.lua: 8.4's Artificial Intelligence and Self-repairing Robots, the
-- Robotic Army's bases, Smart Bombs; jumps/: the Ultimate Jump Drive). Run with `hyperlane
-- rules test cosmos` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local techs = import("lib/techs")

local tests = {}

-- Table 7: Artificial Intelligence needs Advanced Cybernetics and Superlogistics, and General
-- Science II (the super table's gateway), each developed before the turn; Self-repairing Robots
-- and the Robotic Army need Artificial Intelligence; the Ultimate Jump Drive the Jump Drive and
-- the Tachyon Communicator (or Scanner); the Tachyon Scanner the Graviton Scanner or the
-- Tachyon Communicator, and costs 200 r.p., 160 once the Communicator is developed. Table 8: Smart Bombs need Exotic Science only, and
-- cost 150 r.p., 100 once Artificial Intelligence is developed.
tests["Tables 7, 8: the super advanced and exotic technologies open to research"] = function()
  local have = { GS = 0, GT = 0, AC = 0, SU = 0 }
  T.eq({ techs.researchable(have, "AI", 1), techs.researchable(have, "SR", 1),
    techs.researchable({ GS = 0, AC = 0, SU = 0 }, "AI", 1) }, { true, false, false })
  have.AI = 1
  T.eq({ techs.researchable(have, "SR", 1), techs.researchable(have, "SR", 2),
    techs.researchable(have, "RA", 2) }, { false, true, true })
  T.eq({ techs.researchable({ GS = 0, GT = 0, JD = 0, TC = 0 }, "UJ", 1),
    techs.researchable({ GS = 0, GT = 0, JD = 0 }, "UJ", 1) }, { true, false })
  T.eq({ techs.researchable({ GS = 0, GT = 0, GR = 0 }, "TS", 1),
    techs.cost({ GS = 0, GT = 0, GR = 0 }, "TS", 1),
    techs.cost({ GS = 0, GT = 0, TC = 0 }, "TS", 1) }, { true, 200, 160 })
  T.eq({ techs.researchable({ EX = 0 }, "SB", 1), techs.researchable({}, "SB", 1),
    techs.cost({ EX = 0 }, "SB", 1), techs.cost({ EX = 0, AI = 0 }, "SB", 1) },
    { true, false, 150, 100 })
end

-- 14.2.4: Deep Secrets of Cosmology may be developed up to turn 12, never later.
tests["14.2.4: Deep Secrets of Cosmology until turn 12"] = function()
  local have = { GS = 0, GT = 0, EX = 0 }
  T.eq({ techs.researchable(have, "DS", 12), techs.researchable(have, "DS", 13) },
    { true, false })
end

return tests
