#include "report/decimal_text.hpp"

#include <charconv>
#include <cmath>
#include <iterator>

#include <fmt/format.h>

namespace hl {

void append_tenths(std::string& out, double v) {
    // y differs from the exact 10v by at most 1.2e-7 below 1e9, so a fraction of y further
    // than 1e-6 from one half rounds the exact value the same way as y.
    const double y = v * 10;
    if (!std::signbit(v) && y < 1e9) {
        const double whole = std::floor(y);
        const double frac = y - whole;
        if (std::fabs(frac - 0.5) > 1e-6) {
            const auto tenths = static_cast<unsigned long>(whole) + (frac > 0.5 ? 1 : 0);
            char buf[24];
            char* end = std::to_chars(buf, buf + sizeof buf, tenths / 10).ptr;
            *end++ = '.';
            *end++ = static_cast<char>('0' + tenths % 10);
            out.append(buf, end);
            return;
        }
    }
    fmt::format_to(std::back_inserter(out), "{:.1f}", v);
}

}  // namespace hl
