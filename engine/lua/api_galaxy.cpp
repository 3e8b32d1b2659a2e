// galaxy.*: Lua bindings for the galaxy graph of the current game.

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

const KindDef& check_kind(lua_State* L, int idx) {
    std::string kind = check_string(L, idx);
    const KindDef* k = need_pack(L).kind(kind);
    if (!k) throw GalaxyError(fmt::format("unknown system kind '{}'", kind));
    return *k;
}

// galaxy.add_star(code, kind, x, y)
int l_add_star(lua_State* L) {
    SystemCode code = check_system(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (k.satellite)
        throw GalaxyError(
            fmt::format("kind '{}' is a planet or belt: use galaxy.add_satellite", k.code));
    G(L).add_star(code, k.code, GridPos{check_int(L, 3), check_int(L, 4)});
    return 0;
}

// galaxy.add_satellite(code, kind, parent)
int l_add_satellite(lua_State* L) {
    SystemCode code = check_system(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (!k.satellite)
        throw GalaxyError(fmt::format("kind '{}' is a star: use galaxy.add_star", k.code));
    G(L).add_satellite(code, k.code, check_system(L, 3));
    return 0;
}

// galaxy.set_kind(code, kind): a star stays a star, a satellite a satellite.
int l_set_kind(lua_State* L) {
    SystemCode code = check_system(L, 1);
    const KindDef& k = check_kind(L, 2);
    if (k.satellite != G(L).at(code).satellite)
        throw GalaxyError(
            fmt::format("system {} cannot become a {}: stars stay stars and "
                        "satellites stay satellites",
                        code_str(code), k.code));
    G(L).set_kind(code, k.code);
    return 0;
}

// galaxy.link(a, b)
int l_link(lua_State* L) {
    G(L).add_link(check_system(L, 1), check_system(L, 2));
    return 0;
}

// galaxy.unlink(a, b) -> boolean
int l_unlink(lua_State* L) {
    push(L, G(L).remove_link(check_system(L, 1), check_system(L, 2)));
    return 1;
}

// galaxy.linked(a, b) -> boolean
int l_linked(lua_State* L) {
    push(L, G(L).linked(check_system(L, 1), check_system(L, 2)));
    return 1;
}

// galaxy.distsq(a, b) -> integer
int l_distsq(lua_State* L) {
    push(L, G(L).distsq(check_system(L, 1), check_system(L, 2)));
    return 1;
}

// galaxy.segment_clear(a, b) -> boolean
int l_segment_clear(lua_State* L) {
    push(L, G(L).segment_clear(check_system(L, 1), check_system(L, 2)));
    return 1;
}

// galaxy.crosses(a, b) -> boolean
int l_crosses(lua_State* L) {
    push(L, G(L).crosses_link(check_system(L, 1), check_system(L, 2)));
    return 1;
}

// galaxy.degree(code) -> integer
int l_degree(lua_State* L) {
    push(L, G(L).degree(check_system(L, 1)));
    return 1;
}

// galaxy.links(code) -> {codes}
int l_links(lua_State* L) {
    push_codes(L, G(L).at(check_system(L, 1)).links);
    return 1;
}

// galaxy.kind(code) -> string
int l_kind(lua_State* L) {
    push(L, G(L).at(check_system(L, 1)).kind);
    return 1;
}

// galaxy.pos(code) -> x, y
int l_pos(lua_State* L) {
    const System& s = G(L).at(check_system(L, 1));
    push(L, s.pos.x);
    push(L, s.pos.y);
    return 2;
}

// galaxy.parent(code) -> code or nil
int l_parent(lua_State* L) {
    push(L, G(L).at(check_system(L, 1)).parent);
    return 1;
}

// galaxy.is_satellite(code) -> boolean
int l_is_satellite(lua_State* L) {
    push(L, G(L).at(check_system(L, 1)).satellite);
    return 1;
}

// galaxy.satellites(star) -> {codes}
int l_satellites(lua_State* L) {
    push_codes(L, G(L).satellites_of(check_system(L, 1)));
    return 1;
}

// galaxy.exists(code) -> boolean
int l_exists(lua_State* L) {
    push(L, G(L).contains(check_system(L, 1)));
    return 1;
}

// galaxy.systems() -> {codes}, ordered by code
int l_systems(lua_State* L) {
    std::vector<SystemCode> out;
    for (const auto& [code, s] : G(L).systems())
        out.push_back(code);
    push_codes(L, out);
    return 1;
}

// galaxy.stars() -> {codes} of stars only, ordered by code
int l_stars(lua_State* L) {
    std::vector<SystemCode> out;
    for (const auto& [code, s] : G(L).systems())
        if (!s.satellite) out.push_back(code);
    push_codes(L, out);
    return 1;
}

// galaxy.star_at(x, y) -> code or nil
int l_star_at(lua_State* L) {
    push(L, G(L).star_at(GridPos{check_int(L, 1), check_int(L, 2)}));
    return 1;
}

// galaxy.hops(code) -> {[code] = links away}; unreachable systems are absent
int l_hops(lua_State* L) {
    auto hops = G(L).hops_from(check_system(L, 1));
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

// galaxy.size() -> number of systems
int l_size(lua_State* L) {
    push(L, static_cast<int>(G(L).size()));
    return 1;
}

const luaL_Reg kGalaxyFunctions[] = {
    {"add_star", lua_guard<l_add_star>},
    {"add_satellite", lua_guard<l_add_satellite>},
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
    {"is_satellite", lua_guard<l_is_satellite>},
    {"satellites", lua_guard<l_satellites>},
    {"exists", lua_guard<l_exists>},
    {"systems", lua_guard<l_systems>},
    {"stars", lua_guard<l_stars>},
    {"star_at", lua_guard<l_star_at>},
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
