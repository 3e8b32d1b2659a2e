#include "web/connection_front.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>

#include <fmt/format.h>

#include "web/access_log.hpp"

namespace hl::web {

using Clock = std::chrono::steady_clock;

namespace {

constexpr std::uint64_t kWakeId = 0;
constexpr auto kLinger = std::chrono::seconds(2);  // reading what a refused client still sends
constexpr std::size_t kLingerBytes = 1 << 20;      // ... at most this much
constexpr auto kScanEvery = std::chrono::milliseconds(100);

const char* reason(int status) {
    switch (status) {
        case 400:
            return "Bad Request";
        case 408:
            return "Request Timeout";
        case 413:
            return "Payload Too Large";
        case 414:
            return "URI Too Long";
        case 415:
            return "Unsupported Media Type";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 503:
            return "Service Unavailable";
    }
    return "Error";
}

// An answer the front gives by itself, in plain text, after which the connection closes.
std::string canned(int status, const std::string& why) {
    std::string body = why + "\n";
    return fmt::format(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n"
        "Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        "{}\r\n{}",
        status, reason(status), body.size(), status == 503 ? "Retry-After: 10\r\n" : "", body);
}

void numeric(const sockaddr_storage& addr, socklen_t len, std::string& ip, int& port) {
    char host[NI_MAXHOST] = {}, serv[NI_MAXSERV] = {};
    if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, serv,
                      sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
        ip = host;
        port = std::atoi(serv);
    }
}

Peer peer_of(int fd) {
    Peer p;
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
        numeric(addr, len, p.ip, p.port);
    len = sizeof addr;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
        numeric(addr, len, p.local_ip, p.local_port);
    return p;
}

// Sends what fits now and closes: for connections refused before they are taken in.
void refuse_now(int fd, const Peer& peer, int status, const std::string& why) {
    std::string out = canned(status, why);
    log_refused(peer.ip, status, why.size() + 1, why);  // the body: why and a line end
    [[maybe_unused]] ssize_t n = ::send(fd, out.data(), out.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(fd, SHUT_WR);
    ::close(fd);
}

}  // namespace

struct ConnectionFront::Conn {
    enum class State { reading, parked, busy, writing, lingering };
    explicit Conn(const RequestLimits& l) : reader(l) {}
    std::uint64_t id = 0;
    int fd = -1;
    Peer peer;
    std::string group;   // counted in open_by_client_; empty for a trusted proxy's connection
    std::string client;  // whose request is being answered (busy_by_client_, parked_)
    State state = State::reading;
    RequestReader reader;
    std::string in;       // received, not yet handed on
    std::string request;  // the complete request, until a worker takes it
    std::string out;
    std::size_t out_pos = 0;
    bool close_after = false;
    bool continue_sent = false;
    bool dead = false;
    std::uint32_t watching = 0;  // the events asked of epoll; 0: not registered
    int served = 0;
    std::size_t discarded = 0;
    Clock::time_point deadline;
};

ConnectionFront::ConnectionFront(FrontLimits limits, TrustedProxies proxies, int threads,
                                 RequestRunner run)
    : limits_(limits), proxies_(std::move(proxies)), run_(std::move(run)) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epoll_ < 0 || wake_fd_ < 0) throw std::runtime_error("cannot make the server's epoll");
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = kWakeId;
    ::epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_fd_, &ev);
    workers_ = std::make_unique<httplib::ThreadPool>(static_cast<size_t>(std::max(1, threads)));
    thread_ = std::thread([this] { loop(); });
}

ConnectionFront::~ConnectionFront() {
    stop();
}

