#include "core/galaxy.hpp"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

namespace hl {

namespace {

void insert_sorted(std::vector<PlaceCode>& v, PlaceCode c) {
    auto it = std::lower_bound(v.begin(), v.end(), c);
    if (it == v.end() || *it != c) v.insert(it, c);
}

}  // namespace

void Galaxy::check_code(PlaceCode code) const {
    if (code < 0 || code > spec_.codes.max())
        throw GalaxyError(fmt::format("place code {} is not {}", code, spec_.codes.describe()));
    if (contains(code)) throw GalaxyError(fmt::format("place {} already exists", code_str(code)));
}

void Galaxy::set_hex_size(int width, int height) {
    if (spec_.geometry != Geometry::hex)
        throw GalaxyError("only a hex map has a size: this map is a grid");
    try {
        hex_.emplace(width, height);
    } catch (const std::invalid_argument& e) {
        throw GalaxyError(e.what());
    }
    for (const auto& [code, p] : places_)
        if (!p.inner() && !hex_->contains({p.pos.x, p.pos.y}))
            throw GalaxyError(fmt::format("place {} at column {}, row {} is off a {} x {} map",
                                          code_str(code), p.pos.x, p.pos.y, width, height));
}

Place& Galaxy::add_place(PlaceCode code, std::string kind, GridPos pos) {
    check_code(code);
    if (hex_ && !hex_->contains({pos.x, pos.y}))
        throw GalaxyError(fmt::format("place {}: column {}, row {} is off the {} x {} map",
                                      code_str(code), pos.x, pos.y, hex_->width(),
                                      hex_->height()));
    auto key = std::make_pair(pos.x, pos.y);
    if (outer_positions_.count(key))
        throw GalaxyError(fmt::format("place {}: position ({}, {}) already holds place {}",
                                      code_str(code), pos.x, pos.y,
                                      code_str(outer_positions_.at(key))));
    Place s;
    s.code = code;
    s.kind = std::move(kind);
    s.pos = pos;
    outer_positions_[key] = code;
    return places_[code] = std::move(s);
}

Place& Galaxy::add_inner(PlaceCode code, std::string kind, PlaceCode parent) {
    check_code(code);
    const Place& p = at(parent);
    if (p.inner())
        throw GalaxyError(fmt::format("place {}: parent {} is itself inside {}", code_str(code),
                                      code_str(parent), code_str(*p.parent)));
    Place s;
    s.code = code;
    s.kind = std::move(kind);
    s.pos = p.pos;
    s.parent = parent;
    places_[code] = std::move(s);
    add_link(code, parent);
    return places_.at(code);
}

void Galaxy::add_link(PlaceCode a, PlaceCode b) {
    if (a == b) throw GalaxyError(fmt::format("place {} cannot link to itself", code_str(a)));
    Place& sa = at_mut(a);
    Place& sb = at_mut(b);
    auto inner_ok = [](const Place& in, const Place& other) {
        return !in.inner() || in.parent == other.code;
    };
    if (!inner_ok(sa, sb) || !inner_ok(sb, sa)) {
        const Place& in = sa.inner() ? sa : sb;
        const Place& other = sa.inner() ? sb : sa;
        throw GalaxyError(fmt::format("place {} ({}) may be linked only to {}, the place it is "
                                      "inside, not to {}",
                                      code_str(in.code), in.kind, code_str(*in.parent),
                                      code_str(other.code)));
    }
    insert_sorted(sa.links, b);
    insert_sorted(sb.links, a);
}

bool Galaxy::remove_link(PlaceCode a, PlaceCode b) {
    Place& sa = at_mut(a);
    Place& sb = at_mut(b);
    auto ia = std::lower_bound(sa.links.begin(), sa.links.end(), b);
    if (ia == sa.links.end() || *ia != b) return false;
    sa.links.erase(ia);
    sb.links.erase(std::lower_bound(sb.links.begin(), sb.links.end(), a));
    return true;
}

void Galaxy::set_kind(PlaceCode code, std::string kind) {
    at_mut(code).kind = std::move(kind);
}

const Place& Galaxy::at(PlaceCode code) const {
    auto it = places_.find(code);
    if (it == places_.end())
        throw GalaxyError(fmt::format("no place {} on the map", code_str(code)));
    return it->second;
}

Place& Galaxy::at_mut(PlaceCode code) {
    auto it = places_.find(code);
    if (it == places_.end())
        throw GalaxyError(fmt::format("no place {} on the map", code_str(code)));
    return it->second;
}

const Place* Galaxy::find(PlaceCode code) const {
    auto it = places_.find(code);
    return it == places_.end() ? nullptr : &it->second;
}

bool Galaxy::linked(PlaceCode a, PlaceCode b) const {
    const Place* s = find(a);
    return s && std::binary_search(s->links.begin(), s->links.end(), b);
}

std::int64_t Galaxy::distance(PlaceCode a, PlaceCode b) const {
    if (spec_.geometry == Geometry::hex && hex_) {
        const GridPos pa = at(a).pos, pb = at(b).pos;
        return hex_->distance({pa.x, pa.y}, {pb.x, pb.y});
    }
    return distsq(a, b);
}

std::int64_t Galaxy::distsq(PlaceCode a, PlaceCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    std::int64_t dx = pa.x - pb.x;
    std::int64_t dy = pa.y - pb.y;
    return dx * dx + dy * dy;
}

bool Galaxy::segment_clear(PlaceCode a, PlaceCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    const std::int64_t minx = std::min(pa.x, pb.x), maxx = std::max(pa.x, pb.x);
    const std::int64_t miny = std::min(pa.y, pb.y), maxy = std::max(pa.y, pb.y);
    for (const auto& [key, code] : outer_positions_) {
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

bool Galaxy::crosses_link(PlaceCode a, PlaceCode b) const {
    const GridPos pa = at(a).pos;
    const GridPos pb = at(b).pos;
    for (const auto& [code, s] : places_) {
        if (s.inner() || code == a || code == b) continue;
        for (PlaceCode other : s.links) {
            if (other <= code || other == a || other == b) continue;
            const Place& t = at(other);
            if (t.inner()) continue;
            std::int64_t o1 = orient(pa, pb, s.pos), o2 = orient(pa, pb, t.pos);
            std::int64_t o3 = orient(s.pos, t.pos, pa), o4 = orient(s.pos, t.pos, pb);
            if (o1 * o2 < 0 && o3 * o4 < 0) return true;
        }
    }
    return false;
}

std::optional<PlaceCode> Galaxy::place_at(GridPos pos) const {
    auto it = outer_positions_.find({pos.x, pos.y});
    if (it == outer_positions_.end()) return std::nullopt;
    return it->second;
}

std::vector<PlaceCode> Galaxy::inner_of(PlaceCode outer) const {
    std::vector<PlaceCode> out;
    for (PlaceCode c : at(outer).links)
        if (at(c).inner()) out.push_back(c);
    return out;
}

std::vector<PlaceCode> Galaxy::neighbours(PlaceCode code) const {
    const Place& p = at(code);
    std::vector<PlaceCode> out;
    if (spec_.geometry == Geometry::hex && hex_) {
        GridPos pos = p.pos;
        for (HexPos n : hex_->neighbours({pos.x, pos.y}))
            if (auto c = place_at({n.col, n.row})) out.push_back(*c);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    for (PlaceCode c : p.links)
        if (!at(c).inner()) out.push_back(c);
    return out;
}

std::map<PlaceCode, int> Galaxy::hops_from(PlaceCode a) const {
    std::map<PlaceCode, int> dist;
    for (const auto& [code, s] : places_)
        dist[code] = -1;
    std::deque<PlaceCode> queue{a};
    dist.at(a) = 0;
    while (!queue.empty()) {
        PlaceCode c = queue.front();
        queue.pop_front();
        for (PlaceCode n : at(c).links) {
            if (dist[n] >= 0) continue;
            dist[n] = dist[c] + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

bool Galaxy::connected() const {
    if (places_.empty()) return true;
    for (const auto& [code, d] : hops_from(places_.begin()->first))
        if (d < 0) return false;
    return true;
}

}  // namespace hl
