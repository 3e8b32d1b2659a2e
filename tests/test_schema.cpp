// A pack's schema.toml: the standard pack's declarations, every kind of mistake a pack author
// can make (reported with file, line and key path), what a variant may and may not change, and
// the kind fields of kinds.toml.

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "core/state.hpp"
#include "pack/schema_load.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

// The problems of text loaded as a base pack's schema.toml (no pack tables: map fields may
// not name one), and the schema.
std::string base_errors(const std::string& text, Schema* out = nullptr) {
    fs::path file = test::temp_dir("schema") / "schema.toml";
    write(file, text);
    Schema s;
    Diagnostics d;
    load_schema_file(file, "schema.toml", true, s, d);
    finish_schema(s, {"schema.toml", 0, 0}, d);
    if (out) *out = s;
    return d.to_string();
}

// A variant of the standard pack with its own schema.toml (and kinds.toml when given):
// the problems of loading it, and the pack when it loaded.
std::string variant_errors(const std::string& schema, const std::string& kinds = "",
                           std::optional<Pack>* out = nullptr) {
    fs::path dir = test::temp_dir("schema-variant") / "variant";
    write(dir / "pack.toml",
          "[pack]\nname = \"Schema variant\"\nversion = \"0.1\"\n"
          "extends = \"starchase\"\n");
    write(dir / "schema.toml", schema);
    if (!kinds.empty()) write(dir / "kinds.toml", kinds);
    Diagnostics d;
    Pack p = Pack::load(dir, d);
    if (out) *out = p;
    return d.to_string();
}

const FieldSpec& field_of(const Schema& s, const std::string& kind, const std::string& field) {
    const RecordKind* k = s.kind(kind);
    REQUIRE(k != nullptr);
    int i = k->field_index(field);
    REQUIRE(i >= 0);
    return k->fields[static_cast<std::size_t>(i)];
}

const char* kEmpireKind = "[records.empire]\nscope = \"empire\"\n[records.empire.fields]\n";

}  // namespace

TEST_CASE("the standard pack declares its records in schema.toml", "[schema]") {
    const Schema& s = *test::starchase().schema();
    CHECK(s.map.geometry == Geometry::grid);
    CHECK(s.map.codes.digits == 3);
    CHECK(s.map.codes.prefix.empty());
    CHECK(s.empire_codes.describe() == "three capital letters");
    CHECK(s.empire_codes.reserved == std::vector<std::string>{"ALL"});
    std::vector<std::string> kinds;
    for (const RecordKind& k : s.kinds)
        kinds.push_back(k.name);
    CHECK(kinds == std::vector<std::string>{"empire", "sight", "holding", "probe", "game"});
    CHECK(s.kind("empire")->scope == RecordScope::empire);
    CHECK(s.kind("empire")->key == "code");
    CHECK(s.kind("sight")->key == "empire");
    CHECK(s.kind("holding")->scope == RecordScope::place);
    CHECK(s.kind("holding")->key == "system");
    CHECK(s.kind("probe")->scope == RecordScope::collection);
    CHECK(s.kind("probe")->key == "id");
    CHECK(s.kind_of_scope(RecordScope::game)->name == "game");
    CHECK(s.kind_index("holding") == 2);
    CHECK(s.kind_index("fleet") == -1);
    CHECK(s.kind("fleet") == nullptr);

    CHECK(describe_field(field_of(s, "holding", "population")) == "int 0..100000000");
    CHECK(describe_field(field_of(s, "empire", "treasury")) == "int >= 0");
    CHECK(describe_field(field_of(s, "empire", "vps")) == "int");
    CHECK(describe_field(field_of(s, "holding", "owner")) == "empire or none");
    CHECK(describe_field(field_of(s, "holding", "mode")) == "one of retreat, defend, ambush");
    CHECK(describe_field(field_of(s, "sight", "seen")) == "set of place");
    CHECK(describe_field(field_of(s, "game", "census_turns")) == "list of int 1..100000");
    CHECK(describe_field(field_of(s, "empire", "techs")) ==
          "map from techs codes to int 0..1000000");
    CHECK(describe_field(field_of(s, "holding", "name")) == "text (at most 15 characters)");
    CHECK(field_of(s, "holding", "owner").storage() == Storage::text);
    CHECK(field_of(s, "holding", "retreat").storage() == Storage::integer);
    CHECK(field_of(s, "sight", "seen").storage() == Storage::int_list);
    CHECK(field_of(s, "empire", "contact").storage() == Storage::text_map);

    // Initial values: zero, none, empty, and the techs' start levels (fill = "start").
    CHECK(field_of(s, "holding", "retreat").initial == Value(kNone));
    CHECK(field_of(s, "holding", "population").initial == Value(std::int64_t{0}));
    CHECK(field_of(s, "holding", "owner").initial == Value(std::string()));
    const auto& techs = std::get<IntMap>(field_of(s, "empire", "techs").initial);
    CHECK(techs.size() == test::starchase().techs().size());
    for (const TechDef& t : test::starchase().techs())
        CHECK(techs.at(t.code) == t.start);
    // Kind fields, with the default of yields_income.
    REQUIRE(s.kind_fields.size() == 5);
    CHECK(s.kind_fields[4].name == "yields_income");
    CHECK(s.kind_fields[4].initial == Value(std::int64_t{1}));
}

