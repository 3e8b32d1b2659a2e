#pragma once

#include "core/diagnostics.hpp"
#include "core/schema.hpp"

namespace hl {

class Pack;

// Sets schema.engine_fields from the pack's [constants.sim] keys out, missed_turns, ended_turn
// and winner (docs/packs.md "Fields the engine reads"): a key the pack gives must name a field
// of the empire or game kind of the right type, or be "" (the game has none); a key left out
// keeps the usual name, which must then have the right type if the schema declares it.
void read_engine_fields(const Pack& pack, Schema& schema, Diagnostics& diags);

}  // namespace hl
