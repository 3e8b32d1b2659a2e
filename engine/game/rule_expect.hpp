#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "io/toml_doc.hpp"

namespace hl {

// Checks what a rule test's expected.toml says must hold (docs/rule-tests.md) against the state
// after its last turn and the records of every turn it ran (turn 1 first): [[result]],
// [[note]], [[report]], [game] and a [[<kind>]] table for each record kind of the pack. Every
// check that does not hold is a line `expected.toml:LINE:COL: FAIL: what: expected X, got Y` in
// the result; keys it does not know are left unread (the caller reports them as unknown).
// `report_text` gives the text report of the last turn of an empire ("" for the game report);
// it is called only for the reports a [[report]] table names, and may throw.
std::vector<std::string> check_expected(
    TomlView& root, const GameState& state, const std::vector<TurnRecord>& records,
    const std::function<std::string(const std::string&)>& report_text = nullptr);

}  // namespace hl
