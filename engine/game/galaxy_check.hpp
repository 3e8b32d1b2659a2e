#pragma once

#include <string>

#include "core/diagnostics.hpp"
#include "core/galaxy.hpp"

namespace hl {

class Pack;

// Checks a map against the pack: known kinds, satellites only on stars, at most
// `map.max_links` links per star, and one connected graph. Problems go to diags under `where`.
void check_galaxy(const Galaxy& galaxy, const Pack& pack, const SourcePos& where,
                  Diagnostics& diags);

}  // namespace hl
