#include "host/time_text.hpp"

#include <cctype>
#include <cstdlib>
#include <ctime>

#include <fmt/format.h>

namespace hl {

namespace {

// Days since 1970-01-01 of a civil date (proleptic Gregorian; H. Hinnant's algorithm).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil {
    std::int64_t y;
    unsigned m, d, hh, mm, ss, wday;
};

Civil civil_from_unix(UnixTime t) {
    std::int64_t days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
    std::int64_t secs = t - days * 86400;
    Civil c{};
    c.wday = static_cast<unsigned>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
    std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    c.d = doy - (153 * mp + 2) / 5 + 1;
    c.m = mp < 10 ? mp + 3 : mp - 9;
    c.y = static_cast<std::int64_t>(yoe) + era * 400 + (c.m <= 2);
    c.hh = static_cast<unsigned>(secs / 3600);
    c.mm = static_cast<unsigned>(secs / 60 % 60);
    c.ss = static_cast<unsigned>(secs % 60);
    return c;
}

// Reads exactly n digits at pos.
bool digits(std::string_view s, std::size_t& pos, int n, int& out) {
    out = 0;
    for (int i = 0; i < n; ++i, ++pos) {
        if (pos >= s.size() || !std::isdigit(static_cast<unsigned char>(s[pos]))) return false;
        out = out * 10 + (s[pos] - '0');
    }
    return true;
}

bool days_in_month_ok(int y, int m, int d) {
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int max = kDays[m - 1] + (m == 2 && leap ? 1 : 0);
    return d >= 1 && d <= max;
}

}  // namespace

UnixTime now_utc() {
    if (const char* fixed = std::getenv("HYPERLANE_NOW"))
        if (auto t = parse_time(fixed)) return *t;
    return static_cast<UnixTime>(std::time(nullptr));
}

std::optional<UnixTime> parse_time(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    std::size_t p = 0;
    int y, mo, d, h, mi, sec = 0;
    if (!digits(s, p, 4, y) || p >= s.size() || s[p++] != '-' || !digits(s, p, 2, mo) ||
        p >= s.size() || s[p++] != '-' || !digits(s, p, 2, d))
        return std::nullopt;
    if (p >= s.size() || (s[p] != 'T' && s[p] != ' ')) return std::nullopt;
    ++p;
    if (!digits(s, p, 2, h) || p >= s.size() || s[p++] != ':' || !digits(s, p, 2, mi))
        return std::nullopt;
    if (p < s.size() && s[p] == ':') {
        ++p;
        if (!digits(s, p, 2, sec)) return std::nullopt;
    }
    if (mo < 1 || mo > 12 || !days_in_month_ok(y, mo, d) || h > 23 || mi > 59 || sec > 59)
        return std::nullopt;
    std::string_view zone = s.substr(p);
    while (!zone.empty() && zone.front() == ' ')
        zone.remove_prefix(1);
    std::int64_t offset = 0;
    if (zone.empty() || zone == "Z" || zone == "UTC" || zone == "GMT") {
        offset = 0;
    } else if ((zone[0] == '+' || zone[0] == '-') && zone.size() == 6 && zone[3] == ':') {
        std::size_t q = 1;
        int oh, om;
        if (!digits(zone, q, 2, oh) || zone[q++] != ':' || !digits(zone, q, 2, om) || oh > 23 ||
            om > 59)
            return std::nullopt;
        offset = (oh * 3600 + om * 60) * (zone[0] == '-' ? -1 : 1);
    } else {
        return std::nullopt;
    }
    return days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 +
           h * 3600 + mi * 60 + sec - offset;
}

std::optional<std::int64_t> parse_duration(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::int64_t total = 0;
    std::size_t p = 0;
    while (p < s.size()) {
        std::int64_t n = 0;
        std::size_t start = p;
        while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) {
            n = n * 10 + (s[p] - '0');
            if (n > 100000) return std::nullopt;
            ++p;
        }
        if (p == start || p >= s.size()) return std::nullopt;
        switch (s[p++]) {
            case 'w':
                total += n * 7 * 86400;
                break;
            case 'd':
                total += n * 86400;
                break;
            case 'h':
                total += n * 3600;
                break;
            case 'm':
                total += n * 60;
                break;
            default:
                return std::nullopt;
        }
    }
    return total;
}

std::string format_duration(std::int64_t s) {
    if (s <= 0) return "0m";
    std::string out;
    if (s >= 86400) out += fmt::format("{}d", s / 86400), s %= 86400;
    if (s >= 3600) out += fmt::format("{}h", s / 3600), s %= 3600;
    if (s >= 60) out += fmt::format("{}m", s / 60);
    return out.empty() ? "1m" : out;
}

std::string format_time(UnixTime t) {
    Civil c = civil_from_unix(t);
    if (c.ss)
        return fmt::format("{:04d}-{:02d}-{:02d} {:02d}:{:02d}:{:02d} UTC", c.y, c.m, c.d, c.hh,
                           c.mm, c.ss);
    return fmt::format("{:04d}-{:02d}-{:02d} {:02d}:{:02d} UTC", c.y, c.m, c.d, c.hh, c.mm);
}

std::string format_mail_date(UnixTime t) {
    static const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    Civil c = civil_from_unix(t);
    return fmt::format("{}, {:02d} {} {:04d} {:02d}:{:02d}:{:02d} +0000", kDays[c.wday], c.d,
                       kMonths[c.m - 1], c.y, c.hh, c.mm, c.ss);
}

std::string format_relative(UnixTime when, UnixTime now) {
    std::int64_t d = when - now;
    std::int64_t a = d < 0 ? -d : d;
    std::string span;
    if (a >= 86400)
        span = fmt::format("{}d {}h", a / 86400, a % 86400 / 3600);
    else if (a >= 3600)
        span = fmt::format("{}h {}m", a / 3600, a % 3600 / 60);
    else
        span = fmt::format("{}m", a / 60);
    return d >= 0 ? "in " + span : span + " ago";
}

}  // namespace hl
