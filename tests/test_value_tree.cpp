// ValueTree (core/value_tree.hpp): the flat tree of plain values that report documents are read
// from, made from JSON or straight from a Lua table (lua_to_tree) with lua_to_json's rules.

#include <catch2/catch.hpp>

#include <string>

#include "core/value_tree.hpp"
#include "lua/host.hpp"
#include "lua/lua_json.hpp"
#include "report/document_json.hpp"
#include "report/document_read.hpp"

using namespace hl;
using json = nlohmann::ordered_json;
using Kind = ValueTree::Kind;

namespace {

// The tree's value v written back as JSON, members in the tree's order.
json to_json(const ValueTree& t, ValueTree::Id v) {
    switch (t.kind(v)) {
        case Kind::null:
            return nullptr;
        case Kind::boolean:
            return t.flag(v);
        case Kind::integer:
            return t.whole(v);
        case Kind::number:
            return t.number(v);
        case Kind::text:
            return std::string(t.text(v));
        case Kind::list: {
            json a = json::array();
            for (std::size_t i = 0; i < t.size(v); ++i)
                a.push_back(to_json(t, t.item(v, i)));
            return a;
        }
        case Kind::table: {
            json o = json::object();
            for (std::size_t i = 0; i < t.size(v); ++i)
                o[std::string(t.key(v, i))] = to_json(t, t.item(v, i));
            return o;
        }
    }
    return nullptr;
}

}  // namespace

TEST_CASE("a value tree holds what JSON holds, members in order", "[value_tree]") {
    const json j = json::parse(R"({"b": [1, 2.5, "x", true, null, []], "a": {}, "c": {"d": -7}})");
    const ValueTree t = value_tree_from_json(j);
    const ValueTree::Id root = ValueTree::kRoot;
    REQUIRE(t.kind(root) == Kind::table);
    REQUIRE(t.size(root) == 3);
    CHECK(t.key(root, 0) == "b");
    CHECK(t.key(root, 1) == "a");
    CHECK(t.key(root, 2) == "c");
    const ValueTree::Id b = t.find(root, "b");
    REQUIRE(b != ValueTree::kNone);
    CHECK(t.kind(b) == Kind::list);
    CHECK(t.type_name(b) == std::string("array"));
    REQUIRE(t.size(b) == 6);
    CHECK(t.whole(t.item(b, 0)) == 1);
    CHECK(t.kind(t.item(b, 1)) == Kind::number);
    CHECK(t.number(t.item(b, 1)) == 2.5);
    CHECK(t.number(t.item(b, 0)) == 1.0);
    CHECK(t.text(t.item(b, 2)) == "x");
    CHECK(t.flag(t.item(b, 3)));
    CHECK(t.type_name(t.item(b, 4)) == std::string("null"));
    CHECK(t.size(t.item(b, 5)) == 0);
    CHECK(t.type_name(t.find(root, "a")) == std::string("object"));
    CHECK(t.whole(t.find(t.find(root, "c"), "d")) == -7);
    CHECK(t.find(root, "z") == ValueTree::kNone);
    CHECK(t.find(b, "b") == ValueTree::kNone);  // a list has no members by name
    CHECK(to_json(t, root) == j);
    CHECK(ValueTree().empty());
}

TEST_CASE("a Lua value makes the tree its JSON would make", "[value_tree][lua]") {
    LuaHost host;
    lua_State* L = host.L();
    for (const char* code :
         {"return {title = 'T', sections = {{blocks = {{type = 'paragraph', text = 'p'}}}}}",
          "return {3, 2, 1, {}, {x = 1.5, [2] = 'two', [1] = 'one'}}",
          "return {[1] = 'a', [3] = 'c'}",  // not 1..n: a table with keys '1' and '3'
          "return {z = 1, a = 2, m = {true, false}, n = 2^60, f = -0.25}", "return 'text'",
          "return 42", "return {}"}) {
        INFO(code);
        REQUIRE(luaL_dostring(L, code) == 0);
        const json j = lua_to_json(L, -1);
        const ValueTree t = lua_to_tree(L, -1);
        CHECK(to_json(t, ValueTree::kRoot) == j);
        CHECK(to_json(value_tree_from_json(j), ValueTree::kRoot) == j);
        lua_settop(L, 0);
    }
}

