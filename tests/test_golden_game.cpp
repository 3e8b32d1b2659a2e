// The golden game: ten turns of a three-empire game on a fixed map with fixed sheets, run the
// way a GM runs it (each sheet checked and stored as `hyperlane submit` does, each turn played
// by `hyperlane run`'s play_next_turn into a game folder), checked after every turn against
// numbers worked out by hand from the rulebook (seed 000) and shared/RULINGS.md.
//
// Data: tests/data/golden_10_turns/scenario.toml (the map and the start: every empire has the
// standard start of rule 1.2, balance 24 = 37 - 23 + 10, treasury 50; CYG also owns red dwarf
// 302 with population 4 above its limit 2) and orders/NNNN/EMP.txt (every empire, every turn).
//
// Only two things were read from the program rather than worked out: the research draws
// (rule 7.7: one tech level a turn, drawn in proportion to the levels; kResearch below) and the
// census turns after the first (rule 8.2: drawn 2..4 turns apart; the scenario fixes the first
// at turn 3, seed 4 then draws turns 6, 10 and 12). No system was ever unowned-and-unexplored
// (every free system is ever_owned), so no Old Empire find is drawn; no WT, DT or MC (all 0,
// and a level 0 tech is never drawn), so battles are pure arithmetic.
//
// Rules used everywhere below (RULINGS.md "Economy", "Battles", "Turn sequence"):
//   income of a system = p + min(p, ind) + (planet ? min(p, AT) : min(ind, p, IT)),
//     p = min(pop, limit); limits: yellow 5, white 3, red 2, red giant 1, planet 50, belt 9;
//     empire income adds BP (1 for everyone all game).
//   supply of a system = max(0, floor((10 crs + 3 ftr + 20 col) / 3) - p - ST) + overpop; ST 0.
//   balance = income - supply, worked out after unused BPs, research and overpopulation.
//   unused BPs: cruisers at the base (10 each, at most min(pop, ind) there: the limit caps pop
//     only at black dwarfs), fighters at home (3 each, same cap), STASH (3 per treasury BP),
//     the last 1-2 on ORDER (a bid).
//   treasury += TR after the balance. Census: VPs += total industry + CL (CL 0 all game).
//   next order of play: by ORDER BPs this turn (bids and unused), ties keep their order.
//   "16 STASH" (blank in the last slot) stashes floor(B / 3), leaving B mod 3 unused.
//
// Notation: B balance, T treasury, p/i/c/f/k population, industry, cruisers, fighters, colony
// ships of a system. Systems: ARC 101 (yellow, base) + 111 (planet, home); BEL 201 + 211; CYG
// 301 + 311 + 302 (red). Start: each home star p2 i2 c5 f2 k1, home planet p20 i10 f2.
//
// ---- Turn 1 (order ARC BEL CYG) -----------------------------------------------------------
// ARC B24: MOVE 101 102 2 (1 BP; 102 unowned: taken, retreat 101) 23; BUILD 101 3 (room 5-2=3,
//   15) 8, 101 i5; GROW 101 (cost p=2, BL1) 6, 101 p3. Unused 6: base cap min(3,5)=3 but
//   6<10; home 111: 2 fighters (6) -> f4; 0 left.
// BEL B24: MOVE 201 202 3 (1; 202 taken, retreat 201) 23; NEWCRS 201 1 (cap min(2,2)=2, 10)
//   13, 201 c3; STASH 3 (9) 4, T53. Unused 4: 1 fighter at 211 (f3), ORDER 1.
// CYG B24: TAX 26. Unused 26: 2 cruisers at 301 (cap 2, 20) c7; 2 fighters at 311 (6) f4.
// Research: ARC PT2, BEL BL2, CYG BL2. Overpopulation: 302 p4 > 2 -> p3.
// ARC income: 101 3+3+min(5,3,IT1)=1 -> 7; 111 20+10+1 = 31; 102 0; +BP1 = 39.
//     supply: 101 c3 f2 k1 = 30+6+20 = 56 -> 18-3 = 15; 111 f4 -> 4-20 < 0 -> 0; 102 c2 -> 6.
//     = 21. B = 18. T = 50+TR1 = 51.
// BEL income: 201 2+2+1 = 5; 211 31; +1 = 37. supply: 201 c3 f2 k1 -> 18-2 = 16; 202 c3 -> 10
//     = 26. B = 11. T = 54.
// CYG income: 301 5; 311 31; 302 p=min(3,2)=2: 2+min(2,1)+min(1,2,1) = 4; +1 = 41.
//     supply: 301 c7 f2 k1 = 96 -> 32-2 = 30; 302 no ships 0 + overpop 3-2 = 1 -> 31. B = 10.
//     T = 51.
// Bids ARC 0, BEL 1, CYG 0 -> next order BEL ARC CYG.
//
// ---- Turn 2 (order BEL ARC CYG) -----------------------------------------------------------
// BEL B11: MOVE 202 201 2 (1; into its own dwarf: not sticky, 201 retreat 202) 10, 202 c1,
//   201 c5; MOVECOL 201 202 1 (2) 8; COLONISE 202 (2) 6, 202 p1; DEFEND 202; BUILD 211 1 (5) 1,
//   211 i11. Unused 1: ORDER 1.
// ARC B18: MOVE 102 103 2 (1; 103 taken, retreat 102) 17; CASH 10: 27, T41; NEWCRS 101 2 (cap 3,
//   20) 7, 101 c5; BUILD 111 1 (5) 2, 111 i11. Unused 2: ORDER 2.
// CYG B10: BUILD 311 2 (10) 0, 311 i12.
// Research: BEL BL3, ARC IT2, CYG BL3. Overpopulation: 302 p3 -> p2.
// ARC income: 101 3+3+min(5,3,IT2)=2 -> 8; 111 20+11+1 = 32; +1 = 41.
//     supply: 101 c5 f2 k1 = 76 -> 25-3 = 22; 103 c2 -> 6; = 28. B = 13. T = 42.
// BEL income: 201 5; 211 20+11+1 = 32; 202 p1 i0: 1+0+0 = 1; +1 = 39.
//     supply: 201 c5 f2 = 56 -> 18-2 = 16; 202 c1 k1 = 30 -> 10-1 = 9; = 25. B = 14. T = 55.
// CYG income: 301 5; 311 20+12+1 = 33; 302 2+1+1 = 4; +1 = 43. supply: 301 30; 302 0 (p2 is
//     at the limit) = 30. B = 13. T = 52.
// Bids ARC 2, BEL 1, CYG 0 -> ARC BEL CYG.
//
// ---- Turn 3 (order ARC BEL CYG), a census ---------------------------------------------------
// ARC B13: MOVE 101 102 AB-1 (4 cruisers, 1) 12; MOVE 102 103 0 (all 4, 1) 11, 103 c6; BUILD
//   111 2 (10) 1, 111 i13. Unused 1: ORDER 1.
// BEL B14: TAX 16; BUILD 211 3 (15) 1, 211 i14. Unused 1: ORDER 1.
// CYG B13: TAX 15. Unused 15: 1 cruiser at 301 (10) c8; 1 fighter at 311 (3) f5; ORDER 2.
// Research: ARC TR2, BEL IT2, CYG PT2.
// ARC income: 101 8; 111 20+13+1 = 34; +1 = 43. supply: 101 c1 f2 k1 = 36 -> 12-3 = 9;
//     103 c6 -> 20; = 29. B = 14. T = 42+TR2 = 44.
// BEL income: 201 2+2+min(2,2,IT2)=2 -> 6; 211 20+14+1 = 35; 202 1; +1 = 43. supply 16+9 = 25.
//     B = 18. T = 56.
// CYG income: 43. supply: 301 c8 f2 k1 = 106 -> 35-2 = 33. B = 10. T = 53.
// Census: ARC 5+13 = 18; BEL 2+14 = 16; CYG 2+12+1 = 15. Total 49.
// Victory: ARC strictly first; runaway 18 >= 2x16? no; knockout 18x100 >= 40x49 = 1960? no;
//   points 18 > 187? no. No warning.
// Bids ARC 1, BEL 1, CYG 2 -> CYG ARC BEL.
//
// ---- Turn 4 (order CYG ARC BEL): the battle for 202 --------------------------------------------
// CYG B10, empty sheet. Unused 10: 1 cruiser at 301 -> c9.
// ARC B14: MOVE 101 102 0 (1) 13; MOVE 102 103 0 (1) 12, 103 c7; MOVE 103 202 0 (1) 11: an attack
//   on BEL's 202 (DEFEND mode: no retreat). A = 7 + WT0 = 7. D = c1 + f0 + 5 x k1 + p1 (a star)
//   = 7. One round, divisor 2: ARC loses floor((7 + 0)/2) = 3, BEL loses floor(7/2) = 3 > c1:
//   its fleet is gone. L = p1 + DT(not a planet) - MC0 = 1. Survivors 4 + WT0 > 1: captured.
//   Capture halves p1, i0, k1 to 0, 0, 0: BEL loses 1 + 1 pop + 1 colony ship = 3 VPs.
//   Lost in space: ARC floor(3/2) = 1, BEL floor(1/2) = 0. 202: ARC c4, retreat mode, no
//   location. BUILD 111 2 (10) 1, 111 i15. Unused 1: ORDER 1.
// BEL B18: TAX 20; STASH rest: 6 (18) 2, T62. Unused 2: ORDER 2.
// Research: CYG IT2, ARC IT3, BEL PT2.
// ARC income: 101 3+3+min(5,3,3)=3 -> 9; 111 20+15+1 = 36; +1 = 46. supply: 101 c0 f2 k1 =
//     26 -> 8-3 = 5; 202 c4 -> 13; = 18. B = 28. T = 46.
// BEL income: 201 6; 211 35; +1 = 42. supply: 201 16. B = 26. T = 63.
// CYG income: 301 2+2+min(2,2,IT2)=2 -> 6; 311 33; 302 2+1+min(1,2,2)=1 -> 4; +1 = 44.
//     supply: 301 c9 f2 k1 = 116 -> 38-2 = 36. B = 8. T = 54.
// VPs ARC 18, BEL 16-3 = 13, CYG 15: total 46; knockout 1800 >= 1840? no; runaway no: no warning.
// Bids CYG 0, ARC 1, BEL 2 -> BEL ARC CYG.
//
// ---- Turn 5 (order BEL ARC CYG): BEL strikes back and fails ---------------------------------
// BEL B26: MOVE 201 202 0 (1) 25: A = 5 against ARC's 202, D = c4 (no population, no other
//   ships). ARC loses floor((5 + (5-4))/2) = 3 -> c1 left, BEL loses floor(4/2) = 2. ARC's
//   fleet survives: the attack fails, BEL's 3 survivors go back to 201 (c3). Lost in space:
//   BEL floor(2/2) = 1, ARC floor(3/2) = 1. BUILD 211 1 (5) 20, 211 i15; STASH 6 (18) 2, T69;
//   ORDER 2.
// ARC B28: BUILD 111 5 (25) 3, 111 i20; STASH 1 (3) 0, T47.
// CYG B8: TAX 10. Unused: 1 cruiser at 301 -> c10.
// Research: BEL BL4, ARC AT2, CYG BL4.
// ARC income: 101 9; 111 20+20+min(20,AT2)=2 -> 42; +1 = 52. supply: 101 5; 202 c1 -> 3; = 8.
//     B = 44. T = 49.
// BEL income: 201 6; 211 20+15+1 = 36; +1 = 43. supply: 201 c3 f2 = 36 -> 12-2 = 10. B = 33.
//     T = 70.
// CYG income 44. supply: 301 c10 f2 k1 = 126 -> 42-2 = 40. B = 4. T = 55.
// Bids BEL 2, ARC 0, CYG 0 -> BEL ARC CYG.
//
// ---- Turn 6 (order BEL ARC CYG), a census: the warning --------------------------------------
// BEL B33: TAX 35; ORDER 4: 31; GROW 211 (cost p20, BL4) 11, 211 p24; STASH 3 (9) 2, T73;
//   unused ORDER 2 (bids 6 in all).
// ARC B44: BUILD 111 8 (40) 4, 111 i28; STASH 1 (3) 1, T50; ORDER 1.
// CYG B4: GROW 301 (cost 2, BL4: 2+4 = 6, limit 5) 2, 301 p5; ORDER 2.
// Research: BEL BL5, ARC PT3, CYG ET2.
// ARC income: 101 9; 111 20+20+2 = 42; +1 = 52. supply 8. B = 44. T = 52.
// BEL income: 201 6; 211 24+15+min(24,AT1)=1 -> 40; +1 = 47. supply: 201 10; 211 f3 -> 0.
//     B = 37. T = 74.
// CYG income: 301 5+2+min(2,5,2)=2 -> 9; 311 33; 302 4; +1 = 47. supply: 301 42-5 = 37. B = 10.
//     T = 56.
// Census: ARC 5+28 = 33 -> 51; BEL 2+15 = 17 -> 30; CYG 15 -> 30. Total 111.
// Victory: ARC strictly first; runaway 51 >= 60? no; knockout 5100 >= 4440: yes. Warning on
//   turn 6 (the game ends at the next census if any condition holds then).
// Bids BEL 6, ARC 1, CYG 2 -> BEL CYG ARC.
//
// ---- Turn 7 (order BEL CYG ARC) ---------------------------------------------------------------
// BEL B37: BUILD 211 2 (10) 27, 211 i17; STASH 9 (27) 0, T83.
// CYG B10, empty sheet: 1 cruiser at 301 -> c11.
// ARC B44: MOVE 202 103 0, MOVE 103 102 0, MOVE 102 101 0 (1 each: own dwarfs, no stickiness;
//   each arrival sets the retreat to the star it came from: 103 -> 202, 102 -> 103,
//   101 -> 102) 41, 101 c1; BUILD 111 6 (30) 11, 111 i34; STASH 3 (9) 2, T55; ORDER 2.
// Research: BEL IT3, CYG TR2, ARC BL2.
// ARC income 52. supply: 101 c1 f2 k1 = 36 -> 12-3 = 9. B = 43. T = 57.
// BEL income: 201 6; 211 24+17+1 = 42; +1 = 49. supply 10. B = 39. T = 84.
// CYG income 47. supply: 301 c11 f2 k1 = 136 -> 45-5 = 40. B = 7. T = 56+TR2 = 58.
// Bids BEL 0, CYG 0, ARC 2 -> ARC BEL CYG.
//
// ---- Turn 8 (order ARC BEL CYG) ---------------------------------------------------------------
// ARC B43: GROW 111 (cost 20, BL2) 23, 111 p22; STASH 7 (21) 2, T64; ORDER 2.
// BEL B39: TAX 41; NEWFTR 211 2 (6) 35, 211 f5; STASH 11 (33) 2, T95; ORDER 2.
// CYG B7: TAX 9. Unused: no cruiser (9 < 10); 3 fighters at 311 (cap min(20,12)) f8.
// Research: ARC IT4, BEL BL6, CYG TR3.
// ARC income: 101 3+3+min(5,3,4)=3 -> 9; 111 22+22+2 = 46; +1 = 56. supply 9. B = 47. T = 66.
// BEL income 49 (211 f5 -> 5-24 < 0). supply 10. B = 39. T = 96.
// CYG income 47. supply: 301 40; 311 f8 -> 8-20 < 0. B = 7. T = 58+TR3 = 61.
// Bids ARC 2, BEL 2, CYG 0 -> ARC BEL CYG (ARC and BEL tie: ARC stays first).
//
// ---- Turn 9 (order ARC BEL CYG) ---------------------------------------------------------------
// ARC B47: BUILD 111 6 (30) 17, 111 i40; STASH 5 (15) 2, T71; ORDER 2.
// BEL B39: BUILD 211 1 (5) 34, 211 i18; STASH 11 (33) 1, T107; ORDER 1.
// CYG B7: CASH 5: 12, T56; BUILD 311 1 (5) 7, 311 i13. Unused: 2 fighters at 311 (6) f10;
//   ORDER 1.
// Research: ARC BL3, BEL BL7, CYG ET3.
// ARC income 56, supply 9. B = 47. T = 73.
// BEL income: 201 6; 211 24+18+1 = 43; +1 = 50. supply 10. B = 40. T = 108.
// CYG income: 301 9; 311 20+13+1 = 34; 302 4; +1 = 48. supply 40 (311 f10 -> 10-20 < 0).
//     B = 8. T = 59.
// Bids ARC 2, BEL 1, CYG 1 -> ARC BEL CYG.
//
// ---- Turn 10 (order ARC BEL CYG), a census: the game ends ----------------------------------
// ARC B47: BUILD 111 2 (10) 37, 111 i42. Unused 37: 3 cruisers at 101 (cap min(3,5) = 3, 30)
//   c4; 2 fighters at 111 (6) f6; ORDER 1.
// BEL B40: TAX 42. Unused: 2 cruisers at 201 (cap 2, 20) c5; 7 fighters at 211 (cap
//   min(24,18), 21) f12; ORDER 1.
// CYG B8: TAX 10. Unused: 1 cruiser at 301 -> c12.
// Research: ARC AT3, BEL BL8, CYG IT3.
// ARC income: 101 9; 111 22+22+min(22,AT3)=3 -> 47; +1 = 57. supply: 101 c4 f2 k1 = 66 ->
//     22-3 = 19; 111 f6 -> 6-22 < 0. B = 38. T = 75.
// BEL income 50. supply: 201 c5 f2 = 56 -> 18-2 = 16; 211 f12 -> 12-24 < 0. B = 34. T = 109.
// CYG income: 301 5+2+min(2,5,3)=2 -> 9; 311 34; 302 2+1+min(1,2,3)=1 -> 4; +1 = 48.
//     supply: 301 c12 f2 k1 = 146 -> 48-5 = 43. B = 5. T = 62.
// Census: ARC 5+42 = 47 -> 98; BEL 2+18 = 20 -> 50; CYG 2+13+1 = 16 -> 46. Total 194.
// Victory: a census strictly after the warning of turn 6: ARC strictly first; runaway 98 >=
//   2x50 = 100? no; knockout 9800 >= 40x194 = 7760: yes. The game ends on turn 10: ARC wins
//   (knockout). Bids ARC 1, BEL 1, CYG 0 -> ARC BEL CYG.
//
// Points target (rule 8.3, RULINGS.md): the population limits of the map, black dwarfs 0:
//   yellow 4x5 + planets 3x50 + red 2x2 + white 3 + red giant 1 + belt 9 + black 0 = 187.

