#include "report/text_wrap.hpp"

#include <algorithm>
#include <utility>

#include "core/utf8.hpp"

namespace hl {

namespace {

// Appends the words of one line of text (no line breaks) to `lines`.
void wrap_line(std::string_view text, std::size_t width, std::vector<std::string>& lines) {
    std::string line;
    std::size_t line_w = 0;
    std::size_t i = 0;
    const std::size_t start_count = lines.size();
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        std::size_t end = text.find(' ', i);
        if (end == std::string_view::npos) end = text.size();
        std::string_view word = text.substr(i, end - i);
        i = end;
        if (word.empty()) break;
        std::size_t w = text_width(word);
        if (line_w > 0 && line_w + 1 + w <= width) {
            line += ' ';
            line += word;
            line_w += 1 + w;
            continue;
        }
        if (line_w > 0) {
            lines.push_back(std::move(line));
            line.clear();
            line_w = 0;
        }
        // A word longer than the line is cut between code points.
        while (w > width && width > 0) {
            std::size_t bytes = 0, cols = 0;
            while (cols < width) {
                ++bytes;
                while (bytes < word.size() &&
                       (static_cast<unsigned char>(word[bytes]) & 0xC0) == 0x80)
                    ++bytes;
                ++cols;
            }
            lines.emplace_back(word.substr(0, bytes));
            word.remove_prefix(bytes);
            w -= cols;
        }
        line = std::string(word);
        line_w = w;
    }
    if (line_w > 0 || lines.size() == start_count) lines.push_back(std::move(line));
}

}  // namespace

std::size_t text_width(std::string_view text) {
    return utf8_length(text);
}

std::vector<std::string> wrap_words(std::string_view text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (true) {
        std::size_t nl = text.find('\n', start);
        wrap_line(text.substr(start, nl == std::string_view::npos ? nl : nl - start), width, lines);
        if (nl == std::string_view::npos) break;
        start = nl + 1;
    }
    return lines;
}

std::string pad_to(const std::string& text, std::size_t width, bool right_align) {
    std::size_t w = text_width(text);
    if (w >= width) return text;
    std::string fill(width - w, ' ');
    return right_align ? fill + text : text + fill;
}

void append_padded(std::string& out, std::string_view text, std::size_t width, bool right_align) {
    const std::size_t w = text_width(text);
    const std::size_t fill = w < width ? width - w : 0;
    if (right_align) out.append(fill, ' ');
    out += text;
    if (!right_align) out.append(fill, ' ');
}

std::size_t one_line_width(std::string_view text) {
    if (text.empty()) return 0;
    if (text.front() == ' ' || text.back() == ' ') return std::string_view::npos;
    std::size_t w = 0;
    char before = 0;
    for (char c : text) {
        if (c == '\n' || (c == ' ' && before == ' ')) return std::string_view::npos;
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++w;
        before = c;
    }
    return w;
}

std::string wrap_indented(std::string_view text, std::size_t width, const std::string& first,
                          const std::string& rest) {
    std::string out;
    append_wrapped(out, text, width, first, rest);
    return out;
}

void append_wrapped(std::string& out, std::string_view text, std::size_t width,
                    std::string_view first, std::string_view rest) {
    const std::size_t indent = std::max(text_width(rest), text_width(first));
    const std::size_t room = width > indent + 10 ? width - indent : 10;
    auto add_line = [&out](std::string_view lead, std::string_view line) {
        const std::size_t start = out.size();
        out += lead;
        out += line;
        std::size_t end = out.size();
        while (end > start && out[end - 1] == ' ')
            --end;
        out.resize(end);
        out += '\n';
    };
    const std::size_t w = one_line_width(text);
    if (w != std::string_view::npos && w <= room) return add_line(first, text);
    bool is_first = true;
    for (const std::string& line : wrap_words(text, room)) {
        add_line(is_first ? first : rest, line);
        is_first = false;
    }
}

}  // namespace hl
