#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hl {

// A place of the map (a star, a hex, a world inside a star ...) as a number; the map's CodeFormat writes
// it for players, e.g. 7 -> "007" or 1414 -> "H1414".
using PlaceCode = int;

// How a map writes its place codes: an optional prefix and a fixed number of digits.
struct CodeFormat {
    std::string prefix;  // e.g. "H"; empty for plain numbers
    int digits = 3;      // 1..9
    // The largest code the format can write.
    PlaceCode max() const;
    // A code as players write it, e.g. "007".
    std::string format(PlaceCode code) const;
    // Parses a code as written (the prefix in any case, and only when prefix_optional may it
    // be left out); nullopt unless the text is the prefix and exactly `digits` digits.
    std::optional<PlaceCode> parse(std::string_view text, bool prefix_optional = false) const;
    // What a code looks like, for messages, e.g. "three digits" or "H and four digits".
    std::string describe() const;
    bool operator==(const CodeFormat&) const = default;
};

// How places relate in space: a square grid with squared distances and explicit links, or a
// hex grid that wraps at its edges, where neighbours are the six adjacent hexes.
enum class Geometry { grid, hex };

// Lower-case name of a geometry ("grid", "hex").
const char* geometry_name(Geometry g);

// Parses a geometry name; nullopt if unknown.
std::optional<Geometry> parse_geometry(std::string_view name);

// What a pack's maps look like: their geometry and how codes are written.
struct MapSpec {
    Geometry geometry = Geometry::grid;
    CodeFormat codes;
    bool operator==(const MapSpec&) const = default;
};

}  // namespace hl
