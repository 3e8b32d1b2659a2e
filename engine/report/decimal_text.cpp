#include "report/decimal_text.hpp"

#include <cmath>
#include <cstdint>

#include <fmt/format.h>

namespace hl {

void append_tenths(TextBuffer& out, double v) {
    // y differs from the exact 10v by at most 1.2e-7 below 1e9, so a fraction of y further
    // than 1e-6 from one half rounds the exact value the same way as y.
    const double y = v * 10;
    if (!std::signbit(v) && y < 1e9) {
        auto tenths = static_cast<std::uint64_t>(y);
        const double frac = y - static_cast<double>(tenths);
        if (std::fabs(frac - 0.5) > 1e-6) {
            if (frac > 0.5) ++tenths;
            char digits[24];
            char* const end = digits + sizeof digits;
            char* p = end;
            *--p = static_cast<char>('0' + tenths % 10);
            *--p = '.';
            std::uint64_t whole = tenths / 10;
            do {
                *--p = static_cast<char>('0' + whole % 10);
                whole /= 10;
            } while (whole > 0);
            out += std::string_view(p, static_cast<std::size_t>(end - p));
            return;
        }
    }
    out += fmt::format("{:.1f}", v);
}

}  // namespace hl
