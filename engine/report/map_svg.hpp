#pragma once

#include <string>

#include "report/document.hpp"

namespace hl {

// A map as one self-contained SVG picture: on a grid, places as discs at their positions; on a
// hex map, the hexes of the map's extent with each place's hex filled; places inside another on
// a small ring around it; links as lines; every place labelled (its label, else its code) with
// its title as a tooltip; outlines for ring layers; the legend under the map. Each place is a
// <g class="place" data-code="..."> element.
std::string map_svg(const DocMap& map);

}  // namespace hl
