// The generic state: every value checked against its declaration (core/value_check.hpp), the
// record store (core/records.hpp) and the game state's helpers over it (core/state.hpp).

#include <catch2/catch.hpp>

#include "core/records.hpp"
#include "core/state.hpp"
#include "core/value_check.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

FieldSpec spec(ScalarType type, FieldShape shape = FieldShape::one) {
    FieldSpec f;
    f.name = "f";
    f.scalar.type = type;
    f.shape = shape;
    f.initial = zero_value(f);
    return f;
}

// Why a value breaks a field of the standard schema, checked against the state (map, empires,
// records), or "" when it is valid.
std::string problem(const GameState& st, const char* kind, const char* field, const Value& v) {
    const Schema& s = st.schema();
    const RecordKind* k = s.kind(kind);
    REQUIRE(k != nullptr);
    int fi = k->field_index(field);
    REQUIRE(fi >= 0);
    std::vector<std::string> codes = st.empire_codes();
    RefScope refs{&st.galaxy, &codes, &st.records};
    return check_value(k->fields[static_cast<std::size_t>(fi)], v, s, refs).value_or("");
}

// A small standard-game state: two places (101 and its planet 111), empires ARC and CYG.
GameState small_state() {
    GameState st = test::starchase_state();
    st.galaxy.add_place(101, "yellow", {0, 0});
    st.galaxy.add_inner(111, "planet", 101);
    st.add_empire(Empire{"CYG", "Cygnians", "", "", false});
    st.add_empire(Empire{"ARC", "Arcturans", "", "", false});
    return st;
}

}  // namespace

