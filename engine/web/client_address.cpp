#include "web/client_address.hpp"

#include <arpa/inet.h>

#include <cstring>

#include <fmt/format.h>

#include "core/diagnostics.hpp"

namespace hl::web {

namespace {

// An address parsed: family and its bytes (16 for IPv6, the first 4 for IPv4).
struct Ip {
    int family = 0;
    unsigned char bytes[16] = {};
};

bool parse_ip(std::string_view text, Ip& ip) {
    if (text.empty() || text.size() > 45) return false;
    std::string s(text);
    if (::inet_pton(AF_INET, s.c_str(), ip.bytes) == 1) {
        ip.family = AF_INET;
        return true;
    }
    if (::inet_pton(AF_INET6, s.c_str(), ip.bytes) == 1) {
        static const unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
        if (std::memcmp(ip.bytes, kMapped, 12) == 0) {
            std::memmove(ip.bytes, ip.bytes + 12, 4);
            std::memset(ip.bytes + 4, 0, 12);
            ip.family = AF_INET;
        } else {
            ip.family = AF_INET6;
        }
        return true;
    }
    return false;
}

std::string to_text(const Ip& ip) {
    char buf[INET6_ADDRSTRLEN] = {};
    ::inet_ntop(ip.family, ip.bytes, buf, sizeof buf);
    return buf;
}

bool is_loopback(const Ip& ip) {
    if (ip.family == AF_INET) return ip.bytes[0] == 127;
    static const unsigned char kOne[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    return std::memcmp(ip.bytes, kOne, 16) == 0;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// An X-Forwarded-For entry as an address: "[v6]:port" and "v4:port" lose the port.
std::string_view entry_address(std::string_view e) {
    e = trim(e);
    if (!e.empty() && e.front() == '[') {
        auto close = e.find(']');
        return close == std::string_view::npos ? std::string_view() : e.substr(1, close - 1);
    }
    auto colon = e.find(':');
    if (colon != std::string_view::npos && e.find(':', colon + 1) == std::string_view::npos)
        return e.substr(0, colon);  // one colon: IPv4 with a port
    return e;
}

}  // namespace

std::string client_group(std::string_view ip_text) {
    Ip ip;
    if (!parse_ip(ip_text, ip)) return "";
    if (ip.family == AF_INET6) {
        std::memset(ip.bytes + 8, 0, 8);
        return to_text(ip) + "/64";
    }
    return to_text(ip);
}

TrustedProxies::TrustedProxies(bool loopback, const std::vector<std::string>& addresses)
    : loopback_(loopback) {
    for (const std::string& a : addresses) {
        Ip ip;
        if (!parse_ip(a, ip))
            throw InputError({"--proxy-address", 0, 0},
                             fmt::format("'{}' is not an IP address", a));
        addresses_.push_back(to_text(ip));
    }
}

bool TrustedProxies::trusts(std::string_view peer_ip) const {
    Ip ip;
    if (!any() || !parse_ip(peer_ip, ip)) return false;
    if (loopback_ && is_loopback(ip)) return true;
    const std::string text = to_text(ip);
    for (const std::string& a : addresses_)
        if (a == text) return true;
    return false;
}

std::string client_address(std::string_view peer_ip, std::string_view forwarded_for,
                           const TrustedProxies& proxies) {
    if (!forwarded_for.empty() && proxies.trusts(peer_ip)) {
        auto comma = forwarded_for.rfind(',');
        std::string_view last =
            comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
        Ip ip;
        if (parse_ip(entry_address(last), ip)) return to_text(ip);
    }
    return std::string(peer_ip);
}

}  // namespace hl::web
