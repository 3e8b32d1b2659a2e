#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include <toml++/toml.h>

#include "core/diagnostics.hpp"

namespace hl {

// The range a constant's numbers must lie in, as a pack declares it under [limits]
// (`"economy.stash_cost" = { min = 1, max = 100, integer = true }`) or as the engine requires
// it of the constants it reads itself. A limit on a table covers every number below it, one on
// an array every element.
struct ConstantLimit {
    std::optional<double> min;  // inclusive
    std::optional<double> max;  // inclusive
    bool integer = false;       // whole numbers only
    SourcePos where;            // the declaration; empty for the engine's own limits
};

// Constant paths (dotted, under [constants]) and their limits.
using ConstantLimits = std::map<std::string, ConstantLimit>;

// Reads one pack layer's [limits] table into `into`: a later layer's limit for a path replaces
// an earlier one's. Malformed entries are reported to diags.
void read_limits(const toml::table& limits, ConstantLimits& into, Diagnostics& diags);

// The limits the engine itself needs for the constants it reads (game.actions_per_turn,
// engine.step_budget, ...), whatever the pack declares.
const ConstantLimits& engine_limits();

// What is wrong with a value against a limit ("is 0; at least 1"), or nullopt if it is fine.
// Numbers outside the limit, fractions where whole numbers are required, NaN and infinities
// are wrong; values that are not numbers are not checked.
std::optional<std::string> limit_problem(const ConstantLimit& limit, const toml::node& value);

// What is wrong with a value given for the constant at `path` (a scenario's [galaxy] value for
// galaxy.<name>): a NaN or an infinity, or a value outside a limit declared for the path or for
// a table above it; nullopt if nothing is.
std::optional<std::string> value_problem(const ConstantLimits& limits, const std::string& path,
                                         const toml::node& value);

// Checks the merged constants: every number must be finite; every constant a limit names (the
// pack's and the engine's) must, if the pack defines it, be a number, or a table or array of
// them, inside the limit; a pack limit must name a constant. `pos_of` gives where a constant
// (dotted path) was defined. Problems go to diags.
void check_constant_limits(const toml::table& constants, const ConstantLimits& pack_limits,
                           const std::function<SourcePos(const std::string&)>& pos_of,
                           Diagnostics& diags);

}  // namespace hl