TEST_CASE("a well-formed base schema loads with its defaults", "[schema]") {
    Schema s;
    std::string errors = base_errors(std::string(R"([map]
geometry = "hex"
code_prefix = "H"
code_digits = 4

[empires]
code = "digits"
code_min_length = 1
code_max_length = 2

[records.empire]
scope = "empire"
[records.empire.fields]
gold = { type = "int", min = -5, max = 5, default = 2 }
motto = { type = "text", max_length = 3, multiline = true }
tags = "set of text"

[records.hex]
scope = "place"
[records.hex.fields]
terrain = { type = "choice", choices = ["sea", "land"], optional = true }
ships = "list of record"

[records.ship]
scope = "collection"
[records.ship.fields]
at = "place"
cargo = { type = "map of int", min = 0 }
)"),
                                     &s);
    // A list of record needs a kind: the only error.
    CHECK_THAT(errors, Catch::Contains("schema.toml:22:9: error: records.hex.fields.ships: a list "
                                       "of record needs a table: { type = \"list of record\", "
                                       "kind = ... }"));
    CHECK(s.map.geometry == Geometry::hex);
    CHECK(s.map.codes.format(714) == "H0714");
    CHECK(s.empire_codes.describe() == "one to two digits");
    CHECK_FALSE(s.empire_codes.problem("7"));
    CHECK(s.empire_codes.problem("123") == "\"123\" is not an empire code (one to two digits)");
    CHECK(s.kind("hex")->key == "place");
    CHECK(field_of(s, "empire", "gold").initial == Value(std::int64_t{2}));
    CHECK(field_of(s, "empire", "motto").scalar.multiline);
    CHECK(field_of(s, "hex", "terrain").initial == Value(kNone));
    CHECK(field_of(s, "ship", "cargo").initial == Value(IntMap{}));
    CHECK(describe_field(field_of(s, "ship", "cargo")) == "map from words to int >= 0");
}

