#pragma once

// Limits on the work scripts cause inside C functions (library and engine functions), which the
// step counting added to Lua code cannot see: C stack depth and steps charged for bulk work.

#include <string>

#include <lua.hpp>

namespace hl {

// Most C stack the calls below one engine call may use (gsub callbacks calling gsub, nested
// coroutines, metamethods called by engine functions): well inside any thread's stack.
inline constexpr long kCStackLimit = 1L << 20;

// Marks, for the current thread, where the C stack stood when the engine first called a
// script; nested marks keep the outermost.
class CStackBase {
  public:
    // Records the current frame if no outer mark exists.
    CStackBase();
    // Forgets the mark if this object set it.
    ~CStackBase();
    CStackBase(const CStackBase&) = delete;
    CStackBase& operator=(const CStackBase&) = delete;

  private:
    bool set_ = false;
};

// Raises a Lua error if the C stack below the outermost script call is deeper than
// kCStackLimit. Every C function that can call back into Lua calls it first.
void check_c_stack(lua_State* L);

// Steps left in the budget table at stack index budget: {stop = the error, [2] = a function
// whose upvalue 1 is the counter every script's step checks count down}.
double steps_left(lua_State* L, int budget);

// Sets the steps left in the budget table at stack index budget.
void set_steps(lua_State* L, int budget, double left);

// Takes n steps off the budget table at stack index budget; raises the step budget's error if
// that leaves less than nothing.
void charge_steps(lua_State* L, int budget, double n);

// The innermost frame of a pack file running in L: its chunk (without '@') and line; false if
// there is none. Reads frames only and allocates nothing, so the allocator may call it.
bool innermost_script_frame(lua_State* L, std::string& chunk, int& line);

// Charges one step per this many bytes a library function copies, scans or builds (about the
// time of one step of interpreted Lua).
inline constexpr double kBytesPerStep = 64.0;

}  // namespace hl