TEST_CASE("values are checked against their declarations", "[records][values]") {
    GameState st = small_state();
    using I = std::int64_t;
    // Types.
    CHECK(problem(st, "holding", "cruisers", std::string("3")) == "expected int 0..100000000");
    CHECK(problem(st, "holding", "owner", I{1}) == "expected empire or none");
    CHECK(problem(st, "sight", "seen", I{101}) == "expected set of place");
    CHECK(problem(st, "empire", "techs", IntList{}) ==
          "expected map from techs codes to int "
          "0..1000000");
    // Ranges, with the default limit of +-10^15.
    CHECK(problem(st, "holding", "cruisers", I{-1}) == "-1 is outside 0..100000000");
    CHECK(problem(st, "empire", "treasury", I{-1}) == "-1 is below the least value 0");
    CHECK(problem(st, "holding", "cruisers", I{100000001}) == "100000001 is outside 0..100000000");
    CHECK(problem(st, "holding", "cruisers", I{100000000}).empty());
    CHECK(problem(st, "empire", "vps", I{-kIntLimit}).empty());
    CHECK(problem(st, "empire", "vps", I{kIntLimit + 1}) ==
          "1000000000000001 is outside -1000000000000000..1000000000000000");
    CHECK(problem(st, "empire", "treasury", I{kIntLimit + 1}) ==
          "1000000000000001 is outside 0..1000000000000000");
    CHECK(problem(st, "empire", "treasury", I{kNone}) == "a value is needed");
    // Flags and choices.
    CHECK(problem(st, "holding", "ever_owned", I{2}) == "expected true or false");
    CHECK(problem(st, "holding", "mode", I{3}) == "expected one of retreat, defend, ambush");
    CHECK(problem(st, "holding", "mode", I{-1}) == "expected one of retreat, defend, ambush");
    CHECK(problem(st, "holding", "mode", I{2}).empty());
    // Places must be on the map; optional ones may be none.
    CHECK(problem(st, "holding", "retreat", I{111}).empty());
    CHECK(problem(st, "holding", "retreat", I{kNone}).empty());
    CHECK(problem(st, "holding", "retreat", I{102}) == "no place 102 on the map");
    CHECK(problem(st, "probe", "system", I{kNone}) == "a value is needed");
    // Empires must be in the game; an optional empire may be "".
    CHECK(problem(st, "holding", "owner", std::string("CYG")).empty());
    CHECK(problem(st, "holding", "owner", std::string()).empty());
    CHECK(problem(st, "holding", "owner", std::string("BEL")) == "no empire 'BEL' in this game");
    CHECK(problem(st, "probe", "empire", std::string()) == "an empire code is needed");
    // Texts: length in characters (not bytes), line breaks, UTF-8.
    CHECK(problem(st, "holding", "name", std::string("Fifteen chars!!")).empty());
    CHECK(problem(st, "holding", "name", std::string("Sixteen chars!!!")) ==
          "longer than 15 characters");
    CHECK(problem(st, "holding", "name", std::string("\xc3\xa9toile \xc3\xa9toile!!")).empty());
    CHECK(problem(st, "holding", "name", std::string("two\nlines")) ==
          "a line break is not allowed here");
    CHECK(problem(st, "holding", "name", std::string("cr\r")) ==
          "a line break is not allowed here");
    CHECK(problem(st, "holding", "name", std::string("bad \xff")) == "not UTF-8 text (byte 5)");
    // Sets are sorted without repeats; their items are checked one by one.
    CHECK(problem(st, "sight", "seen", IntList{101, 111}).empty());
    CHECK(problem(st, "sight", "seen", IntList{111, 101}) ==
          "a set must be sorted and without repeats");
    CHECK(problem(st, "sight", "seen", IntList{101, 101}) ==
          "a set must be sorted and without repeats");
    CHECK(problem(st, "sight", "seen", IntList{101, 105}) == "[1]: no place 105 on the map");
    // Lists keep their order and may repeat.
    CHECK(problem(st, "game", "census_turns", IntList{6, 3, 3}).empty());
    CHECK(problem(st, "game", "census_turns", IntList{3, 0}) == "[1]: 0 is outside 1..100000");
    // Maps keyed by a table: known keys, each key's cap.
    CHECK(problem(st, "empire", "techs", IntMap{{"PT", 9}, {"WT", 40}}).empty());
    CHECK(problem(st, "empire", "techs", IntMap{{"PT", 10}}) == "PT: 10 is outside 0..9");
    CHECK(problem(st, "empire", "techs", IntMap{{"XX", 1}}) == "XX: not one of the codes of techs");
    CHECK(problem(st, "empire", "techs", IntMap{{"WT", -1}}) == "WT: -1 is outside 0..1000000");
    // Maps keyed by any word: 1 to 64 characters.
    CHECK(problem(st, "empire", "contact", TextMap{{"EMAIL", "a@b"}}).empty());
    CHECK(problem(st, "empire", "contact", TextMap{{"", "x"}}) ==
          "\"\" is not a key (1 to 64 characters)");
    CHECK(problem(st, "empire", "contact", TextMap{{std::string(65, 'K'), "x"}})
              .find("is not a key (1 to 64 characters)") != std::string::npos);
    CHECK(problem(st, "empire", "contact", TextMap{{"EMAIL", std::string(401, 'x')}}) ==
          "EMAIL: longer than 400 characters");
}

