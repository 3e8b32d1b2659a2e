#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "web/client_address.hpp"
#include "web/request_reader.hpp"

namespace httplib {
class TaskQueue;
}  // namespace httplib

namespace hl::web {

// What the front allows each client and each connection.
struct FrontLimits {
    RequestLimits request;
    // A whole request (request line, headers and body) must arrive within this, counted from
    // when its connection is ready for it (opened, or the answer before it sent); a connection
    // that sends nothing in that time is closed.
    std::chrono::milliseconds request_timeout{20000};
    // A whole answer must be taken by the client within this.
    std::chrono::milliseconds response_timeout{30000};
    std::size_t max_connections = 512;            // open at once, from everyone
    std::size_t max_connections_per_client = 64;  // open at once from one client address
    int max_busy_per_client = 4;                  // requests of one client being answered at once
    int max_requests_per_connection = 100;
};

// Both ends of a connection, as numeric addresses.
struct Peer {
    std::string ip;
    int port = -1;
    std::string local_ip;
    int local_port = -1;
};

// Answers one complete request (its bytes as received): returns the bytes of the answer and
// sets `close` if the connection must be closed after it; `last`: the connection's last one.
using RequestRunner = std::function<std::string(const std::string& request, const Peer& peer,
                                                bool last, bool& close)>;

// The front of the web server: one thread that owns every accepted connection (non-blocking,
// epoll) and reads each request whole, within the limits and the time allowed, before a worker
// thread ever sees it; the workers run complete requests only and hand back the answer, which
// the front writes. So a client that connects and sends nothing, sends slowly, or reads
// slowly costs a socket and a buffer, never a worker, and one client address can hold only
// so many connections and so many workers at once.
class ConnectionFront {
  public:
    // Starts the front's thread and `threads` workers that run requests with `run`.
    ConnectionFront(FrontLimits limits, TrustedProxies proxies, int threads, RequestRunner run);
    ~ConnectionFront();
    ConnectionFront(const ConnectionFront&) = delete;
    ConnectionFront& operator=(const ConnectionFront&) = delete;
    // Takes over a socket just accepted (called from the accepting thread).
    void adopt(int fd);
    // Lets the requests being answered finish, then closes every connection and stops.
    void stop();
    // How many connections are open (for tests and logs).
    std::size_t connections();

  private:
    struct Conn;
    struct Done {
        std::uint64_t id;
        std::string out;
        bool close;
        std::string client;
    };
    void loop();
    void wake();
    void open_conn(int fd);
    void on_event(Conn& c, std::uint32_t events);
    void read_more(Conn& c);
    void process_input(Conn& c);
    void dispatch(Conn& c);
    void finish(const Done& d);
    void write_more(Conn& c);
    void answer_and_close(Conn& c, int status, const std::string& why);
    void linger(Conn& c);
    void close_conn(std::uint64_t id);
    void watch(Conn& c, std::uint32_t events);
    void expire(std::chrono::steady_clock::time_point now);
    void start_parked(const std::string& client);

    FrontLimits limits_;
    TrustedProxies proxies_;
    RequestRunner run_;
    int epoll_ = -1;
    int wake_fd_ = -1;
    std::unique_ptr<httplib::TaskQueue> workers_;
    std::thread thread_;

    std::mutex shared_;  // guards what other threads hand over: incoming_, done_, stop_
    std::vector<int> incoming_;
    std::vector<Done> done_;
    bool stop_ = false;

    std::uint64_t next_id_ = 1;
    std::map<std::uint64_t, std::unique_ptr<Conn>> conns_;
    std::map<std::string, std::size_t> open_by_client_;
    std::map<std::string, int> busy_by_client_;
    std::map<std::string, std::vector<std::uint64_t>> parked_;  // by client, oldest first
    std::size_t open_count_ = 0;  // read by connections() under shared_
};

}  // namespace hl::web
