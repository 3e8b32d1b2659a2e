#include "web/guarded_server.hpp"

#include <cstring>

namespace hl::web {

namespace {

// One request's bytes, as received by the front, read by the library as if from its socket;
// what the library writes is kept for the front to send.
class BufferedStream : public httplib::Stream {
  public:
    BufferedStream(const std::string& request, const Peer& peer) : in_(request), peer_(peer) {}
    bool is_readable() const override { return pos_ < in_.size(); }
    bool is_writable() const override { return true; }
    ssize_t read(char* ptr, size_t size) override {
        size_t n = std::min(size, in_.size() - pos_);
        std::memcpy(ptr, in_.data() + pos_, n);
        pos_ += n;
        return static_cast<ssize_t>(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        out_.append(ptr, size);
        return static_cast<ssize_t>(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        ip = peer_.ip;
        port = peer_.port;
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        ip = peer_.local_ip;
        port = peer_.local_port;
    }
    // No socket: the library only compares it with FD_SETSIZE (for its select()).
    socket_t socket() const override { return INVALID_SOCKET; }
    std::string& output() { return out_; }

  private:
    const std::string& in_;
    size_t pos_ = 0;
    const Peer& peer_;
    std::string out_;
};

// The library's task queue: runs each task (handing a socket to the front) on the accepting
// thread at once; shutting it down stops the front.
class HandOver : public httplib::TaskQueue {
  public:
    explicit HandOver(ConnectionFront& front) : front_(front) {}
    void enqueue(std::function<void()> fn) override { fn(); }
    void shutdown() override { front_.stop(); }

  private:
    ConnectionFront& front_;
};

}  // namespace

GuardedServer::GuardedServer(FrontLimits limits, TrustedProxies proxies, int threads)
    : limits_(limits), proxies_(std::move(proxies)), threads_(threads) {
    new_task_queue = [this] {
        front_ = std::make_unique<ConnectionFront>(
            limits_, proxies_, threads_,
            [this](const std::string& request, const Peer& peer, bool last, bool& close) {
                return answer(request, peer, last, close);
            });
        return new HandOver(*front_);
    };
}

GuardedServer::~GuardedServer() {
    if (front_) front_->stop();
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
    if (front_)
        front_->adopt(sock);
    else
        ::close(sock);
    return true;
}

std::string GuardedServer::answer(const std::string& request, const Peer& peer, bool last,
                                  bool& close) {
    BufferedStream strm(request, peer);
    bool closed = false;
    // The front has already answered "100 Continue" and read the body.
    bool ok = process_request(strm, last, closed,
                              [](httplib::Request& req) { req.headers.erase("Expect"); });
    close = !ok || closed || last;
    return std::move(strm.output());
}

}  // namespace hl::web