#include <set>

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "game/game_dir.hpp"
#include "game/gm_summary.hpp"
#include "game/new_game.hpp"
#include "game/order_store.hpp"
#include "game/play_turn.hpp"
#include "game/scenario.hpp"
#include "game/turn_store.hpp"
#include "game/turnsheet_check.hpp"
#include "report/state_text.hpp"
#include "report/turn_summary.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

const fs::path kGolden = test::data_dir() / "golden_10_turns";

// The research draws, read from the program (rule 7.7: random, in proportion to the levels).
// Every number of the hand calculation above depends on them.
const std::map<int, std::map<std::string, std::string>> kResearch = {
    {1, {{"ARC", "PT 2"}, {"BEL", "BL 2"}, {"CYG", "BL 2"}}},
    {2, {{"ARC", "IT 2"}, {"BEL", "BL 3"}, {"CYG", "BL 3"}}},
    {3, {{"ARC", "TR 2"}, {"BEL", "IT 2"}, {"CYG", "PT 2"}}},
    {4, {{"ARC", "IT 3"}, {"BEL", "PT 2"}, {"CYG", "IT 2"}}},
    {5, {{"ARC", "AT 2"}, {"BEL", "BL 4"}, {"CYG", "BL 4"}}},
    {6, {{"ARC", "PT 3"}, {"BEL", "BL 5"}, {"CYG", "ET 2"}}},
    {7, {{"ARC", "BL 2"}, {"BEL", "IT 3"}, {"CYG", "TR 2"}}},
    {8, {{"ARC", "IT 4"}, {"BEL", "BL 6"}, {"CYG", "TR 3"}}},
    {9, {{"ARC", "BL 3"}, {"BEL", "BL 7"}, {"CYG", "ET 3"}}},
    {10, {{"ARC", "AT 3"}, {"BEL", "BL 8"}, {"CYG", "IT 3"}}},
};

