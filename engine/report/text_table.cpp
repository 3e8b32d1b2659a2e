#include "report/text_table.hpp"

#include <algorithm>
#include <numeric>

#include "report/text_wrap.hpp"

namespace hl {

namespace {

// Spaces between columns, and the fewer a table too wide for the page falls back to.
constexpr std::size_t kGap = 2;
constexpr std::size_t kTightGap = 1;

// The widest word of a text.
std::size_t longest_word(const std::string& text) {
    std::size_t best = 0, start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find_first_of(" \n", start);
        if (end == std::string::npos) end = text.size();
        best = std::max(best, text_width(std::string_view(text).substr(start, end - start)));
        start = end + 1;
    }
    return best;
}

// The widest line of a text (cells may hold line breaks).
std::size_t widest_line(const std::string& text) {
    std::size_t best = 0, start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        best = std::max(best, text_width(std::string_view(text).substr(start, end - start)));
        start = end + 1;
    }
    return best;
}

std::size_t total(const std::vector<std::size_t>& widths, std::size_t gap) {
    return std::accumulate(widths.begin(), widths.end(), std::size_t{0}) +
           gap * (widths.empty() ? 0 : widths.size() - 1);
}

// Column widths for a table: natural if they fit, else narrowed; `min` the narrowest each may
// be (natural for right-aligned columns).
std::vector<std::size_t> fit_widths(const DocTable& t, std::size_t width, std::size_t gap,
                                    std::vector<std::size_t>& min) {
    const std::size_t n = t.columns.size();
    std::vector<std::size_t> natural(n, 0);
    min.assign(n, 0);
    for (std::size_t c = 0; c < n; ++c) {
        natural[c] = widest_line(t.columns[c].title);
        std::size_t word = longest_word(t.columns[c].title);
        for (const auto& row : t.rows) {
            natural[c] = std::max(natural[c], widest_line(row[c].text));
            word = std::max(word, longest_word(row[c].text));
        }
        natural[c] = std::max<std::size_t>(natural[c], 1);
        if (t.columns[c].align == DocAlign::right)
            min[c] = natural[c];
        else
            min[c] = std::min(natural[c], std::max({word, std::size_t{8}, std::size_t{1}}));
        min[c] = std::min(min[c], std::max<std::size_t>(width / 2, 1));
    }
    std::vector<std::size_t> w = natural;
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

// True if wrapping `text` to `width` gives the text itself on one line: no line break, no
// space at either end or twice in a row, and no wider than the column.
bool one_line(const std::string& text, std::size_t width) {
    if (text.empty()) return true;
    if (text.front() == ' ' || text.back() == ' ') return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n' || (text[i] == ' ' && text[i + 1] == ' ')) return false;
    return text_width(text) <= width;
}

// A row whose cells are each one line as written (one_line), as row_text lays it out.
void append_simple_row(const std::vector<DocValue>& row, const std::vector<std::size_t>& widths,
                       const std::vector<bool>& right, std::size_t gap, std::string& out) {
    const std::size_t start = out.size();
    for (std::size_t c = 0; c < row.size(); ++c) {
        if (c > 0) out.append(gap, ' ');
        const std::string& text = row[c].text;
        const std::size_t tw = text_width(text);
        const std::size_t fill = tw < widths[c] ? widths[c] - tw : 0;
        if (right[c]) out.append(fill, ' ');
        out += text;
        if (!right[c]) out.append(fill, ' ');
    }
    std::size_t end = out.size();
    while (end > start && out[end - 1] == ' ')
        --end;
    out.resize(end);
    out += '\n';
}

std::string render(const DocTable& t, const std::vector<std::size_t>& w, std::size_t gap) {
    std::vector<bool> right;
    for (const DocColumn& c : t.columns)
        right.push_back(c.align == DocAlign::right);
    std::vector<std::vector<std::string>> head;
    std::vector<std::vector<std::string>> rule;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        head.push_back(wrap_words(t.columns[c].title, w[c]));
        rule.push_back({std::string(w[c], '-')});
    }
    std::string out = row_text(head, w, right, gap) + row_text(rule, w, right, gap);
    for (const auto& row : t.rows) {
        bool simple = true;
        for (std::size_t c = 0; simple && c < row.size(); ++c)
            simple = one_line(row[c].text, right[c] ? std::string::npos : w[c]);
        if (simple) {
            append_simple_row(row, w, right, gap, out);
            continue;
        }
        std::vector<std::vector<std::string>> cells;
        for (std::size_t c = 0; c < row.size(); ++c)
            cells.push_back(right[c] ? wrap_words(row[c].text, std::string::npos)
                                     : wrap_words(row[c].text, w[c]));
        out += row_text(cells, w, right, gap);
    }
    return out;
}

// The table made of some of a table's columns.
DocTable columns_of(const DocTable& t, const std::vector<std::size_t>& cols) {
    DocTable part;
    for (std::size_t c : cols)
        part.columns.push_back(t.columns[c]);
    for (const auto& row : t.rows) {
        std::vector<DocValue> r;
        for (std::size_t c : cols)
            r.push_back(row[c]);
        part.rows.push_back(std::move(r));
    }
    return part;
}

}  // namespace

std::string table_text(const DocTable& t, std::size_t width) {
    if (t.rows.empty() && !t.empty.empty()) return wrap_indented(t.empty, width, "", "");
    std::vector<std::size_t> min;
    // Two spaces between columns; one if that keeps every cell on one line.
    std::vector<std::size_t> natural = fit_widths(t, std::string::npos, kGap, min);
    if (total(natural, kGap) > width && total(natural, kTightGap) <= width)
        return render(t, natural, kTightGap);
    std::vector<std::size_t> w = fit_widths(t, width, kGap, min);
    if (total(w, kGap) <= width || t.columns.size() == 1) return render(t, w, kGap);
    // Too wide even narrowed: several tables, each led by the first column.
    std::string out;
    std::size_t next = 1;
    while (next < t.columns.size()) {
        std::vector<std::size_t> cols = {0};
        std::size_t used = min[0];
        while (next < t.columns.size() && (cols.size() == 1 || used + kGap + min[next] <= width)) {
            used += kGap + min[next];
            cols.push_back(next++);
        }
        DocTable part = columns_of(t, cols);
        std::vector<std::size_t> part_min;
        if (!out.empty()) out += "\n";
        out += render(part, fit_widths(part, width, kGap, part_min), kGap);
    }
    return out;
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
            std::string line;
            for (std::size_t j = i; j < kv.items.size() && j < i + per_line; ++j) {
                if (j > i) line += std::string(sep, ' ');
                const DocKeyValue& item = kv.items[j];
                line +=
                    pad_to(item.key, kw) + "  " + pad_to(item.value.text, vw, item.value.number);
            }
            while (!line.empty() && line.back() == ' ')
                line.pop_back();
            out += line + "\n";
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
