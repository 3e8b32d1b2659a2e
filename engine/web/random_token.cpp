#include "web/random_token.hpp"

#include <cstdint>

#include "io/os_random.hpp"

namespace hl::web {

std::string random_token() {
    unsigned char buf[32];
    os_random_bytes(buf, sizeof buf);
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : buf) {
        out += kHex[b >> 4];
        out += kHex[b & 15];
    }
    return out;
}

bool same_secret(std::string_view a, std::string_view b) {
    std::size_t n = a.size() > b.size() ? a.size() : b.size();
    unsigned diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
        unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
        diff |= static_cast<unsigned>(x ^ y);
    }
    return diff == 0;
}

}  // namespace hl::web
