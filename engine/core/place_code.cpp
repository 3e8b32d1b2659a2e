#include "core/place_code.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace hl {

PlaceCode CodeFormat::max() const {
    PlaceCode m = 1;
    for (int i = 0; i < digits; ++i)
        m *= 10;
    return m - 1;
}

std::string CodeFormat::format(PlaceCode code) const {
    if (code < 0) return fmt::format("{}{:0{}d}", prefix, code, digits);
    // What the format above gives, without parsing a format string on every call: codes are
    // formatted tens of thousands of times a turn.
    char buf[24];
    int n = 0;
    auto v = code;
    do {
        buf[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v > 0);
    std::string s;
    s.reserve(prefix.size() + static_cast<std::size_t>(std::max(n, digits)));
    s += prefix;
    if (n < digits) s.append(static_cast<std::size_t>(digits - n), '0');
    while (n > 0)
        s += buf[--n];
    return s;
}

std::optional<PlaceCode> CodeFormat::parse(std::string_view text, bool prefix_optional) const {
    if (!prefix.empty()) {
        bool has = text.size() >= prefix.size();
        for (std::size_t i = 0; has && i < prefix.size(); ++i) {
            char a = text[i], b = prefix[i];
            auto up = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; };
            has = up(a) == up(b);
        }
        if (has)
            text.remove_prefix(prefix.size());
        else if (!prefix_optional)
            return std::nullopt;
    }
    if (static_cast<int>(text.size()) != digits) return std::nullopt;
    PlaceCode v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::string CodeFormat::describe() const {
    static const char* const kCounts[] = {"zero", "one", "two",   "three", "four",
                                          "five", "six", "seven", "eight", "nine"};
    std::string d = digits >= 0 && digits <= 9 ? kCounts[digits] : std::to_string(digits);
    std::string what = fmt::format("{} digit{}", d, digits == 1 ? "" : "s");
    return prefix.empty() ? what : fmt::format("{} and {}", prefix, what);
}

const char* geometry_name(Geometry g) {
    return g == Geometry::hex ? "hex" : "grid";
}

std::optional<Geometry> parse_geometry(std::string_view name) {
    if (name == "grid") return Geometry::grid;
    if (name == "hex") return Geometry::hex;
    return std::nullopt;
}

}  // namespace hl
