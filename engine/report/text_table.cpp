#include "report/text_table.hpp"

#include <algorithm>
#include <numeric>

#include "report/text_buffer.hpp"
#include "report/text_wrap.hpp"

namespace hl {

namespace {

// Spaces between columns, and the fewer a table too wide for the page falls back to.
constexpr std::size_t kGap = 2;
constexpr std::size_t kTightGap = 1;

// What fitting a column needs to know of its title and cells.
struct ColumnStats {
    std::size_t natural = 0;  // the widest line (cells may hold line breaks), at least 1
    std::size_t word = 0;     // the widest word
    bool right = false;
};

// Widens `line` and `word` to the widest line and word of a text, in one pass; gives the
// text's width if wrap_words leaves it on one line as it is (one_line_width), else npos.
std::size_t measure(std::string_view text, std::size_t& line, std::size_t& word) {
    std::size_t l = 0, w = 0;
    bool one = text.empty() || (text.front() != ' ' && text.back() != ' ');
    char before = 0;
    for (char c : text) {
        if (c == '\n') {
            l = w = 0;
            one = false;
        } else if (c == ' ') {
            one = one && before != ' ';
            ++l;
            w = 0;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++l;
            ++w;
        }
        line = std::max(line, l);
        word = std::max(word, w);
        before = c;
    }
    return one ? l : std::string_view::npos;
}

// What fitting and laying out a table needs to know of its cells, measured once.
struct TableStats {
    std::vector<ColumnStats> columns;
    std::vector<std::size_t> one_line;  // per cell, row by row: measure()'s width or npos
};

TableStats table_stats(const DocTable& t) {
    TableStats stats;
    const std::size_t n = t.columns.size();
    stats.columns.resize(n);
    stats.one_line.reserve(t.rows.size() * n);
    for (std::size_t c = 0; c < n; ++c) {
        measure(t.columns[c].title, stats.columns[c].natural, stats.columns[c].word);
        stats.columns[c].right = t.columns[c].align == DocAlign::right;
    }
    for (const auto& row : t.rows)
        for (std::size_t c = 0; c < n; ++c)
            stats.one_line.push_back(
                measure(row[c].text, stats.columns[c].natural, stats.columns[c].word));
    for (ColumnStats& s : stats.columns)
        s.natural = std::max<std::size_t>(s.natural, 1);
    return stats;
}

std::size_t total(const std::vector<std::size_t>& widths, std::size_t gap) {
    return std::accumulate(widths.begin(), widths.end(), std::size_t{0}) +
           gap * (widths.empty() ? 0 : widths.size() - 1);
}

// Column widths for the columns `cols` of a table: natural if they fit, else narrowed; `min`
// the narrowest each may be (natural for right-aligned columns).
std::vector<std::size_t> fit_widths(const std::vector<ColumnStats>& stats,
                                    const std::vector<std::size_t>& cols, std::size_t width,
                                    std::size_t gap, std::vector<std::size_t>& min) {
    const std::size_t n = cols.size();
    std::vector<std::size_t> w(n);
    min.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const ColumnStats& s = stats[cols[i]];
        w[i] = s.natural;
        if (s.right)
            min[i] = s.natural;
        else
            min[i] = std::min(s.natural, std::max({s.word, std::size_t{8}, std::size_t{1}}));
        min[i] = std::min(min[i], std::max<std::size_t>(width / 2, 1));
    }
    while (total(w, gap) > width) {
        std::size_t best = n;
        for (std::size_t c = 0; c < n; ++c)
            if (w[c] > min[c] && (best == n || w[c] > w[best])) best = c;
        if (best == n) break;
        --w[best];
    }
    return w;
}

// One row (cells already wrapped to their columns) as lines.
std::string row_text(const std::vector<std::vector<std::string>>& cells,
                     const std::vector<std::size_t>& widths, const std::vector<bool>& right,
                     std::size_t gap) {
    std::size_t height = 0;
    for (const auto& c : cells)
        height = std::max(height, c.size());
    std::string out;
    for (std::size_t line = 0; line < height; ++line) {
        std::string l;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            if (c > 0) l += std::string(gap, ' ');
            l += pad_to(line < cells[c].size() ? cells[c][line] : "", widths[c], right[c]);
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        out += l + "\n";
    }
    return out;
}

// The columns `cols` of a table laid out at widths `w`, `gap` spaces apart.
void render(const DocTable& t, const TableStats& stats, const std::vector<std::size_t>& cols,
            const std::vector<std::size_t>& w, std::size_t gap, TextBuffer& out) {
    std::vector<bool> right;
    std::vector<std::vector<std::string>> head;
    std::vector<std::vector<std::string>> rule;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const DocColumn& c = t.columns[cols[i]];
        right.push_back(c.align == DocAlign::right);
        head.push_back(wrap_words(c.title, w[i]));
        rule.push_back({std::string(w[i], '-')});
    }
    out += row_text(head, w, right, gap);
    out += row_text(rule, w, right, gap);
    const std::size_t n = t.columns.size();
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const std::vector<DocValue>& row = t.rows[r];
        const std::size_t* one_line = stats.one_line.data() + r * n;
        // A row whose cells each stay on one line as written is laid out directly, up to the
        // end of its last cell with text (where row_text's trimming of the line stops).
        bool simple = true;
        std::size_t last = cols.size();
        for (std::size_t i = 0; simple && i < cols.size(); ++i) {
            const std::size_t width = one_line[cols[i]];
            simple = width != std::string_view::npos && (right[i] || width <= w[i]);
            if (!row[cols[i]].text.empty()) last = i;
        }
        if (simple) {
            for (std::size_t i = 0; last < cols.size() && i <= last; ++i) {
                if (i > 0) out.append(gap, ' ');
                const std::size_t width = one_line[cols[i]];
                const std::size_t fill = width < w[i] ? w[i] - width : 0;
                if (right[i]) out.append(fill, ' ');
                out += row[cols[i]].text;
                if (!right[i] && i < last) out.append(fill, ' ');
            }
            out += '\n';
            continue;
        }
        std::vector<std::vector<std::string>> cells;
        for (std::size_t i = 0; i < cols.size(); ++i)
            cells.push_back(wrap_words(row[cols[i]].text, right[i] ? std::string::npos : w[i]));
        out += row_text(cells, w, right, gap);
    }
}

}  // namespace

