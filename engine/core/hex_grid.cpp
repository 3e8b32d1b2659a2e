#include "core/hex_grid.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace hl {

namespace {

const char* const kDirNames[] = {"n", "ne", "se", "s", "sw", "nw"};

// Axial coordinates (q, r) of the infinite hex plane: q is the 0-based column; odd 0-based
// columns (even 1-based ones) stand half a hex lower.
struct Axial {
    long q = 0;
    long r = 0;
};

constexpr Axial kDirs[] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};

long floor_div(long a, long b) {
    long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

long floor_mod(long a, long b) {
    return a - floor_div(a, b) * b;
}

Axial to_axial(HexPos p) {
    long x = p.col - 1, y = p.row - 1;
    return {x, y - floor_div(x - (x & 1), 2)};
}

long hex_len(long dq, long dr) {
    return (std::labs(dq) + std::labs(dr) + std::labs(dq + dr)) / 2;
}

}  // namespace

std::optional<HexDir> parse_hex_dir(std::string_view name) {
    std::string lower;
    for (char c : name)
        lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (int i = 0; i < 6; ++i)
        if (lower == kDirNames[i]) return static_cast<HexDir>(i);
    return std::nullopt;
}

const char* hex_dir_name(HexDir d) {
    return kDirNames[static_cast<int>(d)];
}

HexGrid::HexGrid(int width, int height) : w_(width), h_(height) {
    if (w_ < 2 || h_ < 2 || w_ % 2 || h_ % 2 || w_ > 9998 || h_ > 9998)
        throw std::invalid_argument(
            fmt::format("a wrapping hex map needs an even width and height of at least 2, not "
                        "{} x {}",
                        width, height));
}

bool HexGrid::contains(HexPos p) const {
    return p.col >= 1 && p.col <= w_ && p.row >= 1 && p.row <= h_;
}

namespace {

// The on-map position of a point of the infinite plane: columns wrap with the row displaced
// by half the height for each crossing of the east or west edge, rows wrap top to bottom.
HexPos wrap(Axial a, int w, int h) {
    long x = a.q;
    long y = a.r + floor_div(x - (x & 1), 2);
    long crossings = floor_div(x, w);
    x -= crossings * w;
    y += crossings * (h / 2);
    y = floor_mod(y, h);
    return {static_cast<int>(x + 1), static_cast<int>(y + 1)};
}

}  // namespace

HexPos HexGrid::step(HexPos p, HexDir d) const {
    Axial a = to_axial(p);
    const Axial& dir = kDirs[static_cast<int>(d)];
    return wrap({a.q + dir.q, a.r + dir.r}, w_, h_);
}

std::array<HexPos, 6> HexGrid::neighbours(HexPos p) const {
    std::array<HexPos, 6> out;
    for (int i = 0; i < 6; ++i)
        out[static_cast<std::size_t>(i)] = step(p, static_cast<HexDir>(i));
    return out;
}

int HexGrid::distance(HexPos a, HexPos b) const {
    Axial pa = to_axial(a), pb = to_axial(b);
    long dq = pb.q - pa.q, dr = pb.r - pa.r;
    // The plane repeats by two lattice vectors: a column wrap (w columns east, the rows going
    // w/2 up by the slant and h/2 down by the displacement) and a row wrap (h rows).
    const long lq = w_, lr = -(w_ / 2) - (h_ / 2);
    long best = hex_len(dq, dr);
    for (long i = -2; i <= 2; ++i)
        for (long j = -3; j <= 3; ++j)
            best = std::min(best, hex_len(dq + i * lq, dr + i * lr + j * h_));
    return static_cast<int>(best);
}

HexPos HexGrid::translate(HexPos p, HexPos centre, HexPos shown) const {
    Axial a = to_axial(p), c = to_axial(centre), s = to_axial(shown);
    return wrap({a.q + s.q - c.q, a.r + s.r - c.r}, w_, h_);
}

}  // namespace hl
