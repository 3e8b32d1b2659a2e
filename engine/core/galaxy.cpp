#include "core/galaxy.hpp"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

namespace hl {

std::string code_str(SystemCode code) {
    return fmt::format("{:03d}", code);
}

std::optional<SystemCode> parse_code(std::string_view text) {
    if (text.size() != 3) return std::nullopt;
    int v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

namespace {

void check_code_range(SystemCode code) {
    if (code < 0 || code > kMaxSystemCode)
        throw GalaxyError(fmt::format("system code {} is not a three-digit code", code));
}

void insert_sorted(std::vector<SystemCode>& v, SystemCode c) {
    auto it = std::lower_bound(v.begin(), v.end(), c);
    if (it == v.end() || *it != c) v.insert(it, c);
}

}  // namespace

System& Galaxy::add_star(SystemCode code, std::string kind, GridPos pos) {
    check_code_range(code);
    if (contains(code)) throw GalaxyError(fmt::format("system {} already exists", code_str(code)));
    auto key = std::make_pair(pos.x, pos.y);
    if (star_positions_.count(key))
        throw GalaxyError(fmt::format("system {}: position ({}, {}) already holds star {}",
                                      code_str(code), pos.x, pos.y,
                                      code_str(star_positions_.at(key))));
    System s;
    s.code = code;
    s.kind = std::move(kind);
    s.pos = pos;
    star_positions_[key] = code;
    return systems_[code] = std::move(s);
}

System& Galaxy::add_satellite(SystemCode code, std::string kind, SystemCode parent) {
    check_code_range(code);
    if (contains(code)) throw GalaxyError(fmt::format("system {} already exists", code_str(code)));
    const System& p = at(parent);
    if (p.satellite)
        throw GalaxyError(
            fmt::format("system {}: parent {} is not a star", code_str(code), code_str(parent)));
    System s;
    s.code = code;
    s.kind = std::move(kind);
    s.satellite = true;
    s.pos = p.pos;
    s.parent = parent;
    systems_[code] = std::move(s);
    add_link(code, parent);
    return systems_.at(code);
}

void Galaxy::add_link(SystemCode a, SystemCode b) {
    if (a == b) throw GalaxyError(fmt::format("system {} cannot link to itself", code_str(a)));
    System& sa = at_mut(a);
    System& sb = at_mut(b);
    auto satellite_ok = [](const System& sat, const System& other) {
        return !sat.satellite || sat.parent == other.code;
    };
    if (!satellite_ok(sa, sb) || !satellite_ok(sb, sa)) {
        const System& sat = sa.satellite ? sa : sb;
        const System& other = sa.satellite ? sb : sa;
        throw GalaxyError(
            fmt::format("system {} ({}) may be linked only to its parent star {}, "
                        "not to {}",
                        code_str(sat.code), sat.kind, code_str(*sat.parent), code_str(other.code)));
    }
    insert_sorted(sa.links, b);
    insert_sorted(sb.links, a);
}

bool Galaxy::remove_link(SystemCode a, SystemCode b) {
    System& sa = at_mut(a);
    System& sb = at_mut(b);
    auto ia = std::lower_bound(sa.links.begin(), sa.links.end(), b);
    if (ia == sa.links.end() || *ia != b) return false;
    sa.links.erase(ia);
    sb.links.erase(std::lower_bound(sb.links.begin(), sb.links.end(), a));
    return true;
}

void Galaxy::set_kind(SystemCode code, std::string kind) {
    at_mut(code).kind = std::move(kind);
}

const System& Galaxy::at(SystemCode code) const {
    auto it = systems_.find(code);
    if (it == systems_.end())
        throw GalaxyError(fmt::format("no system {} in the galaxy", code_str(code)));
    return it->second;
}

System& Galaxy::at_mut(SystemCode code) {
    auto it = systems_.find(code);
    if (it == systems_.end())
        throw GalaxyError(fmt::format("no system {} in the galaxy", code_str(code)));
    return it->second;
}

const System* Galaxy::find(SystemCode code) const {
    auto it = systems_.find(code);
    return it == systems_.end() ? nullptr : &it->second;
}

bool Galaxy::linked(SystemCode a, SystemCode b) const {
    const System* s = find(a);
    return s && std::binary_search(s->links.begin(), s->links.end(), b);
}

std::int64_t Galaxy::distsq(SystemCode a, SystemCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    std::int64_t dx = pa.x - pb.x;
    std::int64_t dy = pa.y - pb.y;
    return dx * dx + dy * dy;
}

bool Galaxy::segment_clear(SystemCode a, SystemCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    const std::int64_t minx = std::min(pa.x, pb.x), maxx = std::max(pa.x, pb.x);
    const std::int64_t miny = std::min(pa.y, pb.y), maxy = std::max(pa.y, pb.y);
    for (const auto& [key, code] : star_positions_) {
        if (code == a || code == b) continue;
        const std::int64_t x = key.first, y = key.second;
        if (x < minx || x > maxx || y < miny || y > maxy) continue;
        if (x == pa.x && y == pa.y) continue;
        if (x == pb.x && y == pb.y) continue;
        // Collinear with the segment and inside its bounding box: on the segment.
        std::int64_t cross = (pb.x - pa.x) * (y - pa.y) - (pb.y - pa.y) * (x - pa.x);
        if (cross == 0) return false;
    }
    return true;
}

namespace {

std::int64_t orient(GridPos a, GridPos b, GridPos c) {
    std::int64_t v = static_cast<std::int64_t>(b.x - a.x) * (c.y - a.y) -
                     static_cast<std::int64_t>(b.y - a.y) * (c.x - a.x);
    return (v > 0) - (v < 0);
}

}  // namespace

bool Galaxy::crosses_link(SystemCode a, SystemCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    for (const auto& [code, s] : systems_) {
        if (s.satellite || code == a || code == b) continue;
        for (SystemCode other : s.links) {
            if (other <= code || other == a || other == b) continue;
            const System& t = at(other);
            if (t.satellite) continue;
            std::int64_t o1 = orient(pa, pb, s.pos), o2 = orient(pa, pb, t.pos);
            std::int64_t o3 = orient(s.pos, t.pos, pa), o4 = orient(s.pos, t.pos, pb);
            if (o1 * o2 < 0 && o3 * o4 < 0) return true;
        }
    }
    return false;
}

std::optional<SystemCode> Galaxy::star_at(GridPos pos) const {
    auto it = star_positions_.find({pos.x, pos.y});
    if (it == star_positions_.end()) return std::nullopt;
    return it->second;
}

std::vector<SystemCode> Galaxy::satellites_of(SystemCode star) const {
    std::vector<SystemCode> out;
    for (SystemCode c : at(star).links)
        if (at(c).satellite) out.push_back(c);
    return out;
}

std::map<SystemCode, int> Galaxy::hops_from(SystemCode a) const {
    std::map<SystemCode, int> dist;
    for (const auto& [code, s] : systems_)
        dist[code] = -1;
    std::deque<SystemCode> queue{a};
    dist.at(a) = 0;
    while (!queue.empty()) {
        SystemCode c = queue.front();
        queue.pop_front();
        for (SystemCode n : at(c).links) {
            if (dist[n] >= 0) continue;
            dist[n] = dist[c] + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

bool Galaxy::connected() const {
    if (systems_.empty()) return true;
    for (const auto& [code, d] : hops_from(systems_.begin()->first))
        if (d < 0) return false;
    return true;
}

}  // namespace hl
