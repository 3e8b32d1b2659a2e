#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/diagnostics.hpp"
#include "orders/order.hpp"
#include "orders/order_text.hpp"

namespace hl {

// A finding a pack's check function reported with ctx.error or ctx.warning.
struct CheckFinding {
    Severity severity = Severity::error;
    std::optional<Box> box;  // the box it is about; nullopt for the whole order
    std::string message;
};

// The `ctx` table a pack's A.check(order, ctx) and A.estimate(order, ctx) receive for one
// sheet (docs/turnsheet.md): empire, turn, slots, orders, sheet (notes kept between orders),
// slot, balance, treasury, error(box, message), warning(box, message). It lives in the Lua
// registry while this object does.
class CheckContext {
  public:
    // Builds ctx for a sheet's empire, for the turn the orders will run in.
    CheckContext(lua_State* L, const Turnsheet& sheet, int turn, int slots);
    ~CheckContext();
    CheckContext(const CheckContext&) = delete;
    CheckContext& operator=(const CheckContext&) = delete;
    // Sets what changes from order to order: its slot and the BPs estimated left before it.
    void set_order(int slot, std::int64_t balance, std::int64_t treasury);
    // Pushes the ctx table.
    void push() const;
    // The findings reported since the last call, emptied.
    std::vector<CheckFinding> take_findings();

  private:
    lua_State* L_;
    int ctx_ref_ = LUA_NOREF;
    int findings_ref_ = LUA_NOREF;
};

}  // namespace hl
