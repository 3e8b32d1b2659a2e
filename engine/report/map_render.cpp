#include "report/map_render.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "report/html_escape.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

struct MapPoint {
    std::string code;
    std::string kind;
    int x = 0, y = 0;
    std::string parent;
    std::string owner;
    std::string status;
};

std::vector<MapPoint> points(const json& report) {
    std::vector<MapPoint> out;
    for (const auto& m : report.at("map")) {
        MapPoint p;
        p.code = m.at("code").get<std::string>();
        p.kind = m.at("kind").get<std::string>();
        p.x = m.at("x").get<int>();
        p.y = m.at("y").get<int>();
        p.parent = m.at("parent").is_null() ? "" : m.at("parent").get<std::string>();
        p.owner = m.at("owner").is_null() ? "" : m.at("owner").get<std::string>();
        p.status = m.at("status").get<std::string>();
        out.push_back(p);
    }
    return out;
}

std::string escape(const std::string& s) {
    return html_escape(s);
}

const char* star_colour(const std::string& kind) {
    static const std::map<std::string, const char*> colours = {
        {"yellow", "#f5d142"}, {"white", "#f0f0f0"},     {"red", "#e0604a"},
        {"black", "#555566"},  {"red_giant", "#ff8a3d"}, {"super_giant", "#7fb8ff"},
        {"planet", "#5fbf77"}, {"belt", "#b39b7a"}};
    auto it = colours.find(kind);
    return it == colours.end() ? "#cccccc" : it->second;
}

}  // namespace

std::string render_map_svg(const json& report) {
    std::vector<MapPoint> pts = points(report);
    const std::string me = report.at("empire").at("code").get<std::string>();
    int minx = 0, maxx = 0, miny = 0, maxy = 0;
    bool first = true;
    for (const auto& p : pts) {
        if (first) {
            minx = maxx = p.x;
            miny = maxy = p.y;
            first = false;
        }
        minx = std::min(minx, p.x);
        maxx = std::max(maxx, p.x);
        miny = std::min(miny, p.y);
        maxy = std::max(maxy, p.y);
    }
    const int cell = 40, margin = 30;
    int w = (maxx - minx) * cell + 2 * margin, h = (maxy - miny) * cell + 2 * margin;
    auto px = [&](int x) { return (x - minx) * cell + margin; };
    auto py = [&](int y) { return (y - miny) * cell + margin; };
    std::map<std::string, const MapPoint*> by_code;
    for (const auto& p : pts)
        by_code[p.code] = &p;
    // Planets and belts sit on a small ring around their star.
    std::map<std::string, std::vector<const MapPoint*>> sats;
    for (const auto& p : pts)
        if (!p.parent.empty()) sats[p.parent].push_back(&p);
    std::map<std::string, std::pair<double, double>> where;
    for (const auto& p : pts) {
        if (!p.parent.empty()) continue;
        where[p.code] = {px(p.x), py(p.y)};
        const auto& list = sats[p.code];
        for (std::size_t i = 0; i < list.size(); ++i) {
            double a =
                2.0 * 3.14159265358979 * static_cast<double>(i) / static_cast<double>(list.size()) -
                0.8;
            where[list[i]->code] = {px(p.x) + 14 * std::cos(a), py(p.y) + 14 * std::sin(a)};
        }
    }
    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 {} {}\" "
        "width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"Map of the systems {} has seen\">\n",
        w, h, w, h, escape(me));
    s += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#0b1021\"/>\n", w, h);
    s += "<g class=\"links\" stroke=\"#4a5a8a\" stroke-width=\"1.5\">\n";
    for (const auto& l : report.at("links")) {
        std::string a = l.at(0).get<std::string>(), b = l.at(1).get<std::string>();
        if (!where.count(a) || !where.count(b)) continue;
        s += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                         where[a].first, where[a].second, where[b].first, where[b].second);
    }
    s += "</g>\n";
    for (const auto& p : pts) {
        auto [x, y] = where[p.code];
        bool star = p.parent.empty();
        double r = star ? (p.kind == "super_giant" ? 9 : p.kind == "red_giant" ? 8 : 6) : 3.5;
        s += fmt::format("<g class=\"system {}\" data-code=\"{}\" data-kind=\"{}\"{}>", p.status,
                         p.code, p.kind,
                         p.owner.empty() ? "" : fmt::format(" data-owner=\"{}\"", escape(p.owner)));
        s += fmt::format("<title>{} {}{}</title>", p.code, p.kind,
                         p.owner.empty() ? "" : " (" + escape(p.owner) + ")");
        if (p.status == "owned")
            s += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" "
                "stroke=\"#39ff88\" stroke-width=\"2.5\"/>",
                x, y, r + 4);
        else if (!p.owner.empty())
            s += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" "
                "stroke=\"#ff5577\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
                x, y, r + 4);
        s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\"/>", x, y, r,
                         star_colour(p.kind));
        if (star)
            s += fmt::format(
                "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"9\" fill=\"#c8d0f0\" "
                "text-anchor=\"middle\">{}{}</text>",
                x, y + r + 16, p.code,
                p.owner.empty() || p.status == "owned" ? "" : " " + escape(p.owner));
        s += "</g>\n";
    }
    s += "</svg>\n";
    return s;
}

std::string render_map_text(const json& report, int width) {
    std::vector<MapPoint> pts = points(report);
    std::vector<const MapPoint*> stars;
    for (const auto& p : pts)
        if (p.parent.empty()) stars.push_back(&p);
    if (stars.empty()) return "(nothing seen yet)\n";
    int minx = stars[0]->x, maxx = minx, miny = stars[0]->y, maxy = miny;
    for (const auto* p : stars) {
        minx = std::min(minx, p->x);
        maxx = std::max(maxx, p->x);
        miny = std::min(miny, p->y);
        maxy = std::max(maxy, p->y);
    }
    int cols = std::min(maxx - minx + 1, width - 6);
    std::vector<std::string> grid(static_cast<std::size_t>(maxy - miny + 1),
                                  std::string(static_cast<std::size_t>(cols), ' '));
    const std::string me = report.at("empire").at("code").get<std::string>();
    std::map<std::string, char> letters;
    std::string legend;
    for (const auto* p : stars) {
        int cx = p->x - minx;
        if (cx >= cols) continue;
        char c = p->kind == "black" ? '.' : '*';
        if (p->status == "owned")
            c = '@';
        else if (!p->owner.empty()) {
            if (!letters.count(p->owner)) {
                char l = static_cast<char>('a' + letters.size() % 26);
                letters[p->owner] = l;
            }
            c = letters[p->owner];
        }
        grid[static_cast<std::size_t>(p->y - miny)][static_cast<std::size_t>(cx)] = c;
    }
    std::string out = fmt::format("Map (x {}..{}, y {}..{}): @ yours, * star, . dark star", minx,
                                  minx + cols - 1, miny, maxy);
    for (const auto& [emp, l] : letters)
        out += fmt::format(", {} {}", l, emp);
    out += "\n";
    for (std::size_t i = 0; i < grid.size(); ++i) {
        std::string row = grid[i];
        while (!row.empty() && row.back() == ' ')
            row.pop_back();
        out += fmt::format("{:>4} {}\n", miny + static_cast<int>(i), row);
    }
    return out;
}

}  // namespace hl
