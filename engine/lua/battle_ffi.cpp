#include "lua/battle_ffi.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/attrition.hpp"

namespace hl {

namespace {

// battle.attrition_left's arguments, laid out as the FFI declaration in kWrapper says: the
// rules, then per side fixed, while_units and four (count, strength) pairs.
struct LeftIn {
    std::int32_t divisor, max_rounds, first_fire, first_fire_extra;
    std::int32_t side[2][10];
};

// battle.attrition_left's results, laid out as the FFI declaration in kWrapper says.
struct LeftOut {
    std::int32_t rounds;
    std::int32_t left[2][4];
    std::int32_t strength[2];
};

// Fights the battle for the FFI wrapper; returns 0, or 1 when the arithmetic refused the
// input (the wrapper then asks the C binding, which raises the error). Never throws.
extern "C" int hl_attrition_left_ffi(const LeftIn* in, LeftOut* out) {
    try {
        AttritionRules r;
        r.divisor = in->divisor;
        r.max_rounds = in->max_rounds;
        r.first_fire = in->first_fire - 1;
        r.first_fire_extra = in->first_fire_extra;
        AttritionSide side[2];
        for (int s = 0; s < 2; ++s) {
            side[s].fixed = in->side[s][0];
            side[s].while_units = in->side[s][1];
            for (int c = 0; c < 4; ++c) {
                side[s].counts.push_back(in->side[s][2 + 2 * c]);
                side[s].strength.push_back(in->side[s][3 + 2 * c]);
            }
        }
        AttritionResult res = attrition(side[0], side[1], r);
        out->rounds = static_cast<std::int32_t>(res.rounds.size());
        for (std::size_t s = 0; s < 2; ++s) {
            for (std::size_t c = 0; c < 4; ++c)
                out->left[s][c] = res.left[s][c];
            out->strength[s] = res.rounds.empty() ? 0 : res.rounds[0].strength[s];
        }
        return 0;
    } catch (...) {
        return 1;
    }
}

// Engine-owned Lua run once per state with (ffi, function pointer, battle table): it keeps the
// ffi module and the C binding in upvalues and replaces battle.attrition_left. Whole numbers in
// the int32 range take the FFI path; anything else, or input the arithmetic refuses, goes to
// the C binding so that errors read exactly as before and point at the calling script's line.
constexpr const char* kWrapper = R"LUA(
local ffi, fn_ptr, battle = ...
ffi.cdef[[
typedef struct {
  int32_t divisor, max_rounds, first_fire, first_fire_extra;
  int32_t side[2][10];
} hl_left_in;
typedef struct {
  int32_t rounds;
  int32_t left[2][4];
  int32_t strength[2];
} hl_left_out;
]]
local fight = ffi.cast("int (*)(const hl_left_in *, hl_left_out *)", fn_ptr)
local inp, out = ffi.new("hl_left_in"), ffi.new("hl_left_out")
local c_left = battle.attrition_left
local type, floor, pcall, error, gsub = type, math.floor, pcall, error, string.gsub
local unpack, tostring = unpack, tostring

local function whole(v)
  return type(v) == "number" and v == floor(v) and v >= -2147483648 and v <= 2147483647
end

-- The C binding decides: true and its results, or false and its error message.
local function slow(...)
  local res = { pcall(c_left, ...) }
  if res[1] then return true, unpack(res, 2, 12) end
  return false, (gsub(tostring(res[2]), "'%?'", "'attrition_left'", 1))
end

battle.attrition_left = function(divisor, rounds, first, extra, af, aw, ac1, as1, ac2, as2, ac3,
    as3, ac4, as4, bf, bw, bc1, bs1, bc2, bs2, bc3, bs3, bc4, bs4)
  if whole(divisor) and whole(rounds) and whole(first) and whole(extra) and whole(af) and
      whole(aw) and whole(ac1) and whole(as1) and whole(ac2) and whole(as2) and whole(ac3) and
      whole(as3) and whole(ac4) and whole(as4) and whole(bf) and whole(bw) and whole(bc1) and
      whole(bs1) and whole(bc2) and whole(bs2) and whole(bc3) and whole(bs3) and whole(bc4) and
      whole(bs4) then
    inp.divisor, inp.max_rounds, inp.first_fire, inp.first_fire_extra = divisor, rounds, first, extra
    inp.side[0][0] = af
    inp.side[0][1] = aw
    inp.side[0][2] = ac1
    inp.side[0][3] = as1
    inp.side[0][4] = ac2
    inp.side[0][5] = as2
    inp.side[0][6] = ac3
    inp.side[0][7] = as3
    inp.side[0][8] = ac4
    inp.side[0][9] = as4
    inp.side[1][0] = bf
    inp.side[1][1] = bw
    inp.side[1][2] = bc1
    inp.side[1][3] = bs1
    inp.side[1][4] = bc2
    inp.side[1][5] = bs2
    inp.side[1][6] = bc3
    inp.side[1][7] = bs3
    inp.side[1][8] = bc4
    inp.side[1][9] = bs4
    if fight(inp, out) == 0 then
      local l, s = out.left, out.strength
      return out.rounds, l[0][0], l[0][1], l[0][2], l[0][3], l[1][0], l[1][1], l[1][2], l[1][3],
        s[0], s[1]
    end
  end
  local res = { slow(divisor, rounds, first, extra, af, aw, ac1, as1, ac2, as2, ac3, as3, ac4,
    as4, bf, bw, bc1, bs1, bc2, bs2, bc3, bs3, bc4, bs4) }
  if not res[1] then error(res[2], 2) end -- at the calling script's line
  return unpack(res, 2, 12)
end
)LUA";

// Registry key anchoring the ffi module: LuaJIT crashes in lua_close if the module table is
// collected while cdata it made are alive.
char kFfiKey;

}  // namespace

void install_battle_ffi(lua_State* L, int ffi_index) {
    if (ffi_index < 0 && ffi_index > LUA_REGISTRYINDEX) ffi_index = lua_gettop(L) + ffi_index + 1;
    lua_pushlightuserdata(L, &kFfiKey);
    lua_pushvalue(L, ffi_index);
    lua_rawset(L, LUA_REGISTRYINDEX);
    if (luaL_loadbuffer(L, kWrapper, std::strlen(kWrapper), "=battle") != 0)
        throw std::runtime_error(std::string("battle FFI wrapper: ") + lua_tostring(L, -1));
    lua_pushvalue(L, ffi_index);
    lua_pushlightuserdata(L, reinterpret_cast<void*>(&hl_attrition_left_ffi));
    lua_getfield(L, LUA_GLOBALSINDEX, "battle");
    if (lua_pcall(L, 3, 0, 0) != 0)
        throw std::runtime_error(std::string("battle FFI wrapper: ") + lua_tostring(L, -1));
}

}  // namespace hl
