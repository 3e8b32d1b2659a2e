#include "game/galaxy_check.hpp"

#include <fmt/format.h>

#include "pack/pack.hpp"

namespace hl {

void check_galaxy(const Galaxy& galaxy, const Pack& pack, const SourcePos& where,
                  Diagnostics& diags) {
    const std::int64_t max_links = pack.const_int("map.max_links", 1000000);
    for (const auto& [code, s] : galaxy.places()) {
        const KindDef* k = pack.kind(s.kind);
        if (!k) {
            diags.error(where,
                        fmt::format("place {}: unknown kind '{}'", galaxy.code_str(code), s.kind));
            continue;
        }
        if (k->inner != s.inner())
            diags.error(where, fmt::format("place {}: a {} {}", galaxy.code_str(code), s.kind,
                                           s.inner() ? "is an outer place and has no parent"
                                                     : "lies inside another place: it needs one"));
        if (!s.inner() && static_cast<std::int64_t>(s.links.size()) > max_links)
            diags.error(where, fmt::format("place {} has {} links; at most {} are allowed "
                                           "(counting the places inside it)",
                                           galaxy.code_str(code), s.links.size(), max_links));
    }
    // On a map of links every place must be reachable; hex maps join places by adjacency.
    if (galaxy.spec().geometry == Geometry::grid && galaxy.size() > 0 && !galaxy.connected()) {
        PlaceCode first = galaxy.places().begin()->first;
        for (const auto& [code, d] : galaxy.hops_from(first))
            if (d < 0) {
                diags.error(where, fmt::format("the map is not connected: place {} cannot be "
                                               "reached from place {}",
                                               galaxy.code_str(code), galaxy.code_str(first)));
                break;
            }
    }
}

}  // namespace hl
