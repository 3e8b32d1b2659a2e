#include "report/map_svg.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "report/decimal_text.hpp"
#include "report/html_escape.hpp"
#include "report/map_style.hpp"

namespace hl {

namespace {

constexpr double kPi = 3.14159265358979;
constexpr double kGridStep = 40;   // pixels between grid positions
constexpr double kHexRadius = 22;  // pixels from a hex's centre to a corner
constexpr double kMargin = 30;
constexpr double kLegendRow = 20;
constexpr double kHexInnerStep = 10;  // pixels between places in a row inside a hex
constexpr double kHexInnerRow = 24;   // the widest such a row may be

struct Point {
    double x = 0;
    double y = 0;
};

// Text to append escaped.
struct Escaped {
    std::string_view text;
};

void add_piece(TextBuffer& s, std::string_view text) {
    s += text;
}
void add_piece(TextBuffer& s, Escaped e) {
    append_html_escaped(s, e.text);
}
void add_piece(TextBuffer& s, double v) {
    append_tenths(s, v);
}

// Appends each piece: text as it is, Escaped text escaped, numbers with one decimal.
template <class... Pieces>
void add(TextBuffer& s, const Pieces&... pieces) {
    (add_piece(s, pieces), ...);
}

// Where every place is drawn, and the picture's size before the legend.
struct Layout {
    std::unordered_map<std::string_view, std::size_t> slot;  // a code's position in `at`
    std::vector<Point> at;
    double width = 0;
    double height = 0;
    int min_x = 0, max_x = 0, min_y = 0, max_y = 0;