TEST_CASE("a document read from its Lua table equals the one read from its JSON",
          "[value_tree][report]") {
    LuaHost host;
    lua_State* L = host.L();
    REQUIRE(luaL_dostring(L, R"(return {kind = 'empire', title = 'Report', sections = {
        {title = 'Stars', id = 'stars', blocks = {
          {type = 'table', columns = {{title = 'Star'}, {title = 'Ships', align = 'right'}},
           rows = {{'Sol', 12}, {'Vega', 1.5}}, sort = {column = 2, descending = true}},
          {type = 'keyvalue', items = {{key = 'Turn', value = 21}}},
          {type = 'list', bullets = true, items = {'one', {text = 'two', items = {'2a'}}}},
          {type = 'map', layers = {{id = 'star', fill = '#fc0'}}, legend = {'star'},
           places = {{code = '1', x = 0, y = 1, layers = {'star'}},
                     {code = '1a', parent = '1', layers = {}}},
           links = {}}}}}})") == 0);
    const Document from_tree = document_from_tree(lua_to_tree(L, -1));
    const Document from_json = document_from_json(lua_to_json(L, -1));
    CHECK(from_tree == from_json);
    REQUIRE(from_tree.sections.size() == 1);
    const auto& table = std::get<DocTable>(from_tree.sections[0].blocks[0]);
    REQUIRE(table.rows.size() == 2);
    CHECK(table.rows[0][0].text == "Sol");  // 12 before 1.5: descending by ships
    CHECK(table.rows[1][1].text == "1.5");
    lua_settop(L, 0);

    auto error_of = [&](const char* code) {
        REQUIRE(luaL_dostring(L, code) == 0);
        std::string what = "no error";
        try {
            document_from_tree(lua_to_tree(L, -1));
        } catch (const DocumentError& e) {
            what = e.what();
        }
        lua_settop(L, 0);
        return what;
    };
    CHECK(error_of("return {title = 'T', sections = {{blocks = {{type = 'map', layers = {}, "
                   "places = {{code = '1', x = 1.5, y = 0}}}}}}}") ==
          "sections[0].blocks[0].places[0].x: expected a whole number, found 1.5");
    CHECK(error_of("return {title = 'T', sections = {{blocks = {{type = 'map', layers = {}, "
                   "places = {{code = '1', x = {1, 'a'}, y = 0}}}}}}}") ==
          "sections[0].blocks[0].places[0].x: expected a whole number, found [1,\"a\"]");
    CHECK(error_of("return {title = 'T', sections = {{blocks = {{type = 'paragraph', "
                   "text = 'p', [1] = 'x'}}}}}") == "sections[0].blocks[0]: unknown key '1'");
    CHECK(error_of("return {title = 'T', sections = {[2] = {}}}") ==
          "sections: expected a list, found object");
    CHECK_THROWS_WITH(document_from_tree(ValueTree()), "no document");
    // From JSON, a value is shown as JSON writes it.
    try {
        document_from_json(json::parse(R"({"title": "T", "sections": [{"blocks": [{"type": "map",
            "layers": [], "places": [{"code": "1", "x": 1.0, "y": 0}]}]}]})"));
        FAIL("no error");
    } catch (const DocumentError& e) {
        CHECK(std::string(e.what()) ==
              "sections[0].blocks[0].places[0].x: expected a whole number, found 1.0");
    }
    // Whole numbers beyond 64 bits are numbers, and JSON nested too deep is refused.
    const ValueTree big = value_tree_from_json(json::parse("[18446744073709551615]"));
    CHECK(big.kind(big.item(ValueTree::kRoot, 0)) == Kind::number);
    CHECK_THROWS_AS(
        value_tree_from_json(json::parse(std::string(300, '[') + std::string(300, ']'))),
        std::length_error);
}
