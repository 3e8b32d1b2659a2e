#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hl {

// A system's three-digit code (0..999) as a number; shown with leading zeros.
using SystemCode = int;

// The largest system code the three-digit format allows.
inline constexpr SystemCode kMaxSystemCode = 999;

// Formats a system code as three digits, e.g. 7 -> "007".
std::string code_str(SystemCode code);

// Parses a three-digit system code; nullopt unless the text is exactly three digits.
std::optional<SystemCode> parse_code(std::string_view text);

// An integer grid position on the map.
struct GridPos {
    int x = 0;
    int y = 0;
    bool operator==(const GridPos&) const = default;
};

// Thrown when a graph change would break a rule of the galaxy (unknown code, bad link).
class GalaxyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One system: a star, or a planet or belt (a satellite) attached to a parent star.
struct System {
    SystemCode code = 0;
    std::string kind;                  // kind code from the pack, e.g. "yellow", "planet"
    bool satellite = false;            // planets and belts: linked only to their parent star
    GridPos pos;                       // satellites share their parent's position
    std::optional<SystemCode> parent;  // set for satellites only
    std::vector<SystemCode> links;     // sorted, no duplicates
};

// The galaxy graph: systems by code, symmetric links, squared distances and map geometry.
class Galaxy {
  public:
    // Adds a star at a grid position; throws if the code is taken or out of range.
    System& add_star(SystemCode code, std::string kind, GridPos pos);
    // Adds a planet or belt to a star and links the two; throws if the parent is no star.
    System& add_satellite(SystemCode code, std::string kind, SystemCode parent);
    // Links two systems; a satellite may be linked only to its parent. Throws on a bad link.
    void add_link(SystemCode a, SystemCode b);
    // Removes a link; returns false if there was none.
    bool remove_link(SystemCode a, SystemCode b);
    // Changes a system's kind, keeping its links and place (a planet buster makes a belt).
    void set_kind(SystemCode code, std::string kind);
    // True if the code names a system.
    bool contains(SystemCode code) const { return systems_.count(code) > 0; }
    // The system with a code; throws GalaxyError if there is none.
    const System& at(SystemCode code) const;
    // The system with a code, or nullptr.
    const System* find(SystemCode code) const;
    // True if a and b are directly linked.
    bool linked(SystemCode a, SystemCode b) const;
    // Number of links of a system (for a star: counting its planets and belts).
    int degree(SystemCode code) const { return static_cast<int>(at(code).links.size()); }
    // Squared grid distance (rule 3.12): dx^2 + dy^2; satellites use their parent's place.
    std::int64_t distsq(SystemCode a, SystemCode b) const;
    // True if no star other than a and b lies on the straight segment between them.
    bool segment_clear(SystemCode a, SystemCode b) const;
    // True if the segment a-b properly crosses an existing link between two other stars.
    bool crosses_link(SystemCode a, SystemCode b) const;
    // The star at a grid position, if any.
    std::optional<SystemCode> star_at(GridPos pos) const;
    // Planets and belts of a star, by code.
    std::vector<SystemCode> satellites_of(SystemCode star) const;
    // All systems, ordered by code.
    const std::map<SystemCode, System>& systems() const { return systems_; }
    // Number of systems.
    std::size_t size() const { return systems_.size(); }
    // True if every system can reach every other along links.
    bool connected() const;
    // Fewest links between a and every system (-1 when unreachable), ordered by code.
    std::map<SystemCode, int> hops_from(SystemCode a) const;

  private:
    System& at_mut(SystemCode code);
    std::map<SystemCode, System> systems_;
    std::map<std::pair<int, int>, SystemCode> star_positions_;
};

}  // namespace hl