TEST_CASE("records of collections must exist; texts may be codes of a table", "[records][values]") {
    GameState st = small_state();
    Schema s;
    RecordKind ships;
    ships.name = "ship";
    ships.scope = RecordScope::collection;
    RecordKind fleets;
    fleets.name = "fleet";
    fleets.scope = RecordScope::collection;
    FieldSpec flagship = spec(ScalarType::record);
    flagship.scalar.record_kind = "ship";
    flagship.optional = true;
    flagship.initial = kNone;
    fleets.fields.push_back(flagship);
    FieldSpec ship_list = spec(ScalarType::record, FieldShape::list);
    ship_list.scalar.record_kind = "ship";
    fleets.fields.push_back(ship_list);
    s.kinds = {ships, fleets};
    auto schema = std::make_shared<const Schema>(s);
    Records r(schema);
    CHECK(r.create(0) == 1);
    CHECK(r.create(0) == 2);
    RefScope refs{nullptr, nullptr, &r};
    CHECK_FALSE(check_value(flagship, std::int64_t{2}, *schema, refs));
    CHECK_FALSE(check_value(flagship, kNone, *schema, refs));
    CHECK(check_value(flagship, std::int64_t{3}, *schema, refs) == "no ship 3");
    CHECK(check_value(ship_list, IntList{1, 2, 1}, *schema, refs) == std::nullopt);
    CHECK(check_value(ship_list, IntList{1, 7}, *schema, refs) == "[1]: no ship 7");
    // Without a store to look in, ids are not checked.
    CHECK_FALSE(check_value(flagship, std::int64_t{3}, *schema, RefScope{}));

    // A text naming a table's code (or ""), like a kind's pop_limit_tech.
    const FieldSpec& tech = test::starchase().schema()->kind_fields[3];
    REQUIRE(tech.name == "pop_limit_tech");
    CHECK_FALSE(check_value(tech, std::string("LS"), *test::starchase().schema(), {}));
    CHECK_FALSE(check_value(tech, std::string(), *test::starchase().schema(), {}));
    CHECK(check_value(tech, std::string("ZZ"), *test::starchase().schema(), {}) ==
          "\"ZZ\" is not one of the codes of techs");
    CHECK(check_value(tech, std::string("TOOLONGCODE"), *test::starchase().schema(), {}) ==
          "longer than 8 characters");
}

TEST_CASE("the record store keeps rows by kind and key", "[records]") {
    auto schema = test::starchase().schema();
    Records r(schema);
    const int empire = schema->kind_index("empire"), holding = schema->kind_index("holding"),
              probe = schema->kind_index("probe"), game = schema->kind_index("game");
    // The game record exists from the start; others appear when first written.
    CHECK(r.rows(game).size() == 1);
    CHECK(r.find(game, 0) != nullptr);
    CHECK(r.rows(holding).empty());
    CHECK(r.find(holding, 101) == nullptr);
    CHECK(&r.row_or_initial(holding, 101) == &r.row_or_initial(holding, 102));
    CHECK(r.row_or_initial(holding, 101) == schema->kind("holding")->initial_row());
    r.row(holding, 101)[2] = std::int64_t{5};
    CHECK(r.find(holding, 101) != nullptr);
    CHECK(r.rows(holding).size() == 1);

    // Collections: ids 1, 2, 3 ..., never given twice.
    CHECK(r.next_id(probe) == 1);
    CHECK(r.create(probe) == 1);
    CHECK(r.create(probe) == 2);
    CHECK(r.create(probe) == 3);
    CHECK(r.erase(probe, 2));
    CHECK_FALSE(r.erase(probe, 2));
    CHECK(r.create(probe) == 4);
    CHECK(r.erase(probe, 4));
    CHECK(r.create(probe) == 5);
    // A record written with an id (a state file) moves the next id past it.
    r.row(probe, 9);
    CHECK(r.next_id(probe) == 10);
    r.set_next_id(probe, 7);  // never back
    CHECK(r.next_id(probe) == 10);
    r.set_next_id(probe, 12);
    CHECK(r.create(probe) == 12);
    CHECK_THROWS_AS(r.create(holding), std::logic_error);

    // Equality covers every row and the next ids.
    Records copy = r;
    CHECK(copy == r);
    copy.row(holding, 101)[2] = std::int64_t{6};
    CHECK_FALSE(copy == r);
    Records ids = r;
    ids.set_next_id(probe, 40);
    CHECK_FALSE(ids == r);

    // Normalising drops place rows holding only initial values, and nothing else.
    r.row(holding, 102);
    r.row(empire, 0);
    REQUIRE(r.rows(holding).size() == 2);
    r.normalise();
    CHECK(r.rows(holding).size() == 1);
    CHECK(r.find(holding, 101) != nullptr);
    CHECK(r.find(empire, 0) != nullptr);
    r.row(holding, 101)[2] = std::int64_t{0};
    r.normalise();
    CHECK(r.rows(holding).empty());

    // Moving keys up (an empire added before others in code order).
    r.row(empire, 0)[0] = std::int64_t{10};
    r.row(empire, 1)[0] = std::int64_t{11};
    r.row(empire, 2)[0] = std::int64_t{12};
    r.shift_up(empire, 1);
    CHECK(r.find(empire, 1) == nullptr);
    CHECK(std::get<std::int64_t>(r.find(empire, 0)->at(0)) == 10);
    CHECK(std::get<std::int64_t>(r.find(empire, 2)->at(0)) == 11);
    CHECK(std::get<std::int64_t>(r.find(empire, 3)->at(0)) == 12);

    // A store without a schema.
    Records none;
    CHECK_FALSE(none.has_schema());
    none.normalise();
}

