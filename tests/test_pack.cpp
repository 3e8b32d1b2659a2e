// Rules packs: the standard pack's tables, variants that override only what they name, and
// every kind of pack error reported with file and line.

#include <catch2/catch.hpp>

#include <algorithm>

#include "game/pack_check.hpp"
#include "pack/pack.hpp"
#include "support/test_support.hpp"

using namespace hl;
using hl::test::data_dir;
using hl::test::source_dir;

namespace {

Diagnostics load_errors(const std::string& fixture, bool check_scripts = false) {
    Diagnostics d;
    Pack p = Pack::load(data_dir() / "packs" / fixture, d);
    if (!d.has_errors() && check_scripts) check_pack(p, PackCheckOptions{{4}, 1}, d);
    return d;
}

bool has(const Diagnostics& d, const std::string& needle) {
    return d.to_string().find(needle) != std::string::npos;
}

// The value a kind of kinds.toml gives one of the schema's [kind_fields].
const Value& kind_field(const Pack& p, const std::string& kind, const std::string& field) {
    const auto& fields = p.schema()->kind_fields;
    auto it = std::find_if(fields.begin(), fields.end(),
                           [&](const FieldSpec& f) { return f.name == field; });
    INFO(kind << "." << field);
    REQUIRE(it != fields.end());
    REQUIRE(p.kind(kind) != nullptr);
    return p.kind(kind)->fields.at(static_cast<std::size_t>(it - fields.begin()));
}

// An int or flag kind field.
std::int64_t kind_int(const Pack& p, const std::string& kind, const std::string& field) {
    return std::get<std::int64_t>(kind_field(p, kind, field));
}

// A text kind field.
std::string kind_text(const Pack& p, const std::string& kind, const std::string& field) {
    return std::get<std::string>(kind_field(p, kind, field));
}

}  // namespace

TEST_CASE("the standard pack has all 19 techs with their start levels", "[pack]") {
    const Pack& p = test::starchase();
    REQUIRE(p.techs().size() == 19);
    const char* codes[] = {"AT", "BL", "BP", "BT", "CL", "DT", "ET", "FT", "HT", "IT",
                           "JT", "LS", "MC", "PT", "RS", "RT", "ST", "TR", "WT"};
    for (const char* c : codes) {
        INFO(c);
        REQUIRE(p.tech(c) != nullptr);
        CHECK_FALSE(p.tech(c)->name.empty());
        CHECK_FALSE(p.tech(c)->meaning.empty());
    }
    // Rule 7.1: AT, BL, ET, BP, IT, PT and TR start at one, the rest at zero.
    for (const char* c : {"AT", "BL", "BP", "ET", "IT", "PT", "TR"})
        CHECK(p.tech(c)->start == 1);
    for (const char* c : {"BT", "CL", "DT", "FT", "HT", "JT", "LS", "MC", "RS", "RT", "ST", "WT"})
        CHECK(p.tech(c)->start == 0);
    // Probe tech may never exceed 9; no other tech has a cap.
    REQUIRE(p.tech("PT")->cap == 9);
    for (const TechDef& t : p.techs())
        if (t.code != "PT") CHECK_FALSE(t.cap.has_value());
}

TEST_CASE("the standard pack's kinds carry the rulebook's limits and luminosities", "[pack]") {
    const Pack& p = test::starchase();
    struct Row {
        const char* code;
        int limit, luminosity;
        bool dwarf, inner;
    };
    // Rules 2.7 and 2.16.
    const Row rows[] = {{"yellow", 5, 8, true, false},      {"white", 3, 8, true, false},
                        {"red", 2, 4, true, false},         {"black", 0, 0, true, false},
                        {"red_giant", 1, 12, false, false}, {"super_giant", 6, 16, false, false},
                        {"planet", 50, 0, false, true},     {"belt", 9, 0, false, true}};
    REQUIRE(p.kinds().size() == 8);
    for (const Row& r : rows) {
        INFO(r.code);
        const KindDef* k = p.kind(r.code);
        REQUIRE(k);
        CHECK(kind_int(p, r.code, "pop_limit") == r.limit);
        CHECK(kind_int(p, r.code, "luminosity") == r.luminosity);
        CHECK(kind_int(p, r.code, "dwarf") == r.dwarf);
        CHECK(k->inner == r.inner);
        CHECK(kind_text(p, r.code, "pop_limit_tech") ==
              (r.code == std::string("black") ? "LS" : ""));
        CHECK(kind_int(p, r.code, "yields_income") == (r.code != std::string("black")));
    }
}

