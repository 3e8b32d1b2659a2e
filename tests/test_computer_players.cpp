// The computer players (rules/starchase/ai.lua): every sheet they write passes the turnsheet
// checker, and the missed-orders player never attacks or claims.

#include <catch2/catch.hpp>

#include <set>

#include <fmt/format.h>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "game/sheet_audit.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

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
