#include "game/galaxy_check.hpp"

#include <fmt/format.h>

#include "pack/pack.hpp"

namespace hl {

void check_galaxy(const Galaxy& galaxy, const Pack& pack, const SourcePos& where,
                  Diagnostics& diags) {
    const std::int64_t max_links = pack.const_int("map.max_links", 7);
    for (const auto& [code, s] : galaxy.systems()) {
        const KindDef* k = pack.kind(s.kind);
        if (!k) {
            diags.error(where, fmt::format("system {}: unknown kind '{}'", code_str(code), s.kind));
            continue;
        }
        if (k->satellite != s.satellite)
            diags.error(where, fmt::format("system {}: a {} {}", code_str(code), s.kind,
                                           s.satellite ? "cannot orbit a star"
                                                       : "must have a parent star"));
        if (!s.satellite && static_cast<std::int64_t>(s.links.size()) > max_links)
            diags.error(where, fmt::format("star {} has {} links; at most {} are allowed "
                                           "(counting its planets and belts)",
                                           code_str(code), s.links.size(), max_links));
    }
    if (galaxy.size() > 0 && !galaxy.connected()) {
        auto hops = galaxy.hops_from(galaxy.systems().begin()->first);
        for (const auto& [code, d] : hops)
            if (d < 0) {
                diags.error(where,
                            fmt::format("the map is not connected: system {} cannot be "
                                        "reached from system {}",
                                        code_str(code), code_str(galaxy.systems().begin()->first)));
                break;
            }
    }
}

}  // namespace hl
