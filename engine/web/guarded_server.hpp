#pragma once

#include <httplib.h>

#include <memory>

#include "web/connection_front.hpp"

namespace hl::web {

// cpp-httplib's server with the connection front (web/connection_front.hpp) in place of its
// own thread per connection: the library still accepts connections and parses and answers
// each request, but every socket is handed to the front, which reads whole requests within
// their limits, runs them on its workers through the library's process_request over the
// bytes received, and writes the answers. The library's accepting loop runs the hand-over on
// its own thread (a task queue that runs each task at once).
class GuardedServer : public httplib::Server {
  public:
    // `threads` workers answer requests; the front's limits and the proxies it trusts.
    GuardedServer(FrontLimits limits, TrustedProxies proxies, int threads);
    ~GuardedServer() override;
    // The front, once listening has started (null before and after).
    ConnectionFront* front() { return front_.get(); }

  private:
    bool process_and_close_socket(socket_t sock) override;
    std::string answer(const std::string& request, const Peer& peer, bool last, bool& close);

    FrontLimits limits_;
    TrustedProxies proxies_;
    int threads_;
    std::unique_ptr<ConnectionFront> front_;
};

}  // namespace hl::web