void ConnectionFront::wake() {
    std::uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void ConnectionFront::adopt(int fd) {
    {
        std::lock_guard<std::mutex> g(shared_);
        if (!stop_) {
            incoming_.push_back(fd);
            fd = -1;
        }
    }
    if (fd >= 0) {
        ::close(fd);
        return;
    }
    wake();
}

std::size_t ConnectionFront::connections() {
    std::lock_guard<std::mutex> g(shared_);
    return open_count_;
}

void ConnectionFront::stop() {
    {
        std::lock_guard<std::mutex> g(shared_);
        if (stop_ && !thread_.joinable()) return;
        stop_ = true;
    }
    wake();
    if (thread_.joinable()) thread_.join();
    if (workers_) workers_->shutdown();  // the requests being answered finish
    workers_.reset();
    for (auto& [id, c] : conns_)
        ::close(c->fd);
    conns_.clear();
    {
        std::lock_guard<std::mutex> g(shared_);
        for (int fd : incoming_)
            ::close(fd);
        incoming_.clear();
        open_count_ = 0;
    }
    if (epoll_ >= 0) ::close(epoll_);
    if (wake_fd_ >= 0) ::close(wake_fd_);
    epoll_ = wake_fd_ = -1;
}

void ConnectionFront::loop() {
    epoll_event events[64];
    auto last_scan = Clock::now();
    for (;;) {
        int n = ::epoll_wait(epoll_, events, 64, static_cast<int>(kScanEvery.count()));
        std::vector<int> incoming;
        std::vector<Done> done;
        {
            std::lock_guard<std::mutex> g(shared_);
            if (stop_) return;
            incoming.swap(incoming_);
            done.swap(done_);
        }
        for (int fd : incoming)
            open_conn(fd);
        for (const Done& d : done)
            finish(d);
        for (int i = 0; i < n; ++i) {
            if (events[i].data.u64 == kWakeId) {
                std::uint64_t count;
                while (::read(wake_fd_, &count, sizeof count) > 0) {
                }
                continue;
            }
            auto it = conns_.find(events[i].data.u64);
            if (it != conns_.end() && !it->second->dead) on_event(*it->second, events[i].events);
        }
        auto now = Clock::now();
        if (now - last_scan >= kScanEvery) {
            expire(now);
            last_scan = now;
        }
        std::vector<std::uint64_t> dead;
        for (auto& [id, c] : conns_)
            if (c->dead) dead.push_back(id);
        for (std::uint64_t id : dead)
            close_conn(id);
    }
}

void ConnectionFront::watch(Conn& c, std::uint32_t events) {
    if (events == c.watching) return;
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = c.id;
    if (events == 0)
        ::epoll_ctl(epoll_, EPOLL_CTL_DEL, c.fd, &ev);
    else
        ::epoll_ctl(epoll_, c.watching == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, c.fd, &ev);
    c.watching = events;
}

void ConnectionFront::open_conn(int fd) {
    Peer peer = peer_of(fd);
    const bool proxy = proxies_.trusts(peer.ip);
    std::string group = proxy ? "" : client_group(peer.ip);
    if (!proxy && group.empty()) group = peer.ip;
    auto open = open_by_client_.find(group);
    if (conns_.size() >= limits_.max_connections)
        return refuse_now(fd, peer, 503,
                          "The server has too many connections open: try again soon.");
    if (!proxy && open != open_by_client_.end() &&
        open->second >= limits_.max_connections_per_client)
        return refuse_now(fd, peer, 503,
                          "Too many connections from your address: close some and try again.");
    int flags = ::fcntl(fd, F_GETFL, 0);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    auto c = std::make_unique<Conn>(limits_.request);
    c->id = next_id_++;
    c->fd = fd;
    c->peer = std::move(peer);
    c->group = group;
    c->deadline = Clock::now() + limits_.request_timeout;
    if (!group.empty()) ++open_by_client_[group];
    Conn& ref = *c;
    conns_.emplace(ref.id, std::move(c));
    {
        std::lock_guard<std::mutex> g(shared_);
        ++open_count_;
    }
    watch(ref, EPOLLIN | EPOLLRDHUP);
}

void ConnectionFront::close_conn(std::uint64_t id) {
    auto it = conns_.find(id);
    if (it == conns_.end()) return;
    Conn& c = *it->second;
    watch(c, 0);
    ::close(c.fd);
    if (!c.group.empty()) {
        auto open = open_by_client_.find(c.group);
        if (open != open_by_client_.end() && --open->second == 0) open_by_client_.erase(open);
    }
    if (c.state == Conn::State::parked) {
        auto p = parked_.find(c.client);
        if (p != parked_.end()) {
            std::erase(p->second, id);
            if (p->second.empty()) parked_.erase(p);
        }
    }
    conns_.erase(it);
    std::lock_guard<std::mutex> g(shared_);
    --open_count_;
}

void ConnectionFront::on_event(Conn& c, std::uint32_t events) {
    if (events & EPOLLERR) {
        c.dead = true;
        return;
    }
    switch (c.state) {
        case Conn::State::reading:
            read_more(c);
            break;
        case Conn::State::writing:
            if (events & EPOLLOUT)
                write_more(c);
            else if (events & EPOLLHUP)
                c.dead = true;
            break;
        case Conn::State::lingering:
            linger(c);
            break;
        case Conn::State::parked:
        case Conn::State::busy:
            break;  // not watched: the answer's write finds out if the client left
    }
}

void ConnectionFront::read_more(Conn& c) {
    const RequestLimits& l = limits_.request;
    // Chunked framing may add to the body: allow for it, but not without end.
    const std::size_t cap = l.max_header_bytes + 2 * l.max_body + 65536;
    char buf[16384];
    while (!c.dead && c.state == Conn::State::reading) {
        ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
        if (n > 0) {
            c.in.append(buf, static_cast<std::size_t>(n));
            if (c.in.size() > cap) return answer_and_close(c, 413, "The request is too large.");
            process_input(c);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        c.dead = true;  // closed by the client, or broken, before a whole request came
    }
}

void ConnectionFront::process_input(Conn& c) {
    if (c.dead || c.state != Conn::State::reading || c.in.empty()) return;
    switch (c.reader.feed(c.in)) {
        case RequestReader::State::need_more:
            if (c.reader.expects_continue() && !c.continue_sent) {
                c.continue_sent = true;
                static const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
                ssize_t n =
                    ::send(c.fd, kContinue.data(), kContinue.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
                if (n != static_cast<ssize_t>(kContinue.size())) c.dead = true;
            }
            return;
        case RequestReader::State::refused:
            return answer_and_close(c, c.reader.status(), c.reader.why());
        case RequestReader::State::complete:
            break;
    }
    const std::size_t len = c.reader.length();
    c.request = c.in.substr(0, len);
    c.in.erase(0, len);
    c.client = client_group(client_address(c.peer.ip, c.reader.forwarded_for(), proxies_));
    if (c.client.empty()) c.client = c.peer.ip;
    dispatch(c);
}

void ConnectionFront::dispatch(Conn& c) {
    watch(c, 0);
    auto busy = busy_by_client_.find(c.client);
    if (busy != busy_by_client_.end() && busy->second >= limits_.max_busy_per_client) {
        c.state = Conn::State::parked;
        parked_[c.client].push_back(c.id);
        return;
    }
    ++busy_by_client_[c.client];
    c.state = Conn::State::busy;
    const bool last = c.served + 1 >= limits_.max_requests_per_connection;
    workers_->enqueue(
        [this, id = c.id, client = c.client, request = std::move(c.request), peer = c.peer, last] {
            bool close = true;
            std::string out;
            try {
                out = run_(request, peer, last, close);
            } catch (...) {
                out = canned(500, "Something went wrong on the server. Nothing was changed.");
                close = true;
            }
            {
                std::lock_guard<std::mutex> g(shared_);
                done_.push_back({id, std::move(out), close, client});
            }
            wake();
        });
    c.request.clear();
}

void ConnectionFront::finish(const Done& d) {
    auto busy = busy_by_client_.find(d.client);
    if (busy != busy_by_client_.end() && --busy->second <= 0) busy_by_client_.erase(busy);
    auto it = conns_.find(d.id);
    if (it != conns_.end() && !it->second->dead) {
        Conn& c = *it->second;
        c.out = d.out;
        c.out_pos = 0;
        c.close_after = d.close;
        c.state = Conn::State::writing;
        c.deadline = Clock::now() + limits_.response_timeout;
        ++c.served;
        write_more(c);
    }
    start_parked(d.client);
}

void ConnectionFront::start_parked(const std::string& client) {
    auto p = parked_.find(client);
    while (p != parked_.end() && !p->second.empty()) {
        auto busy = busy_by_client_.find(client);
        if (busy != busy_by_client_.end() && busy->second >= limits_.max_busy_per_client) return;
        std::uint64_t id = p->second.front();
        p->second.erase(p->second.begin());
        if (p->second.empty()) parked_.erase(p);
        auto it = conns_.find(id);
        if (it != conns_.end() && !it->second->dead && it->second->state == Conn::State::parked)
            dispatch(*it->second);
        p = parked_.find(client);
    }
}

void ConnectionFront::write_more(Conn& c) {
    while (c.out_pos < c.out.size()) {
        ssize_t n = ::send(c.fd, c.out.data() + c.out_pos, c.out.size() - c.out_pos, MSG_NOSIGNAL);
        if (n > 0) {
            c.out_pos += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return watch(c, EPOLLOUT);
        c.dead = true;
        return;
    }
    c.out.clear();
    c.out_pos = 0;
    if (c.close_after) {
        ::shutdown(c.fd, SHUT_WR);
        c.state = Conn::State::lingering;
        c.deadline = Clock::now() + kLinger;
        c.discarded = 0;
        watch(c, EPOLLIN | EPOLLRDHUP);
        return;
    }
    c.state = Conn::State::reading;
    c.reader = RequestReader(limits_.request);
    c.continue_sent = false;
    c.deadline = Clock::now() + limits_.request_timeout;
    watch(c, EPOLLIN | EPOLLRDHUP);
    process_input(c);  // a request sent before this answer was complete
}

void ConnectionFront::answer_and_close(Conn& c, int status, const std::string& why) {
    c.in.clear();
    c.out = canned(status, why);
    log_refused(c.peer.ip, status, why.size() + 1, why);  // the body: why and a line end
    c.out_pos = 0;
    c.close_after = true;
    c.state = Conn::State::writing;
    c.deadline = Clock::now() + limits_.response_timeout;
    write_more(c);
}

void ConnectionFront::linger(Conn& c) {
    // What a refused client still sends is read and dropped for a moment, so that closing
    // does not reset the connection before the client has read the answer.
    char buf[16384];
    for (;;) {
        ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
        if (n > 0) {
            c.discarded += static_cast<std::size_t>(n);
            if (c.discarded > kLingerBytes) break;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        break;
    }
    c.dead = true;
}

void ConnectionFront::expire(Clock::time_point now) {
    for (auto& [id, ptr] : conns_) {
        Conn& c = *ptr;
        if (c.dead || now < c.deadline) continue;
        switch (c.state) {
            case Conn::State::reading:
                if (c.in.empty())
                    c.dead = true;  // nothing sent: close quietly
                else
                    answer_and_close(c, 408, "The request did not arrive in time.");
                break;
            case Conn::State::writing:
            case Conn::State::lingering:
                c.dead = true;
                break;
            case Conn::State::parked:
            case Conn::State::busy:
                break;  // a handler has it: bounded by its own waits
        }
    }
}

}  // namespace hl::web