// An empire at the end of a turn, by hand (see above).
struct Books {
    int income, supply, balance, treasury, vps;
};

struct TurnBooks {
    std::map<std::string, Books> empires;
    std::vector<std::string> next_order;
};

const std::map<int, TurnBooks> kBooks = {
    //       income supply balance treasury vps
    {1,
     {{{"ARC", {39, 21, 18, 51, 0}}, {"BEL", {37, 26, 11, 54, 0}}, {"CYG", {41, 31, 10, 51, 0}}},
      {"BEL", "ARC", "CYG"}}},
    {2,
     {{{"ARC", {41, 28, 13, 42, 0}}, {"BEL", {39, 25, 14, 55, 0}}, {"CYG", {43, 30, 13, 52, 0}}},
      {"ARC", "BEL", "CYG"}}},
    {3,
     {{{"ARC", {43, 29, 14, 44, 18}}, {"BEL", {43, 25, 18, 56, 16}}, {"CYG", {43, 33, 10, 53, 15}}},
      {"CYG", "ARC", "BEL"}}},
    {4,
     {{{"ARC", {46, 18, 28, 46, 18}}, {"BEL", {42, 16, 26, 63, 13}}, {"CYG", {44, 36, 8, 54, 15}}},
      {"BEL", "ARC", "CYG"}}},
    {5,
     {{{"ARC", {52, 8, 44, 49, 18}}, {"BEL", {43, 10, 33, 70, 13}}, {"CYG", {44, 40, 4, 55, 15}}},
      {"BEL", "ARC", "CYG"}}},
    {6,
     {{{"ARC", {52, 8, 44, 52, 51}}, {"BEL", {47, 10, 37, 74, 30}}, {"CYG", {47, 37, 10, 56, 30}}},
      {"BEL", "CYG", "ARC"}}},
    {7,
     {{{"ARC", {52, 9, 43, 57, 51}}, {"BEL", {49, 10, 39, 84, 30}}, {"CYG", {47, 40, 7, 58, 30}}},
      {"ARC", "BEL", "CYG"}}},
    {8,
     {{{"ARC", {56, 9, 47, 66, 51}}, {"BEL", {49, 10, 39, 96, 30}}, {"CYG", {47, 40, 7, 61, 30}}},
      {"ARC", "BEL", "CYG"}}},
    {9,
     {{{"ARC", {56, 9, 47, 73, 51}}, {"BEL", {50, 10, 40, 108, 30}}, {"CYG", {48, 40, 8, 59, 30}}},
      {"ARC", "BEL", "CYG"}}},
    {10,
     {{{"ARC", {57, 19, 38, 75, 98}}, {"BEL", {50, 16, 34, 109, 50}}, {"CYG", {48, 43, 5, 62, 46}}},
      {"ARC", "BEL", "CYG"}}},
};

