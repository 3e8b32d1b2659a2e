#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hl::web {

// The address an IP address is counted under for limits: an IPv4 address as it is, an IPv6
// address by its /64 network (what one household or one server is given), an IPv4-mapped
// IPv6 address as the IPv4 address. Empty if `ip` is not an address.
std::string client_group(std::string_view ip);

// The reverse proxies whose X-Forwarded-For is believed (`serve --trust-proxy`).
class TrustedProxies {
  public:
    // Nobody is trusted.
    TrustedProxies() = default;
    // Loopback peers (127.0.0.0/8, ::1) if `loopback`, and the given addresses; throws
    // InputError naming one that is not an IP address.
    TrustedProxies(bool loopback, const std::vector<std::string>& addresses);
    // True if a connection from this peer address is from a trusted proxy.
    bool trusts(std::string_view peer_ip) const;
    // True if any proxy is trusted.
    bool any() const { return loopback_ || !addresses_.empty(); }

  private:
    bool loopback_ = false;
    std::vector<std::string> addresses_;  // canonical text
};

// The client's address: for a trusted proxy's connection, the right-most entry of its
// X-Forwarded-For (all the header's values joined with commas in order) — the one that proxy
// added, whatever a client wrote further left — if that entry is an IP address (a port or
// brackets are taken off); otherwise the peer's own address.
std::string client_address(std::string_view peer_ip, std::string_view forwarded_for,
                           const TrustedProxies& proxies);

}  // namespace hl::web
