#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace hl {

// The map of an empire report as a self-contained SVG: every seen system at its grid position
// (planets and belts around their star), known links, owned systems highlighted and other
// empires' systems marked where scouted. Each system is a <g class="system" data-code=...>.
std::string render_map_svg(const nlohmann::ordered_json& report);

// The same map as a compact text grid for the plain-text report: one character per grid cell
// (upper-case: owned, lower-case: scouted and owned by another empire, '*' / '.': seen stars),
// with a legend; at most `width` columns.
std::string render_map_text(const nlohmann::ordered_json& report, int width = 78);

}  // namespace hl
