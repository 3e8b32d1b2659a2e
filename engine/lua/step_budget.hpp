#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hl {

// Why a script cannot be prepared for the step budget: the line and what is wrong.
struct StepBudgetError {
    int line = 0;
    std::string message;
};

// Name of the upvalue the inserted checks count down; scripts may not use names with this
// prefix.
inline constexpr std::string_view kStepBudgetPrefix = "__hl_";

// Rewrites Lua source so that every function call, loop iteration and goto costs one step of
// the host's budget, a guard that works in JIT-compiled code too (LuaJIT's count hooks do not).
// The text becomes `local __hl_S = ...; return function(...) <source>\nend`: run once with the
// budget table, it returns the script's main function. A check that counts __hl_S[1] down and
// calls __hl_S.stop() below zero (in a `do ... end` block of its own, with a local
// `__hl_n`) goes after each `do`, `repeat` and function parameter list
// and before each `goto`, on the same line, so line numbers in messages do not change. The
// source must already compile; a name starting with `__hl_` is refused.
std::optional<StepBudgetError> instrument_steps(std::string_view source, std::string& out);

}  // namespace hl