// Where the game stands on victory (rule 8.3), from the game record.
struct Victory {
    std::int64_t warning_turn = 0, ended_turn = 0;
    std::string winner, condition;
    bool operator==(const Victory&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Victory& v) {
    return os << "{" << v.warning_turn << ", " << v.ended_turn << ", " << v.winner << ", "
              << v.condition << "}";
}

Victory victory(const GameState& st) {
    return {test::game(st, "warning_turn"), test::game(st, "ended_turn"), test::winner(st),
            test::condition(st)};
}

// Creates the game folder as `hyperlane new --scenario golden_10_turns/scenario.toml` does.
GameDir new_golden_game() {
    Diagnostics d;
    fs::path file = kGolden / "scenario.toml";
    Scenario sc = parse_scenario(test::slurp(file), file.generic_string(), test::starchase(), d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    REQUIRE(sc.seed == 4u);
    GameState st = create_game(sc, test::starchase(), *sc.seed);
    GameDir dir(test::temp_dir("golden") / "game");
    write_new_game(dir, sc, test::starchase(), st);
    return dir;
}

// Checks and stores every sheet of a turn as `hyperlane submit` does.
void submit_turn(const GameDir& dir, int turn) {
    fs::path orders = kGolden / "orders" / fmt::format("{:04d}", turn);
    for (const std::string emp : {"ARC", "BEL", "CYG"}) {
        fs::path file = orders / (emp + ".txt");
        std::string text = test::slurp(file);
        SheetCheck c = check_sheet(text, file.generic_string(), load_game(dir));
        INFO(c.findings.to_string());
        REQUIRE(c.ok());
        REQUIRE(c.header.empire.text == emp);
        REQUIRE_FALSE(c.late);
        store_sheet(dir, c.next_turn, emp, false, text);
    }
}

const PhaseNote* note(const TurnRecord& rec, const std::string& phase, const std::string& emp) {
    for (const PhaseNote& n : rec.notes)
        if (n.phase == phase && n.empire == emp) return &n;
    return nullptr;
}

const ActionResult* action(const TurnRecord& rec, const std::string& emp, int slot) {
    for (const ActionResult& a : rec.actions)
        if (a.empire == emp && a.slot == slot && a.round == "action") return &a;
    return nullptr;
}

// The checks made after every turn: research draws, every action done as meant (one failure
// on purpose: BEL's attack of turn 5), the books of each empire and the next order of play.
void check_turn(const PlayedTurn& t) {
    const int turn = t.state.turn;
    INFO("turn " << turn);
    for (const auto& [emp, drawn] : kResearch.at(turn)) {
        const PhaseNote* n = note(t.record, "research", emp);
        REQUIRE(n != nullptr);
        INFO("the research draw changed: the hand calculation assumes " << emp << " drew "
                                                                        << drawn);
        REQUIRE(fmt::format("{} {}", n->data.value("tech", std::string()),
                            n->data.value("level", 0)) == drawn);
    }
    for (const ActionResult& a : t.record.actions) {
        INFO(a.empire << " " << a.text << ": " << a.reason);
        if (turn == 5 && a.empire == "BEL" && a.slot == 1)
            CHECK_FALSE(a.ok);
        else
            CHECK(a.ok);
    }
    CHECK(t.record.late_orders.empty());
    CHECK(t.record.no_orders.empty());
    CHECK(t.record.computer_orders.empty());
    const TurnBooks& books = kBooks.at(turn);
    for (const auto& [emp, b] : books.empires) {
        INFO(emp);
        REQUIRE(t.state.find_empire(emp) != nullptr);
        const PhaseNote* n = note(t.record, "balance", emp);
        REQUIRE(n != nullptr);
        CHECK(n->data.value("income", -1) == b.income);
        CHECK(n->data.value("supply", -1) == b.supply);
        CHECK(test::emp(t.state, emp, "balance") == b.balance);
        CHECK(test::emp(t.state, emp, "treasury") == b.treasury);
        CHECK(test::emp(t.state, emp, "vps") == b.vps);
        CHECK_FALSE(test::emp(t.state, emp, "eliminated"));
        CHECK(test::emp(t.state, emp, "missed_turns") == 0);
    }
    CHECK(t.state.order_of_play == books.next_order);
}

}  // namespace

TEST_CASE("golden game: ten turns played by hand, checked turn by turn and field by field",
          "[golden]") {
    GameDir dir = new_golden_game();
    LoadedGame start = load_game(dir);
    CHECK(test::game(start.state, "points_target") == 187);
    CHECK(test::game(start.state, "next_census") == 3);

    std::map<int, PlayedTurn> played;
    for (int turn = 1; turn <= 10; ++turn) {
        submit_turn(dir, turn);
        PlayOptions opts;
        opts.turn = turn;
        played[turn] = play_next_turn(dir, opts);
        REQUIRE(played[turn].state.turn == turn);
        check_turn(played[turn]);
        // What run wrote is what the turn produced.
        CHECK(load_game(dir).state.turn == turn);
        CHECK(turn_record_to_json(load_turn_record(dir, turn)) ==
              turn_record_to_json(played[turn].record));
    }

    {  // turn 1: names, messages and overpopulation
        const TurnRecord& r = played[1].record;
        REQUIRE(r.messages.size() == 1);
        CHECK(r.messages[0].from == "ARC");
        CHECK(r.messages[0].to == "ALL");
        CHECK(r.messages[0].text == "Greetings from the League");
        const PhaseNote* over = note(r, "overpopulation", "CYG");
        REQUIRE(over != nullptr);
        CHECK(over->data.value("system", 0) == 302);
        CHECK(test::hold(played[1].state, 302, "population") == 3);
        CHECK(test::hold(played[2].state, 302, "population") == 2);
        CHECK(note(played[3].record, "overpopulation", "CYG") == nullptr);
        const PhaseNote* unused = note(played[1].record, "unused_bps", "CYG");
        REQUIRE(unused != nullptr);
        CHECK(unused->data.value("start", 0) == 26);
        CHECK(unused->data.value("cruisers", 0) == 2);
        CHECK(unused->data.value("fighters", 0) == 2);
    }

    {  // turn 3: the first census, no victory condition
        const TurnRecord& r = played[3].record;
        CHECK(note(r, "census", "ARC")->data.value("industry", 0) == 18);
        CHECK(note(r, "census", "BEL")->data.value("industry", 0) == 16);
        CHECK(note(r, "census", "CYG")->data.value("industry", 0) == 15);
        CHECK(test::census_turns(played[3].state) == IntList{3});
        CHECK(test::game(played[3].state, "next_census") == 6);  // drawn: 3 + 3
        CHECK(victory(played[3].state) == Victory{});
    }

    {  // turn 4: ARC takes 202 from BEL in battle
        const ActionResult* a = action(played[4].record, "ARC", 3);
        REQUIRE(a != nullptr);
        const auto& b = a->details.at("battle");
        CHECK(b.at("won") == true);
        CHECK(b.at("defender") == "BEL");
        CHECK(b.at("rounds").size() == 1);
        CHECK(b.at("rounds")[0].at("attack") == 7);
        CHECK(b.at("rounds")[0].at("defence") == 7);
        CHECK(b.at("attackers_lost") == 3);
        CHECK(b.at("cruisers_lost") == 1);
        CHECK(b.at("defence_level") == 1);
        CHECK(b.at("attackers_lost_in_space") == 1);
        CHECK(b.at("cruisers_lost_in_space") == 0);
        CHECK(a->details.at("capture").at("defender_vp_loss") == 3);
        const GameState& st4 = played[4].state;
        CHECK(test::owner(st4, 202) == "ARC");
        CHECK(test::hold(st4, 202, "cruisers") == 4);
        CHECK(test::hold(st4, 202, "population") == 0);
        CHECK(test::hold(st4, 202, "colony_ships") == 0);
        CHECK(test::mode(st4, 202) == "retreat");
        CHECK_FALSE(test::hold_place(st4, 202, "retreat"));
        CHECK(victory(st4) == Victory{});
        std::string summary =
            render_turn_summary(test::starchase(), played[4].state, played[4].record);
        CHECK_THAT(summary, Catch::Contains("Battles: ARC MOVE on 202 (BEL): won, strength 7 "
                                            "against 7"));
        CHECK_THAT(summary, Catch::Contains("Systems taken: ARC took 202 from BEL"));
        CHECK_THAT(summary, Catch::Contains("VPs: ARC 18 BEL 13 CYG 15"));
    }

    {  // turn 5: BEL's counter-attack fails
        const ActionResult* a = action(played[5].record, "BEL", 1);
        REQUIRE(a != nullptr);
        CHECK(a->reason == "the attack on 202 failed");
        const auto& b = a->details.at("battle");
        CHECK(b.at("won") == false);
        CHECK(b.at("rounds")[0].at("attack") == 5);
        CHECK(b.at("rounds")[0].at("defence") == 4);
        CHECK(b.at("attackers_lost") == 2);
        CHECK(b.at("cruisers_lost") == 3);
        CHECK(test::hold(played[5].state, 202, "cruisers") == 1);
        CHECK(test::hold(played[5].state, 201, "cruisers") == 3);
        CHECK(test::emp(played[5].state, "ARC", "lost_in_space") == 2);
        CHECK(test::emp(played[5].state, "BEL", "lost_in_space") == 1);
    }

    {  // turn 6: the second census and the knockout warning
        const GameState& st = played[6].state;
        CHECK(test::census_turns(st) == IntList{3, 6});
        CHECK(test::game(st, "next_census") == 10);  // drawn: 6 + 4
        CHECK(test::game(st, "warning_turn") == 6);
        CHECK(test::game(st, "ended_turn") == 0);
        const PhaseNote* v = note(played[6].record, "victory", "");
        REQUIRE(v != nullptr);
        CHECK(v->data.value("leader", std::string()) == "ARC");
        CHECK(v->data.value("condition", std::string()) == "knockout");
        CHECK(test::hold(st, 301, "population") == 5);
        CHECK(test::hold(st, 211, "population") == 24);
        const PhaseNote* bids = note(played[6].record, "order_of_play", "");
        REQUIRE(bids != nullptr);
        CHECK(bids->data.at("bids")[0].at("empire") == "BEL");
        CHECK(bids->data.at("bids")[0].at("spent") == 6);
        CHECK_THAT(render_turn_summary(test::starchase(), st, played[6].record),
                   Catch::Contains("Victory: Warning: ARC meets the knockout victory condition"));
    }

    {  // turns 7-9: the warning stands between censuses
        for (int turn : {7, 8, 9}) {
            CHECK(test::game(played[turn].state, "warning_turn") == 6);
            CHECK(test::game(played[turn].state, "ended_turn") == 0);
            CHECK(note(played[turn].record, "census", "") == nullptr);
        }
    }

    {  // turn 10: the game ends; the final state, field by field
        const GameState& st = played[10].state;
        CHECK(st.turn == 10);
        CHECK(test::census_turns(st) == IntList{3, 6, 10});
        CHECK(test::game(st, "next_census") == 12);  // drawn: 10 + 2
        CHECK(test::game(st, "points_target") == 187);
        CHECK(victory(st) == Victory{6, 10, "ARC", "knockout"});
        CHECK(st.order_of_play == std::vector<std::string>{"ARC", "BEL", "CYG"});
        CHECK(test::probes(st).empty());

        struct Emp {
            std::string code;
            int treasury, balance, vps, lost_in_space;
            std::map<std::string, int> techs;  // the levels that are not 0
        };
        const std::vector<Emp> emps = {
            // Start levels AT1 BL1 BP1 ET1 IT1 PT1 TR1, plus the ten draws of kResearch.
            {"ARC",
             75,
             38,
             98,
             2,
             {{"AT", 3}, {"BL", 3}, {"BP", 1}, {"ET", 1}, {"IT", 4}, {"PT", 3}, {"TR", 2}}},
            {"BEL",
             109,
             34,
             50,
             1,
             {{"AT", 1}, {"BL", 8}, {"BP", 1}, {"ET", 1}, {"IT", 3}, {"PT", 2}, {"TR", 1}}},
            {"CYG",
             62,
             5,
             46,
             0,
             {{"AT", 1}, {"BL", 4}, {"BP", 1}, {"ET", 3}, {"IT", 3}, {"PT", 2}, {"TR", 3}}},
        };
        REQUIRE(st.empires.size() == 3);
        for (const Emp& want : emps) {
            INFO(want.code);
            const Empire* e = st.find_empire(want.code);
            REQUIRE(e != nullptr);
            CHECK(test::emp(st, want.code, "treasury") == want.treasury);
            CHECK(test::emp(st, want.code, "balance") == want.balance);
            CHECK(test::emp(st, want.code, "vps") == want.vps);
            CHECK(test::emp(st, want.code, "lost_in_space") == want.lost_in_space);
            CHECK(test::emp(st, want.code, "reserve") == 0);
            CHECK(test::emp(st, want.code, "bombs_used") == 0);
            CHECK(test::emp(st, want.code, "missed_turns") == 0);
            CHECK_FALSE(test::emp(st, want.code, "eliminated"));
            CHECK_FALSE(e->computer);
            for (const TechDef& t : test::starchase().techs()) {
                auto it = want.techs.find(t.code);
                INFO(t.code);
                CHECK(test::tech(st, want.code, t.code) ==
                      (it == want.techs.end() ? 0 : it->second));
            }
        }
        CHECK(test::emp_place(st, "ARC", "base") == 101);
        CHECK(test::emp_place(st, "ARC", "home") == 111);
        CHECK(test::emp_place(st, "BEL", "base") == 201);
        CHECK(test::emp_place(st, "CYG", "home") == 311);

        struct Hold {
            PlaceCode sys;
            std::string owner;
            int pop, ind, crs, ftr, col;
            std::optional<PlaceCode> retreat;
        };
        const std::vector<Hold> holds = {
            // 101: p2 +1 (GROW t1) = 3; i2 +3 (t1) = 5; c5 -2 (t1) +2 (t2) -4 (t3) -1 (t4) +1
            // (t7) +3 (unused t10) = 4; f2; k1; retreat 102 (arrival from 102 on t7).
            {101, "ARC", 3, 5, 4, 2, 1, 102},
            // 102 and 103: ARC's, empty; last arrivals from 103 and from 202 on turn 7.
            {102, "ARC", 0, 0, 0, 0, 0, 103},
            {103, "ARC", 0, 0, 0, 0, 0, 202},
            // 111: p20 +2 (GROW t8, BL2) = 22; i10 +1 +2 +2 +5 +8 +6 +6 +2 = 42; f2 +2 (t1) +2
            // (t10) = 6.
            {111, "ARC", 22, 42, 0, 6, 0, {}},
            // 202: taken by ARC on t4 (c4), 3 lost on t5, the last one moved home on t7.
            {202, "ARC", 0, 0, 0, 0, 0, {}},
            // 201: c5 -3 (t1) +1 (t1) +2 (t2) -2 (t5 losses) +2 (unused t10) = 5; k1 moved to
            // 202 on t2 and lost in the capture; retreat 202 (arrival from 202 on t2).
            {201, "BEL", 2, 2, 5, 2, 0, 202},
            // 211: p20 +4 (GROW t6, BL4) = 24; i10 +1 +3 +1 +2 +1 = 18; f2 +1 (t1) +2 (t8) +7
            // (t10) = 12.
            {211, "BEL", 24, 18, 0, 12, 0, {}},
            // 301: p2 +4 capped at 5 (t6); c5 +2 +1 +1 +1 +1 +1 (unused t1, t3, t4, t5, t7, t10)
            // = 12.
            {301, "CYG", 5, 2, 12, 2, 1, {}},
            // 302: p4 -1 (t1) -1 (t2) = 2, the limit.
            {302, "CYG", 2, 1, 0, 0, 0, {}},
            // 311: i10 +2 (t2) +1 (t9) = 13; f2 +2 (t1) +1 (t3) +3 (t8) +2 (t9) = 10.
            {311, "CYG", 20, 13, 0, 10, 0, {}},
        };
        std::set<PlaceCode> owned;
        for (const Hold& want : holds) {
            INFO("system " << want.sys);
            CHECK(test::owner(st, want.sys) == want.owner);
            CHECK(test::hold(st, want.sys, "population") == want.pop);
            CHECK(test::hold(st, want.sys, "industry") == want.ind);
            CHECK(test::hold(st, want.sys, "cruisers") == want.crs);
            CHECK(test::hold(st, want.sys, "fighters") == want.ftr);
            CHECK(test::hold(st, want.sys, "colony_ships") == want.col);
            CHECK(test::hold_place(st, want.sys, "retreat") == want.retreat);
            CHECK(test::mode(st, want.sys) == "retreat");
            CHECK_FALSE(test::hold_place(st, want.sys, "ambush"));
            CHECK(test::hold(st, want.sys, "ever_owned"));
            owned.insert(want.sys);
        }
        CHECK(test::hold_name(st, 101) == "Arcturus");
        for (const auto& [sys, row] : st.records.rows(st.kind("holding"))) {
            INFO("system " << sys);
            auto p = static_cast<PlaceCode>(sys);
            if (!owned.count(p)) {
                CHECK(test::owner(st, p).empty());
                CHECK(test::hold(st, p, "cruisers") + test::hold(st, p, "fighters") +
                          test::hold(st, p, "colony_ships") + test::hold(st, p, "population") +
                          test::hold(st, p, "industry") ==
                      0);
            }
        }

        // What the GM sees.
        std::string text =
            render_state_text(st, test::starchase(), gm_summary(test::starchase(), st));
        CHECK_THAT(text, Catch::Contains("Census turns held: 3, 6, 10."));
        CHECK_THAT(text,
                   Catch::Contains("Victory: the game ended on turn 10: ARC won (knockout win)."));
        std::string summary = render_turn_summary(test::starchase(), st, played[10].record);
        CHECK_THAT(summary, Catch::Contains("Census: Turn 10 was a census turn"));
        CHECK_THAT(summary, Catch::Contains("Victory: The game is over: ARC wins (knockout win)"));
        CHECK_THAT(summary, Catch::Contains("VPs: ARC 98 BEL 50 CYG 46"));

        // And the game is over: no turn 11.
        try {
            play_next_turn(dir);
            FAIL("turn 11 was run after the game ended");
        } catch (const InputError& e) {
            CHECK_THAT(e.diagnostics().to_string(),
                       Catch::Contains("the game ended on turn 10 (ARC won); nothing to run"));
        }
        CHECK(dir.latest_turn() == 10);
    }
}
