#include "report/map_text.hpp"

#include <algorithm>
#include <utility>

#include "report/map_style.hpp"
#include "report/text_wrap.hpp"

namespace hl {

namespace {

// An outer place as the text map writes it.
struct Spot {
    int x = 0;
    int line = 0;  // text line, from the top of the map's extent
    std::string text;
    std::size_t width = 0;  // of the text, in columns
};

std::string legend_text(const DocMap& map, std::size_t width) {
    std::string items;
    for (const MapLayer* l : legend_layers(map)) {
        if (l->glyph.empty()) continue;
        items += (items.empty() ? "" : ";  ") + l->glyph + " " + l->name;
    }
    if (items.empty()) return {};
    return wrap_indented("After a code: " + items, width, "", "  ");
}

}  // namespace

std::string map_text(const DocMap& map, std::size_t width) {
    const bool hex = map.geometry == MapGeometry::hex;
    std::vector<Spot> spots;
    std::size_t code_w = 1;
    for (const MapPlace& p : map.places)
        if (p.parent.empty()) code_w = std::max(code_w, text_width(p.code));
    const int cell = static_cast<int>(code_w) + 1;
    const LayerIndex layers(map);
    for (const MapPlace& p : map.places) {
        if (!p.parent.empty()) continue;
        int line = hex ? 2 * p.y + (lower_column(map, p.x) ? 1 : 0) : p.y;
        std::string text = pad_to(p.code, code_w) + look_of(layers, p).glyph;
        const std::size_t text_w = text_width(text);
        spots.push_back({p.x, line, std::move(text), text_w});
    }
    if (spots.empty()) return "(no places to show)\n";
    std::sort(spots.begin(), spots.end(), [](const Spot& a, const Spot& b) {
        return a.line != b.line ? a.line < b.line : a.x < b.x;
    });
    // Text columns per step of x: as few as keep codes on one line apart, and at least 2.
    int closest = 0;
    for (std::size_t i = 1; i < spots.size(); ++i)
        if (spots[i].line == spots[i - 1].line && spots[i].x != spots[i - 1].x) {
            int d = spots[i].x - spots[i - 1].x;
            closest = closest == 0 ? d : std::min(closest, d);
        }
    int unit = closest == 0 ? 2 : std::max(2, (cell + closest - 1) / closest);
    unit = std::min(unit, cell);
    int min_x = spots.front().x, max_x = min_x, min_line = spots.front().line,
        max_line = spots.back().line;
    for (const Spot& s : spots) {
        min_x = std::min(min_x, s.x);
        max_x = std::max(max_x, s.x);
    }
    auto row_label = [&](int line) -> std::string {
        if (hex && line % 2 != 0) return "";
        return std::to_string(hex ? line / 2 : line);
    };
    std::size_t label_w = 1;
    for (int line = min_line; line <= max_line; ++line)
        label_w = std::max(label_w, row_label(line).size());
    const int room = static_cast<int>(width) - static_cast<int>(label_w) - 1;
    const int per_band = std::max(1, (room - cell) / unit + 1);

    std::string out = legend_text(map, width);
    for (int band_x = min_x; band_x <= max_x; band_x += per_band) {
        const int last_x = std::min(max_x, band_x + per_band - 1);
        auto in_band = [&](const Spot& s) { return s.x >= band_x && s.x <= last_x; };
        // The band's first and last lines with a place (spots are sorted by line).
        auto first = std::find_if(spots.begin(), spots.end(), in_band);
        if (first == spots.end()) continue;
        const int last_line = std::find_if(spots.rbegin(), spots.rend(), in_band)->line;
        // A ruler: x values where they fit, at every 5th column (10th when packed tight).
        const int step = unit >= 3 ? 5 : 10;
        std::string ruler;
        for (int x = band_x; x <= last_x; ++x) {
            if (x % step != 0) continue;
            std::size_t col = static_cast<std::size_t>((x - band_x) * unit);
            if (!ruler.empty() && ruler.size() + 1 > col) continue;
            ruler += std::string(col - ruler.size(), ' ') + std::to_string(x);
        }
        out += '\n';
        append_padded(out, "x", label_w, true);
        out += ' ';
        out += ruler;
        out += '\n';
        // Each line: its label, then its places at their columns, trailing spaces trimmed.
        auto next = first;
        for (int line = first->line; line <= last_line; ++line) {
            const std::size_t start = out.size();
            append_padded(out, row_label(line), label_w, true);
            out += ' ';
            std::size_t written = 0;  // columns after the label
            for (; next != spots.end() && next->line == line; ++next) {
                if (!in_band(*next)) continue;
                const std::size_t col = static_cast<std::size_t>((next->x - band_x) * unit);
                if (written < col) {
                    out.append(col - written, ' ');
                    written = col;
                }
                out += next->text;
                written += next->width;
            }
            std::size_t end = out.size();
            while (end > start && out[end - 1] == ' ')
                --end;
            out.resize(end);
            out += '\n';
        }
    }
    return out;
}

}  // namespace hl