TEST_CASE("schema errors are reported with line and key path", "[schema][errors]") {
    struct Case {
        std::string text, message;
    };
    const std::string emp = kEmpireKind;
    const Case cases[] = {
        // Types.
        {emp + "gold = \"float\"\n",
         "schema.toml:4:8: error: records.empire.fields.gold: \"float\" is not a field type (int, "
         "flag, text, choice, place, empire, record; or list of / set of / map of one of them)"},
        {emp + "gold = { type = \"list of money\" }\n",
         "records.empire.fields.gold: \"list of money\" is not a field type"},
        {emp + "gold = { type = \"int\", min = 5, max = 1 }\n",
         "records.empire.fields.gold.max: max 1 is below min 5"},
        {emp + "gold = { type = \"int\", max = 10000000000000000 }\n",
         "records.empire.fields.gold.max:"},
        {emp + "gold = { type = \"int\", optional = true }\n",
         "records.empire.fields.gold.optional: only a place, empire, record or choice may be "
         "optional (an int has a default instead)"},
        {emp + "side = \"choice\"\n",
         "records.empire.fields.side: a choice needs a table: { type = \"choice\", choices = ... "
         "}"},
        {emp + "side = { type = \"choice\", choices = [] }\n",
         "records.empire.fields.side.choices: a choice needs at least one word to choose from"},
        {emp + "gold = { type = \"int\", min = 0, max = 5, default = 9 }\n",
         "records.empire.fields.gold.default: 9 is outside 0..5"},
        {emp + "gold = { type = \"int\", default = \"lots\" }\n",
         "records.empire.fields.gold.default: expected a whole number, found a string"},
        {emp + "motto = { type = \"text\", max_length = 3, default = \"long\" }\n",
         "records.empire.fields.motto.default: longer than 3 characters"},
        {emp + "gold = { type = \"int\", colour = 1 }\n",
         "records.empire.fields.gold.colour: unknown key"},
        // Names.
        {emp + "Gold = \"int\"\n",
         "records.empire.fields.Gold: a field name is lower-case letters, digits and _ (at most "
         "32), starting with a letter"},
        {emp + "name = \"text\"\n",
         "records.empire.fields.name: 'name' is part of every empire's identity; choose another "
         "name"},
        {emp + "secret = \"text\"\n", "'secret' is part of every empire's identity"},
        {"[records.ship]\nscope = \"collection\"\n[records.ship.fields]\nid = \"int\"\n",
         "records.ship.fields.id: 'id' is the engine's number of each record of a collection"},
        {"[records.holding]\nscope = \"place\"\nkey = \"system\"\n[records.holding.fields]\n"
         "system = \"int\"\n",
         "records.holding.fields.system: 'system' names each holding record in files; choose "
         "another field name"},
        {"[records.sight]\nscope = \"empire\"\n[records.sight.fields]\nempire = \"int\"\n",
         "records.sight.fields.empire: 'empire' names each sight record in files"},
        {"[records.find]\nscope = \"game\"\n",
         "records.find: 'find' is a function of the state module; choose another kind name"},
        {"[records.set_order]\nscope = \"game\"\n",
         "'set_order' is a function of the state module"},
        {"[records.start]\nscope = \"collection\"\n",
         "records.start: 'start' is a table of every scenario and rule test; choose another kind "
         "name"},
        {"[records.result]\nscope = \"game\"\n", "'result' is a table of every scenario"},
        {"[records.report]\nscope = \"game\"\n", "'report' is a table of every scenario"},
        {"[records.Fleet]\nscope = \"game\"\n",
         "records.Fleet: a kind name is lower-case letters, digits and _"},
        {"[records.holding]\nscope = \"place\"\nkey = \"System\"\n[records.holding.fields]\n",
         "records.holding.key: a key name is lower-case letters, digits and _"},
        // Scopes.
        {"[records.fleet]\nscope = \"galaxy\"\n[records.fleet.fields]\nn = \"int\"\n",
         "schema.toml:2:9: error: records.fleet.scope: \"galaxy\" is not a scope (empire, place, "
         "game, collection)"},
        {"[records.fleet]\n[records.fleet.fields]\nn = \"int\"\n", "records.fleet.scope: missing"},
        {"[records.a]\nscope = \"game\"\n[records.b]\nscope = \"game\"\n",
         "schema.toml: error: schema.toml: more than one kind has scope \"game\""},
        // Records and map keys.
        {emp + "flagship = { type = \"record\", kind = \"ship\" }\n",
         "records.empire.fields.flagship: no record kind 'ship'"},
        {emp + "friend = { type = \"record\", kind = \"empire\" }\n",
         "records.empire.fields.friend: kind 'empire' is not a collection: only collection "
         "records have ids"},
        {emp + "levels = { type = \"map of int\", fill = \"start\" }\n",
         "records.empire.fields.levels.fill: fill names a column of the table given by keys"},
        {emp + "levels = { type = \"map of int\", cap = \"cap\" }\n",
         "records.empire.fields.levels.cap: cap names a column of the table given by keys"},
        {emp + "levels = { type = \"map of int\", keys = \"techs\" }\n",
         "records.empire.fields.levels: keys: no table 'techs' in the pack"},
        // The map, the empire codes and the kind fields.
        {"[map]\ngeometry = \"cube\"\n", "map.geometry: \"cube\" is not grid or hex"},
        {"[map]\ncode_prefix = \"h1\"\n",
         "map.code_prefix: a code prefix is at most three capital letters"},
        {"[map]\ncode_digits = 12\n", "map.code_digits:"},
        {"[empires]\ncode = \"runes\"\n", "empires.code: \"runes\" is not letters or digits"},
        {"[empires]\ncode_min_length = 4\ncode_max_length = 2\n",
         "empires.code_max_length: the longest code is shorter than the shortest"},
        {"[kind_fields]\ninner = \"flag\"\n",
         "kind_fields.inner: 'inner' is part of every kind row already"},
        {"[kind_fields]\nmoons = \"list of int\"\n",
         "kind_fields.moons: a kind field is one int, flag, text or choice"},
        {"[kind_fields]\nsun = \"place\"\n",
         "kind_fields.sun: a kind field is one int, flag, text or choice"},
        {"[kind_fields]\nlimit = { type = \"int\", min = 0, default = -1 }\n",
         "kind_fields.limit.default: -1 is below the least value 0"},
        {"[stuff]\nx = 1\n", "stuff: unknown key"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        CHECK_THAT(base_errors(c.text), Catch::Contains(c.message));
    }
    // A base pack needs a schema; the records table is required.
    Schema s;
    Diagnostics d;
    load_schema_file(test::temp_dir("no-schema") / "schema.toml", "x/schema.toml", true, s, d);
    CHECK_THAT(d.to_string(), Catch::Contains("x/schema.toml: error: missing schema.toml (the "
                                              "records a game keeps: docs/packs.md)"));
    CHECK_THAT(base_errors("[map]\ngeometry = \"grid\"\n"), Catch::Contains("records: missing"));
}

TEST_CASE("a variant may add kinds and fields and change limits, not types or scopes",
          "[schema][variant]") {
    std::optional<Pack> p;
    std::string errors = variant_errors(R"([records.holding.fields]
cruisers = { type = "int", min = 0, max = 50 }
destroyers = { type = "int", min = 0, max = 100, doc = "a variant's new ship" }

[records.empire.fields]
research = { type = "map of int", keys = "techs", fill = "start", cap = "cap", min = 0 }
kinds_seen = { type = "map of int", keys = "kinds" }

[records.treaty]
scope = "collection"
[records.treaty.fields]
a = "empire"
b = "empire"
until = { type = "int", min = 0 }
)",
                                        "", &p);
    INFO(errors);
    REQUIRE(errors.empty());
    const Schema& s = *p->schema();
    CHECK(field_of(s, "holding", "cruisers").scalar.max == 50);
    // New fields come after the base's, in declaration order.
    const RecordKind& holding = *s.kind("holding");
    CHECK(holding.fields.back().name == "destroyers");
    CHECK(holding.fields.back().doc == "a variant's new ship");
    CHECK(s.kinds.back().name == "treaty");
    const auto& research = std::get<IntMap>(field_of(s, "empire", "research").initial);
    CHECK(research.at("PT") == 1);
    CHECK(research.at("WT") == 0);
    // The new fields work in a game: saved, loaded, checked (cap: PT at most 9).
    GameState st = GameState::with_schema(p->schema());
    st.add_empire(Empire{"ARC", "Arcturans", "", "", false});
    FieldRef r = st.field("empire", "research");
    IntMap levels = research;
    levels["PT"] = 10;
    CHECK(st.set(r, 0, levels) == "PT: 10 is outside 0..9");
    levels["PT"] = 9;
    CHECK_FALSE(st.set(r, 0, levels));
    CHECK(st.set(st.field("empire", "kinds_seen"), 0, IntMap{{"green", 1}}) ==
          "green: not one of the codes of kinds");
    CHECK(st.empire_entry("ARC", "research", "PT") == 9);

    // Changing a field's type or a kind's scope is refused where the variant does it, naming
    // where the base declared it.
    std::string msg = variant_errors(
        "[records.holding.fields]\ncruisers = \"text\"\nowner = \"list of empire\"\n");
    CHECK_THAT(msg, Catch::Contains("variant/schema.toml:2:12: error: records.holding.fields."
                                    "cruisers: a variant may change a field's limits, not its "
                                    "type (int 0..100000000 declared at ") &&
                        Catch::Contains("starchase/schema.toml:"));
    CHECK_THAT(msg, Catch::Contains("records.holding.fields.owner: a variant may change a "
                                    "field's limits, not its type (empire or none declared at"));
    CHECK_THAT(variant_errors("[records.holding]\nscope = \"empire\"\n"),
               Catch::Contains("records.holding.scope: kind holding is a place kind (declared "
                               "at ") &&
                   Catch::Contains("a variant cannot change its scope"));
    // Map fields name existing tables and columns.
    CHECK_THAT(variant_errors("[records.empire.fields]\nx = { type = \"map of int\", keys = "
                              "\"techs\", cap = \"ceiling\" }\n"),
               Catch::Contains("records.empire.fields.x: cap: table 'techs' has no integer column "
                               "'ceiling'"));
    CHECK_THAT(variant_errors("[records.empire.fields]\nx = { type = \"map of int\", keys = "
                              "\"techs\", fill = \"begin\" }\n"),
               Catch::Contains("records.empire.fields.x: fill: table 'techs' has no integer "
                               "column 'begin'"));
    CHECK_THAT(variant_errors("[records.empire.fields]\nx = { type = \"map of int\", keys = "
                              "\"ships\" }\n"),
               Catch::Contains("records.empire.fields.x: keys: no table 'ships' in the pack"));
}

