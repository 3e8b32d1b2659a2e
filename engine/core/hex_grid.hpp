#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace hl {

// A column and row on a hex map, both 1-based as players write them (H0714: column 7, row 14).
struct HexPos {
    int col = 1;
    int row = 1;
    bool operator==(const HexPos&) const = default;
};

// The six directions of a hex map whose columns stand upright: north, north-east, south-east,
// south, south-west, north-west (index 0..5 in this order, clockwise).
enum class HexDir { n, ne, se, s, sw, nw };

// Parses a direction's short name ("n", "ne", ... any case); nullopt if unknown.
std::optional<HexDir> parse_hex_dir(std::string_view name);

// Short lower-case name of a direction ("n", "ne", "se", "s", "sw", "nw").
const char* hex_dir_name(HexDir d);

// A hex map of width x height hexes that wraps at its edges (seed 004, section 5): rows wrap
// top to bottom; leaving the east edge enters the west edge displaced by half the column height
// (and back), so that going straight in any direction for `width` steps returns to the start
// when width == height. Even columns stand half a hex lower than odd ones.
class HexGrid {
  public:
    // A map of the given size; width and height must be even and at least 2.
    HexGrid(int width, int height);
    // Width in columns.
    int width() const { return w_; }
    // Height in rows.
    int height() const { return h_; }
    // True if the position is on the map (1..width, 1..height).
    bool contains(HexPos p) const;
    // The neighbouring hex in a direction, wrapping at the edges.
    HexPos step(HexPos p, HexDir d) const;
    // The six neighbours, in direction order.
    std::array<HexPos, 6> neighbours(HexPos p) const;
    // Fewest steps between two hexes, wrapping at the edges.
    int distance(HexPos a, HexPos b) const;
    // The position reached by moving the origin of a coordinate system: p seen from a frame in
    // which `centre` is shown at `shown` (each race's own coordinates, seed 004 section 5).
    HexPos translate(HexPos p, HexPos centre, HexPos shown) const;

  private:
    int w_, h_;
};

}  // namespace hl
