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

// Name of the upvalue of a rewritten script's main function that counts the steps.
inline constexpr const char* kStepCounter = "__hl_n";

// Rewrites Lua source so that every function call, loop iteration and goto costs one step of
// the host's budget, a guard that works in JIT-compiled code too (LuaJIT's count hooks do not).
// The text becomes `local __hl_S = ...; local __hl_n = 0; return function(...) <source>\nend`:
// run once with the budget table, it returns the script's main function, whose upvalue
// `__hl_n` the host then joins to its state's one step counter (kStepCounter). A check that
// counts __hl_n down and calls __hl_S.stop() below zero (in a `do ... end` block of its own)
// goes after each `do`, `repeat` and function parameter list and before each `goto`, on the
// same line, so line numbers in messages do not change. The source must already compile; a
// name starting with `__hl_` is refused.
std::optional<StepBudgetError> instrument_steps(std::string_view source, std::string& out);

}  // namespace hl