TEST_CASE("the standard pack's constants hold the start position of rule 1.2", "[pack]") {
    const Pack& p = test::starchase();
    CHECK(p.const_int("game.actions_per_turn") == 16);
    CHECK(p.const_int("map.max_links") == 7);
    CHECK(p.const_int("start.treasury") == 50);
    CHECK(p.const_int("start.first_turn_extra") == 10);
    CHECK(p.const_int("start.home_planet.population") == 20);
    CHECK(p.const_int("start.home_planet.industry") == 10);
    CHECK(p.const_int("start.home_planet.fighters") == 2);
    CHECK(p.const_int("start.home_star.population") == 2);
    CHECK(p.const_int("start.home_star.industry") == 2);
    CHECK(p.const_int("start.home_star.colony_ships") == 1);
    CHECK(p.const_int("start.home_star.fighters") == 2);
    CHECK(p.const_int("start.home_star.cruisers") == 5);
    CHECK(p.const_int("ships.cruiser") == 10);
    CHECK(p.const_int("ships.fighter") == 3);
    CHECK(p.const_int("ships.colony_ship") == 20);
    CHECK(p.const_int("no.such.constant", -1) == -1);
    CHECK_THROWS(p.const_int("no.such.constant"));
}

TEST_CASE("a variant overrides only what it names", "[pack][variant]") {
    Pack v = test::load_pack(data_dir() / "packs" / "tech_override");
    const Pack& base = test::starchase();
    REQUIRE(v.layers().size() == 2);
    CHECK(v.layers()[0].id == "starchase");
    CHECK(v.const_int("start.treasury") == 75);
    CHECK(v.const_int("house.bonus") == 4);
    // Untouched constants keep the base values.
    CHECK(v.const_int("start.first_turn_extra") == base.const_int("start.first_turn_extra"));
    CHECK(v.const_int("start.home_planet.population") == 20);
    // A tech row override changes only the named field; a new tech is appended.
    REQUIRE(v.techs().size() == 20);
    CHECK(v.tech("WT")->start == 2);
    CHECK(v.tech("WT")->name == base.tech("WT")->name);
    CHECK(v.tech("SH")->name == "Shield Tech");
    CHECK(v.techs().back().code == "SH");
    // Lua files not overridden come from the base pack.
    REQUIRE(v.script("galaxy"));
    CHECK(v.script("galaxy")->chunk.find("starchase/galaxy.lua") != std::string::npos);
}

TEST_CASE("import(\"base:NAME\") is the module of the packs below the calling file's",
          "[pack][variant]") {
    // base_outpost extends base_frontier extends starchase; both variants replace report.lua.
    Pack v = test::load_pack(data_dir() / "packs" / "base_outpost");
    REQUIRE(v.layers().size() == 3);
    const std::string outpost = v.script_chunk("report");
    CHECK(outpost.find("base_outpost/report.lua") != std::string::npos);
    std::string error;
    // The Outpost's report.lua means the Frontier's, and the Frontier's the standard one.
    const std::string frontier_name = v.base_module("report", outpost, error);
    CHECK(frontier_name == "base:report@1");
    REQUIRE(v.script(frontier_name));
    const std::string frontier = v.script(frontier_name)->chunk;
    CHECK(frontier.find("base_frontier/report.lua") != std::string::npos);
    const std::string standard_name = v.base_module("report", frontier, error);
    CHECK(standard_name == "base:report@0");
    REQUIRE(v.script(standard_name));
    const std::string standard = v.script(standard_name)->chunk;
    CHECK(standard.find("starchase/report.lua") != std::string::npos);
    CHECK(v.script(standard_name)->text == test::starchase().script("report")->text);
    // A module no variant replaced is the one every file imports.
    CHECK(v.base_module("lib/combat", outpost, error) == "lib/combat");
    // What has no base is refused, saying why.
    CHECK(v.base_module("report", standard, error).empty());
    CHECK(error == standard + " is in pack 'starchase', which extends none: it has no base");
    CHECK(v.base_module("lib/nothing", outpost, error).empty());
    CHECK(error == "no pack below 'base_outpost' has a module 'lib/nothing'");
    CHECK(v.base_module("report", "somewhere/else.lua", error).empty());
    CHECK(error == "only a file of the rules pack may import a base module");
    CHECK_FALSE(v.script("base:report@2"));  // the top version has no base name
    CHECK_FALSE(v.script("base:report"));
}

TEST_CASE("the frontier example variant changes constants, adds a tech and a Lua file",
          "[pack][variant]") {
    Pack v = test::load_pack(source_dir() / "rules" / "variants" / "frontier");
    CHECK(v.top().id == "variants/frontier");
    CHECK(v.const_int("start.treasury") == 80);
    REQUIRE(v.tech("MN"));
    CHECK(v.tech("MN")->start == 1);
    REQUIRE(v.script("lib/income_extra"));
    CHECK(v.script("lib/income_extra")->chunk.find("variants/frontier/lib/income_extra.lua") !=
          std::string::npos);
    CHECK(v.script("lib/economy")->chunk.find("starchase/lib/economy.lua") != std::string::npos);
}

TEST_CASE("bad TOML is reported with file, line and column", "[pack][errors]") {
    Diagnostics d = load_errors("bad_toml");
    REQUIRE(d.has_errors());
    CHECK(has(d, "bad_toml/pack.toml:4:"));
    CHECK(has(d, "invalid TOML"));
}

