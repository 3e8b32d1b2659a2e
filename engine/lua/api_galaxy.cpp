// galaxy.*: Lua bindings for the map of the current game: places, links, distances, hexes.

#include "core/state.hpp"
#include "lua/convert.hpp"
#include "lua/modules.hpp"
#include "pack/pack.hpp"

#include <fmt/format.h>

namespace hl {

namespace {

Galaxy& G(lua_State* L) {
    return need_state(L).galaxy;
}

// The map, to change.
Galaxy& G_change(lua_State* L) {
    return need_state_to_change(L).galaxy;
}

const KindDef& check_kind(lua_State* L, int idx) {
    std::string kind = check_string(L, idx);
    const KindDef* k = need_pack(L).kind(kind);
    if (!k) throw GalaxyError(fmt::format("unknown place kind '{}'", kind));
    return *k;
}

// Argument idx as a code of a place on the map.
PlaceCode check_place(lua_State* L, int idx) {
    std::int64_t v = check_integer(L, idx);
    const Galaxy& g = G(L);
    if (v < 0 || v > g.spec().codes.max())
        luaL_argerror(L, idx, fmt::format("expected a place code ({})", g.spec().codes.describe()).c_str());
    return static_cast<PlaceCode>(v);
}

// galaxy.add(code, kind, x, y): an outer place
int l_add(lua_State* L) {
    PlaceCode code = check_place(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (k.inner)
        throw GalaxyError(fmt::format("kind '{}' lies inside other places: use galaxy.add_inner",
                                      k.code));
    G_change(L).add_place(code, k.code, GridPos{check_int(L, 3), check_int(L, 4)});
    return 0;
}

// galaxy.add_inner(code, kind, parent): a place inside an outer one
int l_add_inner(lua_State* L) {
    PlaceCode code = check_place(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (!k.inner)
        throw GalaxyError(fmt::format("kind '{}' is an outer kind: use galaxy.add", k.code));
    G_change(L).add_inner(code, k.code, check_place(L, 3));
    return 0;
}

// galaxy.set_kind(code, kind): an outer place stays outer, an inner one inner.
int l_set_kind(lua_State* L) {
    PlaceCode code = check_place(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (k.inner != G(L).at(code).inner())
        throw GalaxyError(fmt::format("place {} cannot become a {}: outer places stay outer and "
                                      "inner places inner",
                                      G(L).code_str(code), k.code));
    G_change(L).set_kind(code, k.code);
    return 0;
}

// galaxy.link(a, b)
int l_link(lua_State* L) {
    G_change(L).add_link(check_place(L, 1), check_place(L, 2));
    return 0;
}

// galaxy.unlink(a, b) -> boolean
int l_unlink(lua_State* L) {
    push(L, G_change(L).remove_link(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.linked(a, b) -> boolean
int l_linked(lua_State* L) {
    push(L, G(L).linked(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.distsq(a, b) -> integer
int l_distsq(lua_State* L) {
    push(L, G(L).distsq(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.segment_clear(a, b) -> boolean
int l_segment_clear(lua_State* L) {
    push(L, G(L).segment_clear(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.crosses(a, b) -> boolean
int l_crosses(lua_State* L) {
    push(L, G(L).crosses_link(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.degree(code) -> integer
int l_degree(lua_State* L) {
    push(L, G(L).degree(check_place(L, 1)));
    return 1;
}

// galaxy.links(code) -> {codes}
int l_links(lua_State* L) {
    push_codes(L, G(L).at(check_place(L, 1)).links);
    return 1;
}

// galaxy.kind(code) -> string
int l_kind(lua_State* L) {
    push(L, G(L).at(check_place(L, 1)).kind);
    return 1;
}

// galaxy.pos(code) -> x, y
int l_pos(lua_State* L) {
    const Place& s = G(L).at(check_place(L, 1));
    push(L, s.pos.x);
    push(L, s.pos.y);
    return 2;
}

// galaxy.parent(code) -> code or nil
int l_parent(lua_State* L) {
    push(L, G(L).at(check_place(L, 1)).parent);
    return 1;
}

// galaxy.is_inner(code) -> boolean
int l_is_inner(lua_State* L) {
    push(L, G(L).at(check_place(L, 1)).inner());
    return 1;
}

// galaxy.inner(code) -> {codes} of the places inside it
int l_inner(lua_State* L) {
    push_codes(L, G(L).inner_of(check_place(L, 1)));
    return 1;
}

// galaxy.exists(code) -> boolean
int l_exists(lua_State* L) {
    push(L, G(L).contains(check_place(L, 1)));
    return 1;
}

// galaxy.places() -> {codes}, ordered by code
int l_places(lua_State* L) {
    std::vector<PlaceCode> out;
    for (const auto& [code, s] : G(L).places())
        out.push_back(code);
    push_codes(L, out);
    return 1;
}

// galaxy.outer() -> {codes} of outer places only, ordered by code
int l_outer(lua_State* L) {
    std::vector<PlaceCode> out;
    for (const auto& [code, s] : G(L).places())
        if (!s.inner()) out.push_back(code);
    push_codes(L, out);
    return 1;
}

// galaxy.place_at(x, y) -> code of the outer place there, or nil
int l_place_at(lua_State* L) {
    auto c = G(L).place_at(GridPos{check_int(L, 1), check_int(L, 2)});
    if (c)
        lua_pushinteger(L, *c);
    else
        lua_pushnil(L);
    return 1;
}

// galaxy.code(code) -> the code as players write it, e.g. "007" or "H1414"
int l_code(lua_State* L) {
    push(L, G(L).code_str(check_place(L, 1)));
    return 1;
}

// galaxy.parse_code(text [, prefix_optional]) -> code, or nil if text is not a code
int l_parse_code(lua_State* L) {
    std::string text = check_string(L, 1);
    auto c = G(L).spec().codes.parse(text, lua_toboolean(L, 2) != 0);
    if (c)
        lua_pushinteger(L, *c);
    else
        lua_pushnil(L);
    return 1;
}

// galaxy.distance(a, b) -> squared distance on a grid map, steps on a hex map
int l_distance(lua_State* L) {
    push(L, G(L).distance(check_place(L, 1), check_place(L, 2)));
    return 1;
}

// galaxy.neighbours(code) -> {codes} of the outer places next to it (links, or adjacent hexes)
int l_neighbours(lua_State* L) {
    push_codes(L, G(L).neighbours(check_place(L, 1)));
    return 1;
}

// The hex grid of the map; a Lua error on a grid map or before set_size.
const HexGrid& need_hex(lua_State* L) {
    const HexGrid* h = G(L).hex();
    if (!h) throw GalaxyError("this is not a hex map with a size (galaxy.set_size)");
    return *h;
}

// galaxy.set_size(width, height): the size of a hex map
int l_set_size(lua_State* L) {
    G_change(L).set_hex_size(check_int(L, 1), check_int(L, 2));
    return 0;
}

// galaxy.size_of() -> width, height of a hex map
int l_size_of(lua_State* L) {
    const HexGrid& h = need_hex(L);
    push(L, h.width());
    push(L, h.height());
    return 2;
}

// galaxy.hex_step(col, row, dir) -> col, row: the next hex in a direction ("n", "ne", ...)
int l_hex_step(lua_State* L) {
    const HexGrid& h = need_hex(L);
    auto dir = parse_hex_dir(check_string(L, 3));
    if (!dir) luaL_argerror(L, 3, "expected a direction: n, ne, se, s, sw or nw");
    HexPos p = h.step({check_int(L, 1), check_int(L, 2)}, *dir);
    push(L, p.col);
    push(L, p.row);
    return 2;
}

// galaxy.hex_distance(col1, row1, col2, row2) -> steps between two hexes, wrapping at the edges
int l_hex_distance(lua_State* L) {
    const HexGrid& h = need_hex(L);
    push(L, h.distance({check_int(L, 1), check_int(L, 2)}, {check_int(L, 3), check_int(L, 4)}));
    return 1;
}

// galaxy.hex_translate(col, row, centre_col, centre_row, shown_col, shown_row) -> col, row: a
// hex in the coordinates of a viewer who sees `centre` at `shown` (and back, swapping them)
int l_hex_translate(lua_State* L) {
    const HexGrid& h = need_hex(L);
    HexPos p = h.translate({check_int(L, 1), check_int(L, 2)}, {check_int(L, 3), check_int(L, 4)},
                           {check_int(L, 5), check_int(L, 6)});
    push(L, p.col);
    push(L, p.row);
    return 2;
}

// galaxy.hops(code) -> {[code] = links away}; unreachable places are absent
int l_hops(lua_State* L) {
    auto hops = G(L).hops_from(check_place(L, 1));
    lua_createtable(L, 0, static_cast<int>(hops.size()));
    int t = lua_gettop(L);
    for (const auto& [code, d] : hops) {
        if (d < 0) continue;
        lua_pushinteger(L, d);
        lua_rawseti(L, t, code);
    }
    return 1;
}

// galaxy.connected() -> boolean
int l_connected(lua_State* L) {
    push(L, G(L).connected());
    return 1;
}

// galaxy.size() -> number of places
int l_size(lua_State* L) {
    push(L, static_cast<int>(G(L).size()));
    return 1;
}

const luaL_Reg kGalaxyFunctions[] = {
    {"add", lua_guard<l_add>},
    {"add_inner", lua_guard<l_add_inner>},
    {"set_kind", lua_guard<l_set_kind>},
    {"link", lua_guard<l_link>},
    {"unlink", lua_guard<l_unlink>},
    {"linked", lua_guard<l_linked>},
    {"distsq", lua_guard<l_distsq>},
    {"segment_clear", lua_guard<l_segment_clear>},
    {"crosses", lua_guard<l_crosses>},
    {"degree", lua_guard<l_degree>},
    {"links", lua_guard<l_links>},
    {"kind", lua_guard<l_kind>},
    {"pos", lua_guard<l_pos>},
    {"parent", lua_guard<l_parent>},
    {"is_inner", lua_guard<l_is_inner>},
    {"inner", lua_guard<l_inner>},
    {"exists", lua_guard<l_exists>},
    {"places", lua_guard<l_places>},
    {"outer", lua_guard<l_outer>},
    {"place_at", lua_guard<l_place_at>},
    {"code", lua_guard<l_code>},
    {"parse_code", lua_guard<l_parse_code>},
    {"distance", lua_guard<l_distance>},
    {"neighbours", lua_guard<l_neighbours>},
    {"set_size", lua_guard<l_set_size>},
    {"size_of", lua_guard<l_size_of>},
    {"hex_step", lua_guard<l_hex_step>},
    {"hex_distance", lua_guard<l_hex_distance>},
    {"hex_translate", lua_guard<l_hex_translate>},
    {"hops", lua_guard<l_hops>},
    {"connected", lua_guard<l_connected>},
    {"size", lua_guard<l_size>},
    {nullptr, nullptr},
};

}  // namespace

int luaopen_galaxy(lua_State* L) {
    luaL_register(L, "galaxy", kGalaxyFunctions);
    lua_pop(L, 1);
    return 0;
}

}  // namespace hl
