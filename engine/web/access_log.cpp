#include "web/access_log.hpp"

#include <cstdio>

#include <fmt/format.h>

namespace hl::web {

namespace {

// One whole line at once: stdio locks the stream per call, so lines of threads never mix.
void write_line(const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

}  // namespace

std::string log_safe(std::string_view text, std::size_t max) {
    std::string out;
    for (char ch : text.substr(0, max)) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
            out += fmt::format("\\x{:02x}", c);
        else
            out += ch;
    }
    if (text.size() > max) out += "...";
    return out;
}

void log_request(const std::string& client, const std::string& method, const std::string& path,
                 int status, std::size_t bytes) {
    write_line(fmt::format("access: {} \"{} {}\" {} {}", log_safe(client, 64), log_safe(method, 16),
                           log_safe(path), status, bytes));
}

void log_refused(const std::string& client, int status, std::size_t bytes, const std::string& why) {
    write_line(fmt::format("access: {} \"-\" {} {} (refused: {})", log_safe(client, 64), status,
                           bytes, log_safe(why)));
}

void log_failed_signin(const std::string& game, const std::string& empire,
                       const std::string& client, const std::string& why) {
    write_line(fmt::format("signin failed: game {}, empire {}, from {} ({})", log_safe(game, 64),
                           log_safe(empire, 16), log_safe(client, 64), why));
}

}  // namespace hl::web
