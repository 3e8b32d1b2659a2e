// The computer players (rules/starchase/ai.lua): every sheet they write passes the turnsheet
// checker, the missed-orders player never attacks or claims, and no player names a system its
// empire's report does not show (RULINGS.md "Missed and late orders").

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include <fmt/format.h>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "game/sheet_audit.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

using namespace hl;

namespace {

Scenario scenario(const std::string& name) {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / (name + ".toml");
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), test::starchase(), d);
    REQUIRE_FALSE(d.has_errors());
    return sc;
}

// Modes given to the empires of a game in code order, rotated by `shift`.
std::map<std::string, std::string> rotate(const GameState& st,
                                          const std::vector<std::string>& modes,
                                          std::size_t shift) {
    std::map<std::string, std::string> out;
    for (std::size_t i = 0; i < st.empires.size(); ++i)
        out[st.empires[i].code] = modes[(i + shift) % modes.size()];
    return out;
}

struct AuditTally {
    int sheets = 0;
    int warnings = 0;
    Diagnostics errors;
};

// Plays a game with every sheet checked as `hyperlane check` would.
void audit_game(const std::string& name, std::uint64_t seed, int turns,
                const std::vector<std::string>& modes, AuditTally& tally) {
    Scenario sc = scenario(name);
    GameState st = create_game(sc, test::starchase(), seed);
    SheetAudit audit(test::starchase());
    AutoplayOptions opts;
    opts.turns = turns;
    opts.modes = rotate(st, modes, seed);
    opts.on_sheet = [&](const GameState& at, const std::string& empire, const std::string& text) {
        Diagnostics found;
        std::string file = fmt::format("{}-seed{}-turn{}-{}.txt", name, seed, at.turn + 1, empire);
        audit.check(at, file, text, found);
        ++tally.sheets;
        for (const Diagnostic& d : found.all()) {
            if (d.severity == Severity::error)
                tally.errors.add(d);
            else
                ++tally.warnings;
        }
        if (found.has_errors()) UNSCOPED_INFO(file << ":\n" << text);
    };
    autoplay(st, test::starchase(), opts);
}

}  // namespace

TEST_CASE("every sheet the computer players write passes the turnsheet checker", "[ai][slow]") {
    AuditTally tally;
    const std::vector<std::string> modes = {"computer", "dropout", "missed", "none"};
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
        audit_game("small", seed, 40, modes, tally);
    audit_game("standard", 7, 25, {"computer", "dropout", "missed"}, tally);
    INFO(tally.errors.to_string());
    CHECK(tally.sheets > 400);
    CHECK(tally.errors.error_count() == 0);
}

TEST_CASE("the missed-orders player never attacks and never claims a system", "[ai]") {
    Scenario sc = scenario("small");
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        GameState st = create_game(sc, test::starchase(), seed);
        AutoplayOptions opts;
        opts.turns = 30;
        opts.modes = rotate(st, {"missed", "dropout"}, seed);
        std::map<std::string, std::set<PlaceCode>> start;
        for (const Empire& e : st.empires) {
            auto owned = test::owned_by(st, e.code);
            start[e.code] = {owned.begin(), owned.end()};
        }
        int grows = 0, builds = 0;
        opts.on_turn = [&](const GameState& now, const TurnRecord& rec) {
            for (const ActionResult& a : rec.actions) {
                if (opts.modes[a.empire] != "missed") continue;
                INFO("turn " << rec.turn << " " << a.empire << ": " << a.text);
                CHECK(a.action != "SEND");
                CHECK(a.action != "TECH");
                CHECK(a.action != "CASH");
                CHECK_FALSE(a.details.contains("battle"));
                grows += a.action == "GROW";
                builds += a.action == "BUILD";
            }
            for (const auto& [code, mode] : opts.modes) {
                if (mode != "missed") continue;
                for (PlaceCode s : test::owned_by(now, code)) {
                    INFO("turn " << now.turn << ": " << code << " owns " << s);
                    CHECK(start[code].count(s) == 1);
                }
            }
        };
        autoplay(st, test::starchase(), opts);
        CHECK(grows > 0);
        CHECK(builds > 0);
    }
}

