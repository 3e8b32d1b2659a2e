#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex_grid.hpp"
#include "core/place_code.hpp"

namespace hl {

// An integer position on the map: x, y on a square grid, or column, row on a hex map.
struct GridPos {
    int x = 0;
    int y = 0;
    bool operator==(const GridPos&) const = default;
};

// Thrown when a map change would break a rule of the map (unknown code, bad link).
class GalaxyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One place of the map: an outer place with a position of its own, or a place inside another
// (its parent), sharing the parent's position and linked to it.
struct Place {
    PlaceCode code = 0;
    std::string kind;                  // kind code from the pack, e.g. "yellow"
    GridPos pos;                       // inner places share their parent's position
    std::optional<PlaceCode> parent;   // set for inner places only
    std::vector<PlaceCode> links;      // sorted, no duplicates
    // True for a place inside another.
    bool inner() const { return parent.has_value(); }
};

// The map of a game: places by code, symmetric links, and the geometry the pack chose (a
// square grid with squared distances, or a hex grid that wraps at its edges).
class Galaxy {
  public:
    // An empty grid map writing codes as three digits.
    Galaxy() = default;
    // An empty map of a pack's kind.
    explicit Galaxy(MapSpec spec) : spec_(std::move(spec)) {}
    // Geometry and code format.
    const MapSpec& spec() const { return spec_; }
    // Sets the size of a hex map (columns, rows; both even); throws on a grid map.
    void set_hex_size(int width, int height);
    // The hex grid of a hex map whose size is set, or nullptr.
    const HexGrid* hex() const { return hex_ ? &*hex_ : nullptr; }
    // A code as players write it, e.g. "007" or "H1414".
    std::string code_str(PlaceCode code) const { return spec_.codes.format(code); }
    // Parses a code as players write it; nullopt if it is not in the map's format.
    std::optional<PlaceCode> parse_code(std::string_view text) const {
        return spec_.codes.parse(text);
    }
    // Adds an outer place at a position; throws if the code is taken, out of range, or (on a
    // hex map) off the map, or if the position already holds an outer place.
    Place& add_place(PlaceCode code, std::string kind, GridPos pos);
    // Adds a place inside an outer place and links the two; throws if the parent is inner.
    Place& add_inner(PlaceCode code, std::string kind, PlaceCode parent);
    // Links two places; an inner place may be linked only to its parent. Throws on a bad link.
    void add_link(PlaceCode a, PlaceCode b);
    // Removes a link; returns false if there was none.
    bool remove_link(PlaceCode a, PlaceCode b);
    // Changes a place's kind, keeping its links and position.
    void set_kind(PlaceCode code, std::string kind);
    // True if the code names a place.
    bool contains(PlaceCode code) const { return places_.count(code) > 0; }
    // The place with a code; throws GalaxyError if there is none.
    const Place& at(PlaceCode code) const;
    // The place with a code, or nullptr.
    const Place* find(PlaceCode code) const;
    // True if a and b are directly linked.
    bool linked(PlaceCode a, PlaceCode b) const;
    // Number of links of a place (for an outer place: counting its inner places).
    int degree(PlaceCode code) const { return static_cast<int>(at(code).links.size()); }
    // Squared grid distance dx^2 + dy^2 between the places' positions.
    std::int64_t distsq(PlaceCode a, PlaceCode b) const;
    // The map's distance: squared on a grid, steps on a hex map (wrapping at the edges).
    std::int64_t distance(PlaceCode a, PlaceCode b) const;
    // True if no outer place other than a and b lies on the straight segment between them.
    bool segment_clear(PlaceCode a, PlaceCode b) const;
    // True if the segment a-b properly crosses an existing link between two other outer places.
    bool crosses_link(PlaceCode a, PlaceCode b) const;
    // The outer place at a position, if any.
    std::optional<PlaceCode> place_at(GridPos pos) const;
    // The places inside an outer place, by code.
    std::vector<PlaceCode> inner_of(PlaceCode outer) const;
    // The outer places next to one: linked ones on a grid map, the six adjacent hexes' places on
    // a hex map (fewer where a hex holds none). Inner places are not counted.
    std::vector<PlaceCode> neighbours(PlaceCode code) const;
    // All places, ordered by code.
    const std::map<PlaceCode, Place>& places() const { return places_; }
    // Number of places.
    std::size_t size() const { return places_.size(); }
    // True if every place can reach every other along links.
    bool connected() const;
    // Fewest links between a and every place (-1 when unreachable), ordered by code.
    std::map<PlaceCode, int> hops_from(PlaceCode a) const;

  private:
    Place& at_mut(PlaceCode code);
    void check_code(PlaceCode code) const;
    MapSpec spec_;
    std::optional<HexGrid> hex_;
    std::map<PlaceCode, Place> places_;
    std::map<std::pair<int, int>, PlaceCode> outer_positions_;
};

}  // namespace hl