    // Where a code is drawn, its slot made (at 0, 0) if it has none yet.
    Point& operator[](std::string_view code) {
        auto [it, added] = slot.try_emplace(code, at.size());
        if (added) at.emplace_back();
        return at[it->second];
    }
    // Where a code is drawn; throws std::out_of_range if it is not on the map.
    const Point& of(std::string_view code) const { return at[slot.at(code)]; }
};

void add_hex_points(TextBuffer& s, Point c, double r) {
    for (int i = 0; i < 6; ++i) {
        double a = kPi / 3 * i;
        add(s, i ? " " : "", c.x + r * std::cos(a), ",", c.y + r * std::sin(a));
    }
}

Point hex_centre(const DocMap& m, int col, int row, int min_x, int min_y) {
    const double h = std::sqrt(3.0) * kHexRadius;
    return {kMargin + kHexRadius + (col - min_x) * 1.5 * kHexRadius,
            kMargin + h / 2 + (row - min_y) * h + (lower_column(m, col) ? h / 2 : 0)};
}

Layout layout(const DocMap& m) {
    Layout lay;
    lay.slot.reserve(m.places.size());
    lay.at.reserve(m.places.size());
    bool first = true;
    for (const MapPlace& p : m.places) {
        if (!p.parent.empty()) continue;
        if (first) {
            lay.min_x = lay.max_x = p.x;
            lay.min_y = lay.max_y = p.y;
            first = false;
        }
        lay.min_x = std::min(lay.min_x, p.x);
        lay.max_x = std::max(lay.max_x, p.x);
        lay.min_y = std::min(lay.min_y, p.y);
        lay.max_y = std::max(lay.max_y, p.y);
    }
    const bool hex = m.geometry == MapGeometry::hex;
    for (const MapPlace& p : m.places) {
        if (!p.parent.empty()) continue;
        lay[p.code] = hex ? hex_centre(m, p.x, p.y, lay.min_x, lay.min_y)
                          : Point{kMargin + (p.x - lay.min_x) * kGridStep,
                                  kMargin + (p.y - lay.min_y) * kGridStep};
    }
    if (hex) {
        const double h = std::sqrt(3.0) * kHexRadius;
        lay.width = 2 * kMargin + 2 * kHexRadius + (lay.max_x - lay.min_x) * 1.5 * kHexRadius;
        lay.height = 2 * kMargin + (lay.max_y - lay.min_y + 1.5) * h;
    } else {
        lay.width = 2 * kMargin + (lay.max_x - lay.min_x) * kGridStep;
        lay.height = 2 * kMargin + (lay.max_y - lay.min_y) * kGridStep;
    }
    // Places inside another sit on a small ring around it; on a hex map, in a row across the
    // lower half of the hex, below the parent's body (the code is written in the upper half).
    std::map<std::string_view, std::vector<const MapPlace*>> inside;
    for (const MapPlace& p : m.places)
        if (!p.parent.empty()) inside[p.parent].push_back(&p);
    const double ring = hex ? kHexRadius * 0.55 : 14;
    for (const auto& [parent, list] : inside) {
        Point c = lay[parent];
        const double n = static_cast<double>(list.size());
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (hex) {
                const double step = std::min(kHexInnerStep, kHexInnerRow / std::max(1.0, n - 1));
                lay[list[i]->code] = {c.x + (static_cast<double>(i) - (n - 1) / 2) * step,
                                      c.y + kHexRadius * 0.5};
                continue;
            }
            double a = 2 * kPi * static_cast<double>(i) / n - 0.8;
            lay[list[i]->code] = {c.x + ring * std::cos(a), c.y + ring * std::sin(a)};
        }
    }
    return lay;
}

std::string_view dash(bool on) {
    return on ? " stroke-dasharray=\"3 2\"" : "";
}

void add_place(TextBuffer& s, const DocMap& m, const LayerIndex& layers, const MapPlace& p,
               const Layout& lay) {
    const bool inner = !p.parent.empty();
    const bool hex = m.geometry == MapGeometry::hex;
    const PlaceLook look = look_of(layers, p);
    const Point c = lay.of(p.code);
    const double r = p.size > 0 ? p.size : look.size > 0 ? look.size : inner ? 3.5 : 6;
    const std::string& label = p.label.empty() ? p.code : p.label;
    add(s, "<g class=\"place", inner ? " inner" : "", "\" data-code=\"", Escaped{p.code},
        "\" data-layers=\"");
    bool joined = false;  // a space before the next id (none after empty ones, as before)
    for (const std::string& id : p.layers) {
        add(s, joined ? " " : "", Escaped{id});
        joined = joined || !id.empty();
    }
    add(s, "\"><title>", Escaped{p.title.empty() ? label : p.title}, "</title>");
    if (hex && !inner) {
        const std::string_view stroke =
            look.rings.empty() ? std::string_view("#3a4670") : look.rings.front()->ring;
        s += "<polygon points=\"";
        add_hex_points(s, c, kHexRadius - 1.5);
        add(s, "\" fill=\"", look.fill, "\" fill-opacity=\"0.25\" stroke=\"", stroke,
            "\" stroke-width=\"2\"", dash(!look.rings.empty() && look.rings.front()->dash), "/>");
    } else if (hex) {
        // Inside a hex, rings hug the body, to leave room for the places beside it.
        for (std::size_t i = 0; i < look.rings.size(); ++i)
            add(s, "<circle cx=\"", c.x, "\" cy=\"", c.y, "\" r=\"",
                r + 1.5 + 1.5 * static_cast<double>(i), "\" fill=\"none\" stroke=\"",
                look.rings[i]->ring, "\" stroke-width=\"1\"", dash(look.rings[i]->dash), "/>");
    } else {
        for (std::size_t i = 0; i < look.rings.size(); ++i)
            add(s, "<circle cx=\"", c.x, "\" cy=\"", c.y, "\" r=\"",
                r + 4 + 3.5 * static_cast<double>(i), "\" fill=\"none\" stroke=\"",
                look.rings[i]->ring, "\" stroke-width=\"2\"", dash(look.rings[i]->dash), "/>");
    }
    add(s, "<circle cx=\"", c.x, "\" cy=\"", c.y, "\" r=\"", r, "\" fill=\"", look.fill, "\"/>");
    if (!p.mark.empty()) {
        // A small dot at a corner of the body (a moon, a flag ...).
        const double d = (r + 1.5) * 0.75;
        const double mx = p.mark[1] == 'e' ? d : -d, my = p.mark[0] == 's' ? d : -d;
        add(s, "<circle cx=\"", c.x + mx, "\" cy=\"", c.y + my, "\" r=\"1.6\" fill=\"#d8dcef\"/>");
    }
    if (p.tail)
        // A chevron after the body: what it stands for may have moved away.
        add(s, "<polyline points=\"", c.x + r + 1.5, ",", c.y - 3, " ", c.x + r + 4.5, ",", c.y,
            " ", c.x + r + 1.5, ",", c.y + 3, "\" fill=\"none\" stroke=\"", look.fill,
            "\" stroke-width=\"1.2\"/>");
    if (inner && hex) {
        // Inside a hex only the tooltip names it: a label would cover the hex's code.
    } else if (inner) {
        // Outward from the parent, small.
        Point parent = lay.of(p.parent);
        double dx = c.x - parent.x, dy = c.y - parent.y;
        double len = std::max(1.0, std::hypot(dx, dy));
        double far = hex ? 9 : 11;
        add(s, "<text x=\"", c.x + dx / len * far, "\" y=\"", c.y + dy / len * far,
            "\" font-size=\"8\" fill=\"#9fb0d8\" text-anchor=\"middle\" "
            "dominant-baseline=\"middle\">",
            Escaped{label}, "</text>");
    } else {
        // A hex's code in the upper half of the hex (its places fill the lower half); a grid
        // place's below its body.
        double below =
            hex ? -kHexRadius * 0.42 : r + 16 + 3.5 * static_cast<double>(look.rings.size());
        add(s, "<text x=\"", c.x, "\" y=\"", c.y + below,
            "\" font-size=\"10\" fill=\"#c8d0f0\" text-anchor=\"middle\">", Escaped{label},
            "</text>");
    }
    s += "</g>\n";
}

// The legend under the map: a swatch and a name per layer, in rows that fit the width.
std::string legend_svg(const DocMap& m, double top, double width, double& height) {
    std::vector<const MapLayer*> layers = legend_layers(m);
    height = 0;
    if (layers.empty()) return {};
    TextBuffer s(1024);
    s += "<g class=\"legend\" font-size=\"11\" fill=\"#c8d0f0\">\n";
    double x = kMargin, y = top + kLegendRow / 2;
    for (const MapLayer* l : layers) {
        double w = 26 + 6.5 * static_cast<double>(l->name.size()) + 14;
        if (x > kMargin && x + w > width - kMargin / 2) {
            x = kMargin;
            y += kLegendRow;
        }
        s += "<g class=\"key\">";
        if (!l->line.empty() && l->fill.empty() && l->ring.empty())
            add(s, "<line x1=\"", x, "\" y1=\"", y, "\" x2=\"", x + 16, "\" y2=\"", y,
                "\" stroke=\"", l->line, "\" stroke-width=\"2\"", dash(l->dash), "/>");
        if (!l->ring.empty())
            add(s, "<circle cx=\"", x + 8, "\" cy=\"", y, "\" r=\"7\" fill=\"none\" stroke=\"",
                l->ring, "\" stroke-width=\"2\"", dash(l->dash), "/>");
        if (!l->fill.empty())
            add(s, "<circle cx=\"", x + 8, "\" cy=\"", y, "\" r=\"4.5\" fill=\"", l->fill, "\"/>");
        add(s, "<text x=\"", x + 22, "\" y=\"", y, "\" dominant-baseline=\"middle\">",
            Escaped{l->name}, "</text></g>\n");
        x += w;
    }
    height = y + kLegendRow / 2 - top + 6;
    s += "</g>\n";
    return s.take();
}

}  // namespace