TEST_CASE("in all-computer games no missed-orders empire is ever the attacker in a battle",
          "[ai][slow]") {
    // Rule 1.5: a missed-orders player "won't attack anyone"; dropouts and non-player empires
    // may. Every game mixes missed-orders empires with aggressive ones, which take their systems,
    // so the missed players' own moves meet systems taken earlier in the same round.
    int games = 0, battles = 0, refused = 0, missed_actions = 0;
    auto play = [&](const std::string& name, std::uint64_t seed, int turns) {
        Scenario sc = scenario(name);
        GameState st = create_game(sc, test::starchase(), seed);
        AutoplayOptions opts;
        opts.turns = turns;
        opts.modes = rotate(st, {"missed", "computer", "missed", "dropout"}, seed);
        opts.on_turn = [&](const GameState&, const TurnRecord& rec) {
            for (const ActionResult& a : rec.actions) {
                if (!a.details.contains("battle")) continue;
                ++battles;
                INFO(name << " seed " << seed << " turn " << rec.turn << " " << a.empire << ": "
                          << a.text);
                CHECK(opts.modes[a.empire] != "missed");
            }
            for (const ActionResult& a : rec.actions)
                if (opts.modes[a.empire] == "missed") {
                    ++missed_actions;
                    refused += a.reason.find("never attack") != std::string::npos;
                }
        };
        autoplay(st, test::starchase(), opts);
        ++games;
    };
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
        play("small", seed, 40);
    play("standard", 7, 25);
    play("standard", 8, 25);
    CHECK(games == 8);
    CHECK(missed_actions > 0);
    CHECK(battles > 0);  // the games do fight: the dropouts and non-player empires attack
    UNSCOPED_INFO("battles " << battles << ", moves refused as attacks " << refused);
}

