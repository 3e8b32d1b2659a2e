#include "report/map_svg.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "report/html_escape.hpp"
#include "report/map_style.hpp"

namespace hl {

namespace {

constexpr double kPi = 3.14159265358979;
constexpr double kGridStep = 40;   // pixels between grid positions
constexpr double kHexRadius = 22;  // pixels from a hex's centre to a corner
constexpr double kMargin = 30;
constexpr double kLegendRow = 20;

struct Point {
    double x = 0;
    double y = 0;
};

// Where every place is drawn, and the picture's size before the legend.
struct Layout {
    std::map<std::string, Point> at;
    double width = 0;
    double height = 0;
    int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
};

std::string hex_points(Point c, double r) {
    std::string s;
    for (int i = 0; i < 6; ++i) {
        double a = kPi / 3 * i;
        s += fmt::format("{}{:.1f},{:.1f}", i ? " " : "", c.x + r * std::cos(a),
                         c.y + r * std::sin(a));
    }
    return s;
}

Point hex_centre(const DocMap& m, int col, int row, int min_x, int min_y) {
    const double h = std::sqrt(3.0) * kHexRadius;
    return {kMargin + kHexRadius + (col - min_x) * 1.5 * kHexRadius,
            kMargin + h / 2 + (row - min_y) * h + (lower_column(m, col) ? h / 2 : 0)};
}

Layout layout(const DocMap& m) {
    Layout lay;
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
        lay.at[p.code] = hex ? hex_centre(m, p.x, p.y, lay.min_x, lay.min_y)
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
    // Places inside another sit on a small ring around it.
    std::map<std::string, std::vector<const MapPlace*>> inside;
    for (const MapPlace& p : m.places)
        if (!p.parent.empty()) inside[p.parent].push_back(&p);
    const double ring = hex ? kHexRadius * 0.55 : 14;
    for (const auto& [parent, list] : inside) {
        Point c = lay.at[parent];
        for (std::size_t i = 0; i < list.size(); ++i) {
            double a = 2 * kPi * static_cast<double>(i) / static_cast<double>(list.size()) - 0.8;
            lay.at[list[i]->code] = {c.x + ring * std::cos(a), c.y + ring * std::sin(a)};
        }
    }
    return lay;
}

std::string dash(bool on) {
    return on ? " stroke-dasharray=\"3 2\"" : "";
}

std::string place_svg(const DocMap& m, const MapPlace& p, const Layout& lay) {
    const bool inner = !p.parent.empty();
    const bool hex = m.geometry == MapGeometry::hex;
    const PlaceLook look = look_of(m, p);
    const Point c = lay.at.at(p.code);
    const double r = look.size > 0 ? look.size : inner ? 3.5 : 6;
    std::string layers;
    for (const std::string& l : p.layers)
        layers += (layers.empty() ? "" : " ") + l;
    const std::string label = p.label.empty() ? p.code : p.label;
    std::string s = fmt::format("<g class=\"place{}\" data-code=\"{}\" data-layers=\"{}\">",
                                inner ? " inner" : "", html_escape(p.code), html_escape(layers));
    s += "<title>" + html_escape(p.title.empty() ? label : p.title) + "</title>";
    if (hex && !inner) {
        std::string stroke = look.rings.empty() ? "#3a4670" : look.rings.front()->ring;
        s += fmt::format(
            "<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"0.25\" stroke=\"{}\" "
            "stroke-width=\"2\"{}/>",
            hex_points(c, kHexRadius - 1.5), look.fill, stroke,
            dash(!look.rings.empty() && look.rings.front()->dash));
    } else {
        for (std::size_t i = 0; i < look.rings.size(); ++i)
            s += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" stroke=\"{}\" "
                "stroke-width=\"2\"{}/>",
                c.x, c.y, r + 4 + 3.5 * static_cast<double>(i), look.rings[i]->ring,
                dash(look.rings[i]->dash));
    }
    s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\"/>", c.x, c.y, r,
                     look.fill);
    if (inner) {
        // Outward from the parent, small.
        Point parent = lay.at.at(p.parent);
        double dx = c.x - parent.x, dy = c.y - parent.y;
        double len = std::max(1.0, std::hypot(dx, dy));
        double far = hex ? 9 : 11;
        s += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"8\" fill=\"#9fb0d8\" "
            "text-anchor=\"middle\" dominant-baseline=\"middle\">{}</text>",
            c.x + dx / len * far, c.y + dy / len * far, html_escape(label));
    } else {
        double below =
            hex ? kHexRadius * 0.62 : r + 16 + 3.5 * static_cast<double>(look.rings.size());
        s += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\" fill=\"#c8d0f0\" "
            "text-anchor=\"middle\">{}</text>",
            c.x, c.y + below, html_escape(label));
    }
    return s + "</g>\n";
}