TEST_CASE("every unknown key is reported, in file order", "[pack][errors]") {
    Diagnostics d = load_errors("unknown_key");
    REQUIRE(d.error_count() == 2);
    CHECK(d.all()[0].message == "pack.colour: unknown key");
    CHECK(d.all()[0].where.line == 5);
    CHECK(d.all()[1].message == "flavour: unknown key");
    CHECK(d.all()[1].where.line == 7);
}

TEST_CASE("variant constants must exist in the base and keep their type", "[pack][errors]") {
    Diagnostics d = load_errors("bad_constants");
    CHECK(d.error_count() == 3);
    CHECK(has(d,
              "bad_constants/pack.toml:8:1: error: constants.start.bonus_cruisers: no such "
              "constant in 'starchase'"));
    CHECK(has(d, "bad_constants/pack.toml:7:1: error: constants.start.treasury: type differs"));
    CHECK(has(d, "starchase/pack.toml:"));  // where the original is defined
    CHECK(has(d, "bad_constants/pack.toml:11:1: error: new_constants.map: already a constant"));
}

TEST_CASE("dangling references to kinds and techs are reported where they are made",
          "[pack][errors]") {
    Diagnostics d = load_errors("dangling");
    CHECK(d.error_count() == 2);
    CHECK(has(d,
              "dangling/pack.toml:7:13: error: constants.galaxy.home_kind: unknown kind 'purple'"));
    CHECK(
        has(d,
            "dangling/kinds.toml:1:1: error: kind black: pop_limit_tech: \"ZZ\" is not one of the "
            "codes of techs"));
}

TEST_CASE("extends errors: missing base and cycles", "[pack][errors]") {
    Diagnostics missing = load_errors("missing_base");
    CHECK(has(missing, "no pack 'no_such_pack' found"));
    Diagnostics cycle = load_errors("cycle_a");
    CHECK(has(cycle, "extends cycle"));
    Diagnostics none;
    Pack::load(data_dir() / "packs" / "no_such_folder", none);
    CHECK(has(none, "not a rules pack (no pack.toml)"));
}

TEST_CASE("a Lua syntax error is reported at its file and line", "[pack][errors][lua]") {
    Diagnostics d = load_errors("lua_syntax", true);
    REQUIRE(d.error_count() == 1);
    CHECK(d.all()[0].where.file.ends_with("lua_syntax/galaxy.lua"));
    CHECK(d.all()[0].where.line == 4);
    CHECK(has(d, "near '='"));
}

TEST_CASE("a Lua runtime error is reported at its file and line", "[pack][errors][lua]") {
    Diagnostics d = load_errors("lua_runtime", true);
    REQUIRE(d.error_count() == 1);
    CHECK(d.all()[0].where.file.ends_with("lua_runtime/galaxy.lua"));
    CHECK(d.all()[0].where.line == 5);
    CHECK(has(d, "attempt to index local 't' (a nil value)"));
}

TEST_CASE("an endless loop in a pack script is stopped and located", "[pack][errors][lua]") {
    Diagnostics d = load_errors("endless", true);
    REQUIRE(d.error_count() == 1);
    CHECK(d.all()[0].where.file.ends_with("endless/galaxy.lua"));
    CHECK(d.all()[0].where.line == 4);
    CHECK(has(d, "script stopped"));
}

TEST_CASE("the standard pack and the example variant pass the full check", "[pack]") {
    for (const char* dir : {"starchase", "variants/frontier"}) {
        INFO(dir);
        Pack p = test::load_pack(source_dir() / "rules" / dir);
        Diagnostics d;
        check_pack(p, PackCheckOptions{{12, 4}, 3}, d);
        INFO(d.to_string());
        CHECK_FALSE(d.has_errors());
    }
}

TEST_CASE("engine.jit_modules must name the pack's Lua modules", "[pack][errors]") {
    Diagnostics d = load_errors("bad_jit_modules");
    REQUIRE(d.error_count() == 2);
    CHECK(d.all()[0].message ==
          "constants.engine.jit_modules[1]: no Lua module 'ai/nosuch' in the pack (names are "
          "paths without .lua, e.g. \"ai/battles\")");
    CHECK(d.all()[0].where.file.ends_with("bad_jit_modules/pack.toml"));
    CHECK(d.all()[0].where.line == 8);
    CHECK(d.all()[1].message == "constants.engine.jit_modules[2]: expected a module name");
    // The standard pack interprets everything; a listed module is loaded for the JIT.
    CHECK_FALSE(test::starchase().script("ai/battles")->jit);
}

TEST_CASE("a variant setting the old instruction budget is told its new name", "[pack][errors]") {
    Diagnostics d = load_errors("old_budget");
    REQUIRE(d.error_count() == 1);
    CHECK(d.all()[0].where.line == 8);
    CHECK(d.all()[0].message ==
          "constants.engine.instruction_budget: no longer used; set engine.step_budget (loop "
          "iterations, gotos and function calls a script call may take) instead");
}
