#pragma once

#include <string>

#include "core/diagnostics.hpp"
#include "core/state.hpp"
#include "lua/runtime.hpp"
#include "pack/pack.hpp"

namespace hl {

// Checks turnsheets the computer wrote with the same grammar and checks `hyperlane check`
// uses, against the state at the start of the turn they were written for. The sheet of a
// non-player empire is checked as if a player had sent it (the checks refuse any sheet for
// such an empire otherwise), and with the computer's placeholder secret taken as the empire's.
// Keeps its own scratch copy of the state.
class SheetAudit {
  public:
    // An auditor for games of `pack` (which must outlive it).
    explicit SheetAudit(const Pack& pack);
    // Reads and checks one sheet written for the turn after `state`; findings go to `out`
    // under the name `file`.
    void check(const GameState& state, const std::string& file, const std::string& text,
               Diagnostics& out);

  private:
    const Pack& pack_;
    GameState scratch_;
    Runtime rt_;
};

}  // namespace hl