// The legend under the map: a swatch and a name per layer, in rows that fit the width.
std::string legend_svg(const DocMap& m, double top, double width, double& height) {
    std::vector<const MapLayer*> layers = legend_layers(m);
    height = 0;
    if (layers.empty()) return {};
    std::string s = "<g class=\"legend\" font-size=\"11\" fill=\"#c8d0f0\">\n";
    double x = kMargin, y = top + kLegendRow / 2;
    for (const MapLayer* l : layers) {
        double w = 26 + 6.5 * static_cast<double>(l->name.size()) + 14;
        if (x > kMargin && x + w > width - kMargin / 2) {
            x = kMargin;
            y += kLegendRow;
        }
        s += "<g class=\"key\">";
        if (!l->line.empty() && l->fill.empty() && l->ring.empty())
            s += fmt::format(
                "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                "stroke-width=\"2\"{}/>",
                x, y, x + 16, y, l->line, dash(l->dash));
        if (!l->ring.empty())
            s += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"7\" fill=\"none\" stroke=\"{}\" "
                "stroke-width=\"2\"{}/>",
                x + 8, y, l->ring, dash(l->dash));
        if (!l->fill.empty())
            s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4.5\" fill=\"{}\"/>", x + 8,
                             y, l->fill);
        s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" dominant-baseline=\"middle\">{}</text>",
                         x + 22, y, html_escape(l->name));
        s += "</g>\n";
        x += w;
    }
    height = y + kLegendRow / 2 - top + 6;
    return s + "</g>\n";
}

}  // namespace

std::string map_svg(const DocMap& m) {
    Layout lay = layout(m);
    const double width = std::max(lay.width, 360.0);
    double legend_h = 0;
    std::string legend = legend_svg(m, lay.height, width, legend_h);
    const double height = lay.height + legend_h;
    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 {:.0f} {:.0f}\" "
        "width=\"{:.0f}\" height=\"{:.0f}\" role=\"img\" aria-label=\"{}\" "
        "font-family=\"sans-serif\">\n",
        width, height, width, height, html_escape(m.title.empty() ? "Map" : m.title));
    s +=
        fmt::format("<rect width=\"{:.0f}\" height=\"{:.0f}\" fill=\"#0b1021\"/>\n", width, height);
    if (m.geometry == MapGeometry::hex && !lay.at.empty()) {
        s += "<g class=\"hexes\" fill=\"none\" stroke=\"#1f2947\" stroke-width=\"1\">\n";
        for (int col = lay.min_x; col <= lay.max_x; ++col)
            for (int row = lay.min_y; row <= lay.max_y; ++row)
                s += fmt::format(
                    "<polygon points=\"{}\"/>\n",
                    hex_points(hex_centre(m, col, row, lay.min_x, lay.min_y), kHexRadius));
        s += "</g>\n";
    }
    s += "<g class=\"links\" stroke=\"#4a5a8a\" stroke-width=\"1.5\">\n";
    for (const MapLink& l : m.links) {
        Point a = lay.at.at(l.from), b = lay.at.at(l.to);
        const MapLayer* layer = l.layer.empty() ? nullptr : find_layer(m, l.layer);
        std::string style;
        if (layer && !layer->line.empty()) style += " stroke=\"" + layer->line + "\"";
        if (layer) style += dash(layer->dash);
        s += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"{}/>\n", a.x,
                         a.y, b.x, b.y, style);
    }
    s += "</g>\n";
    for (const MapPlace& p : m.places)
        if (p.parent.empty()) s += place_svg(m, p, lay);
    for (const MapPlace& p : m.places)
        if (!p.parent.empty()) s += place_svg(m, p, lay);
    s += legend;
    return s + "</svg>\n";
}

}  // namespace hl