TEST_CASE("empires join in code order and keep their records", "[records][state]") {
    GameState st = test::starchase_state();
    st.add_empire(Empire{"CYG", "Cygnians", "", "", false});
    test::set_emp(st, "CYG", "treasury", std::int64_t{30});
    test::set_field(st, "sight", st.empire_index("CYG"), "seen", IntList{});
    st.add_empire(Empire{"ARC", "Arcturans", "", "", true});
    st.add_empire(Empire{"BEL", "Bellatrix", "", "", false});
    CHECK(st.empire_codes() == std::vector<std::string>{"ARC", "BEL", "CYG"});
    CHECK(st.empire_index("CYG") == 2);
    CHECK(st.empire_index("DEN") == -1);
    CHECK(st.find_empire("ARC")->computer);
    CHECK(st.find_empire("DEN") == nullptr);
    // CYG's records moved with it; the new empires have initial records of every empire kind.
    CHECK(test::emp(st, "CYG", "treasury") == 30);
    CHECK(test::emp(st, "ARC", "treasury") == 0);
    CHECK(test::tech(st, "BEL", "PT") == 1);
    for (const char* kind : {"empire", "sight"})
        CHECK(st.records.rows(st.kind(kind)).size() == 3);
    CHECK_THROWS_AS(st.add_empire(Empire{"ARC", "Again", "", "", false}), std::logic_error);
    // Keys of records by scope.
    CHECK(st.key(st.kind("empire"), "BEL") == 1);
    CHECK(st.key(st.kind("game"), "BEL", 7) == 0);
    CHECK(st.key(st.kind("probe"), "", 7) == 7);
    CHECK(st.key(st.kind("holding"), "", 101) == 101);
}

TEST_CASE("find looks records up by value", "[records][state]") {
    GameState st = small_state();
    st.galaxy.add_place(102, "red", {1, 0});
    test::set_hold(st, 102, "owner", "ARC");
    test::set_hold(st, 101, "owner", "CYG");
    test::set_hold(st, 111, "owner", "ARC");
    CHECK(test::owned_by(st, "ARC") == std::vector<PlaceCode>{102, 111});
    CHECK(test::owned_by(st, "CYG") == std::vector<PlaceCode>{101});
    CHECK(st.find(st.field("holding", "owner"), Value(std::string())).empty());
    test::add_probe(st, "ARC", 101, true);
    test::add_probe(st, "CYG", 101, true);
    test::add_probe(st, "ARC", 111, false);
    CHECK(st.find(st.field("probe", "empire"), Value(std::string("ARC"))) ==
          std::vector<std::int64_t>{1, 3});
    CHECK(st.find(st.field("probe", "system"), Value(std::int64_t{101})) ==
          std::vector<std::int64_t>{1, 2});
    // The setter refuses what the declarations refuse and changes nothing then.
    FieldRef cruisers = st.field("holding", "cruisers");
    CHECK(st.set(cruisers, 101, std::int64_t{-2}) == "-2 is outside 0..100000000");
    CHECK(st.integer(cruisers, 101) == 0);
    CHECK(st.set(st.field("probe", "empire"), 1, std::string("BEL")) ==
          "no empire 'BEL' in this game");
    CHECK(st.text(st.field("probe", "empire"), 1) == "ARC");
}