TEST_CASE("computer players name only systems their empire's report shows", "[ai][slow]") {
    // RULINGS.md "Missed and late orders": computer players decide only from their empire's
    // own view. Every system a computer sheet names (in any box or on the PROBE line) must be
    // on the empire's map: seen (its report's map; owned systems are seen) when it was written.
    const Pack& pack = test::starchase();
    // Reading a sheet needs only the pack.
    GameState scratch = GameState::with_schema(pack.schema());
    Runtime rt(pack, scratch);
    int sheets = 0, named = 0;
    auto play = [&](const std::string& name, std::uint64_t seed, int turns) {
        Scenario sc = scenario(name);
        GameState st = create_game(sc, pack, seed);
        AutoplayOptions opts;
        opts.turns = turns;
        opts.modes = rotate(st, {"computer", "dropout", "missed"}, seed);
        opts.on_sheet = [&](const GameState& at, const std::string& empire,
                            const std::string& text) {
            ++sheets;
            ReadSheet sheet = read_sheet(rt, text, "computer.txt");
            REQUIRE(sheet.ok());
            std::set<PlaceCode> view;
            for (PlaceCode c : test::sight(at, empire, "seen"))
                view.insert(c);
            for (PlaceCode c : test::owned_by(at, empire))
                view.insert(c);
            // The systems of the PROBE line and of the orders' boxes (numbers in the standard
            // grammar's values; empires and techs are strings, amounts tables).
            std::istringstream listed(test::eval_on_sheet(rt, sheet, R"LUA(
local out = {}
for _, c in ipairs(sheet.probes) do out[#out + 1] = c end
for _, o in ipairs(sheet.orders) do
  for _, k in ipairs({ "from", "to" }) do
    if type(o[k]) == "number" then out[#out + 1] = o[k] end
  end
end
return table.concat(out, " "))LUA"));
            std::vector<PlaceCode> codes;
            for (long long c = 0; listed >> c;)
                codes.push_back(static_cast<PlaceCode>(c));
            for (PlaceCode c : codes) {
                ++named;
                INFO(name << " seed " << seed << " turn " << at.turn + 1 << " " << empire
                          << " names " << at.galaxy.code_str(c) << ":\n"
                          << text);
                CHECK(view.count(c) == 1);
            }
        };
        autoplay(st, pack, opts);
    };
    for (std::uint64_t seed = 1; seed <= 4; ++seed)
        play("small", seed, 30);
    play("standard", 7, 20);
    CHECK(sheets > 200);
    CHECK(named > 500);
}

namespace {

// "" if two read sheets' values are equal table for table, else the first difference.
std::string sheet_difference(Runtime& rt, const ReadSheet& a, const ReadSheet& b) {
    lua_State* L = rt.host().L();
    auto set_global = [&](const ReadSheet* sheet) {
        StackGuard guard(L);
        lua_pushstring(L, "__as_read");
        if (sheet)
            push_read_sheet(L, *sheet);
        else
            lua_pushnil(L);
        lua_rawset(L, LUA_GLOBALSINDEX);  // past the strict globals, as eval_on_sheet does
    };
    set_global(&a);
    std::string out = test::eval_on_sheet(rt, b, R"LUA(
local function diff(x, y, path)
  if type(x) ~= type(y) then return path .. ": " .. type(x) .. " against " .. type(y) end
  if type(x) ~= "table" then
    if x ~= y then return path .. ": " .. tostring(x) .. " against " .. tostring(y) end
    return nil
  end
  for k, v in pairs(x) do
    local d = diff(v, y[k], path .. "." .. tostring(k))
    if d then return d end
  end
  for k, v in pairs(y) do
    if x[k] == nil then return path .. "." .. tostring(k) .. ": missing against " .. tostring(v) end
  end
  return nil
end
return diff(__as_read, sheet, "sheet") or "")LUA");
    set_global(nullptr);
    return out;
}

// Plays `turns` turns of a game in which each computer sheet is both read from its text and
// handed over already read (ai.sheet_read); checks that the two are the same and counts the
// sheets handed over as tables (their header has no line).
void compare_read_sheets(const Pack& pack, const std::string& scenario_name, std::uint64_t seed,
                         int turns, const std::vector<std::string>& modes, int& sheets,
                         int& tables) {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / (scenario_name + ".toml");
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), pack, d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, pack, seed);
    std::map<std::string, std::string> mode_of = rotate(st, modes, seed);
    Runtime rt(pack, st);
    for (int t = 0; t < turns && st.game_int("ended_turn") == 0; ++t) {
        const int turn = st.turn + 1;
        TurnInput in;
        for (const std::string& empire : st.order_of_play) {
            if (st.empire_int(empire, "eliminated")) continue;
            const std::string& mode = mode_of[empire];
            if (mode == "none") continue;
            std::string text = computer_sheet(rt, empire, mode, turn);
            ReadSheet from_text = read_sheet(rt, text, "computer.txt");
            REQUIRE(from_text.ok());
            std::optional<ReadSheet> given =
                computer_sheet_read(rt, empire, mode, turn, "computer.txt");
            REQUIRE(given.has_value());
            REQUIRE(given->ok());
            ++sheets;
            if (given->header.empire.line == 0) ++tables;
            CHECK(given->header.empire.text == from_text.header.empire.text);
            CHECK(given->header.secret.text == from_text.header.secret.text);
            CHECK(given->header.turn.value == from_text.header.turn.value);
            INFO(scenario_name << " seed " << seed << " turn " << turn << " " << empire << " ("
                               << mode << "):\n"
                               << text);
            CHECK(sheet_difference(rt, *given, from_text) == "");
            in.sheets[empire] = std::move(from_text);
            in.computer[empire] = mode;
        }
        run_turn(rt, in);
    }
}

}  // namespace

TEST_CASE("computer orders handed over already read are what reading their sheets gives",
          "[ai][slow]") {
    // ai.sheet_read builds the table sheet/read.lua reads from ai.sheet's text (line numbers,
    // columns, the text of each line, every box) without writing and reading the text; the
    // engine takes it in `hyperlane sim` and the benchmarks.
    int sheets = 0, tables = 0;
    compare_read_sheets(test::starchase(), "standard", 7, 25, {"computer"}, sheets, tables);
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
        compare_read_sheets(test::starchase(), "small", seed, 30, {"computer", "dropout", "missed"},
                            sheets, tables);
    Pack destroyers = test::load_pack(test::source_dir() / "rules" / "variants" / "destroyers");
    compare_read_sheets(destroyers, "small", 4, 30, {"computer", "missed"}, sheets, tables);
    CHECK(sheets > 500);
    CHECK(tables == sheets);
}

TEST_CASE("a variant tunes and replaces the computer players without C++", "[ai]") {
    // tests/data/packs/ai_variant: order_bid = 7; the missed player runs only defend, colonise
    // and develop (no TAX to fill its slots); the dropout player bids first; and ai/bid.lua is
    // replaced by one that bids order_bid every turn. The standard players bid 3 late in the
    // sheet and only next to other empires, and the missed one fills free slots with TAX.
    Pack variant = test::load_pack(test::data_dir() / "packs" / "ai_variant");
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / "small.toml";
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), variant, d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, variant, 3);
    AutoplayOptions opts;
    opts.turns = 8;
    opts.modes = rotate(st, {"missed", "dropout"}, 0);
    int dropout_sheets = 0, bids = 0, missed_sheets = 0;
    opts.on_sheet = [&](const GameState&, const std::string& empire, const std::string& text) {
        INFO(text);
        if (opts.modes[empire] == "dropout") {
            ++dropout_sheets;
            if (text.find("ORDER    -   -   7   # the eager bidders' variant always bids") !=
                std::string::npos)
                ++bids;
        } else {
            ++missed_sheets;
            CHECK(text.find("TAX") == std::string::npos);
        }
    };
    autoplay(st, variant, opts);
    CHECK(missed_sheets >= 8);
    CHECK(dropout_sheets >= 8);
    CHECK(bids == dropout_sheets);
}