std::string table_text(const DocTable& t, std::size_t width) {
    if (t.rows.empty() && !t.empty.empty()) return wrap_indented(t.empty, width, "", "");
    const TableStats stats = table_stats(t);
    std::vector<std::size_t> all(t.columns.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    TextBuffer out(128 * (t.rows.size() + 2));
    std::vector<std::size_t> min;
    // Two spaces between columns; one if that keeps every cell on one line.
    std::vector<std::size_t> natural = fit_widths(stats.columns, all, std::string::npos, kGap, min);
    if (total(natural, kGap) > width && total(natural, kTightGap) <= width) {
        render(t, stats, all, natural, kTightGap, out);
        return out.take();
    }
    std::vector<std::size_t> w = fit_widths(stats.columns, all, width, kGap, min);
    if (total(w, kGap) <= width || t.columns.size() == 1) {
        render(t, stats, all, w, kGap, out);
        return out.take();
    }
    // Too wide even narrowed: several tables, each led by the first column.
    std::size_t next = 1;
    while (next < t.columns.size()) {
        std::vector<std::size_t> cols = {0};
        std::size_t used = min[0];
        while (next < t.columns.size() && (cols.size() == 1 || used + kGap + min[next] <= width)) {
            used += kGap + min[next];
            cols.push_back(next++);
        }
        std::vector<std::size_t> part_min;
        if (out.size() > 0) out += '\n';
        render(t, stats, cols, fit_widths(stats.columns, cols, width, kGap, part_min), kGap, out);
    }
    return out.take();
}

std::string key_values_text(const DocKeyValues& kv, std::size_t width) {
    std::size_t kw = 0, vw = 0;
    for (const DocKeyValue& item : kv.items) {
        kw = std::max(kw, text_width(item.key));
        vw = std::max(vw, text_width(item.value.text));
    }
    const std::size_t cell = kw + 2 + vw, sep = 3;
    std::string out;
    if (cell <= width) {
        std::size_t per_line = std::max<std::size_t>(1, (width + sep) / (cell + sep));
        for (std::size_t i = 0; i < kv.items.size(); i += per_line) {
            const std::size_t start = out.size();
            for (std::size_t j = i; j < kv.items.size() && j < i + per_line; ++j) {
                if (j > i) out.append(sep, ' ');
                const DocKeyValue& item = kv.items[j];
                append_padded(out, item.key, kw);
                out += "  ";
                append_padded(out, item.value.text, vw, item.value.number);
            }
            std::size_t end = out.size();
            while (end > start && out[end - 1] == ' ')
                --end;
            out.resize(end);
            out += '\n';
        }
        return out;
    }
    // Values too long to line up: one a line, wrapped under themselves.
    std::size_t indent = std::min(kw, width / 3) + 2;
    for (const DocKeyValue& item : kv.items) {
        std::string first = pad_to(item.key, indent - 2) + "  ";
        if (text_width(first) > indent) {
            out += wrap_indented(item.key, width, "", "");
            first = std::string(indent, ' ');
        }
        out += wrap_indented(item.value.text, width, first, std::string(indent, ' '));
    }
    return out;
}

}  // namespace hl