TEST_CASE("kinds.toml rows hold the schema's kind fields, checked", "[schema][kinds]") {
    // The standard pack: values as given, defaults where a row gives none.
    const Pack& p = test::starchase();
    const Schema& s = *p.schema();
    auto at = [&](const char* kind, const char* field) -> const Value& {
        auto it = std::find_if(s.kind_fields.begin(), s.kind_fields.end(),
                               [&](const FieldSpec& f) { return f.name == field; });
        REQUIRE(it != s.kind_fields.end());
        return p.kind(kind)->fields.at(static_cast<std::size_t>(it - s.kind_fields.begin()));
    };
    CHECK(at("yellow", "yields_income") == Value(std::int64_t{1}));
    CHECK(at("black", "yields_income") == Value(std::int64_t{0}));
    CHECK(at("planet", "pop_limit_tech") == Value(std::string()));
    CHECK(at("black", "pop_limit_tech") == Value(std::string("LS")));

    // A variant adding a kind field gives every kind its default, and its own rows their value.
    std::optional<Pack> v;
    std::string errors = variant_errors(
        "[kind_fields]\nhabitable = { type = \"flag\", default = true }\n"
        "moons = { type = \"int\", min = 0, max = 9 }\n",
        "[[kind]]\ncode = \"red\"\nhabitable = false\nmoons = 2\n\n"
        "[[kind]]\ncode = \"neutron\"\nname = \"Neutron star\"\ninner = false\n"
        "luminosity = 20\n",
        &v);
    INFO(errors);
    REQUIRE(errors.empty());
    const Schema& vs = *v->schema();
    REQUIRE(vs.kind_fields.size() == 7);
    CHECK(v->kind("red")->fields[5] == Value(std::int64_t{0}));
    CHECK(v->kind("red")->fields[6] == Value(std::int64_t{2}));
    CHECK(v->kind("yellow")->fields[5] == Value(std::int64_t{1}));
    CHECK(v->kind("neutron")->fields[1] == Value(std::int64_t{20}));
    CHECK(v->kind("neutron")->fields[5] == Value(std::int64_t{1}));
    // Bad values are reported at their row.
    std::string bad = variant_errors("",
                                     "[[kind]]\ncode = \"red\"\npop_limit = -3\ndwarf = 1\n"
                                     "pop_limit_tech = \"ZZ\"\ncolour = \"red\"\n");
    INFO(bad);
    CHECK_THAT(bad, Catch::Contains("variant/kinds.toml:3:13: error: kind[0].pop_limit: -3 is "
                                    "outside 0..1000000"));
    CHECK_THAT(bad, Catch::Contains("kind[0].dwarf: expected true or false, found an integer"));
    // Table codes can be checked only once every layer's techs are read: at the row.
    CHECK_THAT(bad, Catch::Contains("variant/kinds.toml:1:1: error: kind red: pop_limit_tech: "
                                    "\"ZZ\" is not one of the codes of techs"));
    CHECK_THAT(bad, Catch::Contains("kind[0].colour: unknown key"));
    CHECK_THAT(variant_errors("", "[[kind]]\ncode = \"moon\"\nname = \"Moon\"\n"),
               Catch::Contains("kind[0].inner: missing"));
}