std::string map_svg(const DocMap& m) {
    Layout lay = layout(m);
    const LayerIndex layers(m);
    const double width = std::max(lay.width, 360.0);
    double legend_h = 0;
    std::string legend = legend_svg(m, lay.height, width, legend_h);
    const double height = lay.height + legend_h;
    TextBuffer s(1024 + 450 * m.places.size() + 64 * m.links.size() + legend.size());
    s += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 {:.0f} {:.0f}\" "
        "width=\"{:.0f}\" height=\"{:.0f}\" role=\"img\" aria-label=\"",
        width, height, width, height);
    add(s, Escaped{m.title.empty() ? std::string_view("Map") : m.title},
        "\" font-family=\"sans-serif\">\n");
    s +=
        fmt::format("<rect width=\"{:.0f}\" height=\"{:.0f}\" fill=\"#0b1021\"/>\n", width, height);
    if (m.geometry == MapGeometry::hex && !lay.at.empty()) {
        s += "<g class=\"hexes\" fill=\"none\" stroke=\"#1f2947\" stroke-width=\"1\">\n";
        for (int col = lay.min_x; col <= lay.max_x; ++col)
            for (int row = lay.min_y; row <= lay.max_y; ++row) {
                s += "<polygon points=\"";
                add_hex_points(s, hex_centre(m, col, row, lay.min_x, lay.min_y), kHexRadius);
                s += "\"/>\n";
            }
        s += "</g>\n";
    }
    s += "<g class=\"links\" stroke=\"#4a5a8a\" stroke-width=\"1.5\">\n";
    for (const MapLink& l : m.links) {
        Point a = lay.of(l.from), b = lay.of(l.to);
        const MapLayer* layer = l.layer.empty() ? nullptr : layers.find(l.layer);
        add(s, "<line x1=\"", a.x, "\" y1=\"", a.y, "\" x2=\"", b.x, "\" y2=\"", b.y, "\"");
        if (layer && !layer->line.empty()) add(s, " stroke=\"", layer->line, "\"");
        if (layer) s += dash(layer->dash);
        s += "/>\n";
    }
    s += "</g>\n";
    for (const MapPlace& p : m.places)
        if (p.parent.empty()) add_place(s, m, layers, p, lay);
    for (const MapPlace& p : m.places)
        if (!p.parent.empty()) add_place(s, m, layers, p, lay);
    s += legend;
    s += "</svg>\n";
    return s.take();
}

}  // namespace hl
