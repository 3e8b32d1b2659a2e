// The web server's defences without a server: reading a request's framing within limits, the
// client's address behind a proxy, secrets filled into and kept out of sheets, session
// bindings, and the bounded wait for a game that another process holds.

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "host/game_lock_wait.hpp"
#include "support/test_support.hpp"
#include "web/client_address.hpp"
#include "web/request_reader.hpp"
#include "web/secret_binding.hpp"
#include "web/sheet_secret.hpp"

using namespace hl;
using namespace hl::web;
using State = RequestReader::State;

namespace {

// Feeds a request to a fresh reader one byte at a time (as a slow client sends it) and at
// once; both must agree. Returns the reader fed at once.
RequestReader read_all(const std::string& bytes, RequestLimits l = {}) {
    RequestReader slow(l);
    State s = State::need_more;
    for (std::size_t i = 1; i <= bytes.size() && s == State::need_more; ++i)
        s = slow.feed(std::string_view(bytes).substr(0, i));
    RequestReader fast(l);
    State f = fast.feed(bytes);
    CHECK(f == s);
    if (f == State::complete) CHECK(fast.length() == slow.length());
    if (f == State::refused) CHECK(fast.status() == slow.status());
    return fast;
}

}  // namespace

TEST_CASE("a request is complete when its headers and its body have come") {
    std::string get = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    RequestReader r = read_all(get + "GET /next");
    CHECK(r.feed(get + "GET /next") == State::complete);
    CHECK(r.length() == get.size());  // the next request is left for later
    CHECK(read_all("GET / HTTP/1.1\r\nHost: x\r\n").feed("GET / HTTP/1.1\r\nHost: x\r\n") ==
          State::need_more);

    std::string post = "POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\n";
    RequestReader p = read_all(post + "hello");
    CHECK(p.length() == post.size() + 5);
    RequestReader part({});
    CHECK(part.feed(post + "hel") == State::need_more);

    std::string chunked =
        "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n"
        "A\r\n0123456789\r\n0\r\n\r\n";
    RequestReader c = read_all(chunked + "NEXT");
    CHECK(c.feed(chunked + "NEXT") == State::complete);
    CHECK(c.length() == chunked.size());

    RequestReader xff =
        read_all("GET / HTTP/1.1\r\nX-Forwarded-For: 6.6.6.6\r\nx-forwarded-for: 1.2.3.4\r\n\r\n");
    CHECK(xff.forwarded_for() == "6.6.6.6,1.2.3.4");
}

TEST_CASE("headers are bounded in line length, count and size") {
    RequestLimits l;
    l.max_line = 100;
    l.max_header_bytes = 1000;
    l.max_header_lines = 10;
    auto status = [&](const std::string& bytes) {
        RequestReader r = read_all(bytes, l);
        RequestReader again(l);
        return again.feed(bytes) == State::refused ? again.status() : 0;
    };
    CHECK(status("GET /" + std::string(200, 'a')) == 414);  // refused before its end comes
    CHECK(status("GET / HTTP/1.1\r\nX: " + std::string(200, 'a')) == 431);
    std::string many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 11; ++i)
        many += "X-" + std::to_string(i) + ": 1\r\n";
    CHECK(status(many) == 431);
    std::string big = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 10; ++i)
        big += "X: " + std::string(94, 'b') + "\r\n";
    CHECK(status(big) == 431);  // 10 lines of 99 bytes: within each limit but the total
    CHECK(status("GET / HTTP/1.1\r\nBad Name: 1\r\n\r\n") == 400);
    // A bare LF line is skipped (as the server's parser does) but counted.
    CHECK(status("GET / HTTP/1.1\r\nX: 1\n\r\n") == 0);
}

TEST_CASE("bodies are refused before they are read: compressed, too long, badly framed") {
    RequestLimits l;
    l.max_body = 1000;
    auto refused = [&](const std::string& head) {
        RequestReader r(l);
        State s = r.feed(head);
        return s == State::refused ? r.status() : 0;
    };
    // The headers alone decide: no byte of the body is needed.
    CHECK(refused("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: 10\r\n\r\n") ==
          415);
    CHECK(refused("POST / HTTP/1.1\r\ncontent-encoding: identity\r\n\r\n") == 415);
    CHECK(refused("POST / HTTP/1.1\r\nContent-Length: 1001\r\n\r\n") == 413);
    CHECK(refused("POST / HTTP/1.1\r\nContent-Length: 1000\r\n\r\n") == 0);
    CHECK(refused("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n") == 400);
    CHECK(refused("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n") == 400);
    CHECK(refused("POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\n") == 400);
    CHECK(refused("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == 501);
    CHECK(refused("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n") ==
          400);
    // Chunks are counted as they come: refused at the chunk that goes over.
    std::string head = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
    std::string body;
    for (int i = 0; i < 9; ++i)
        body += "64\r\n" + std::string(100, 'x') + "\r\n";
    CHECK(refused(head + body) == 0);
    CHECK(refused(head + body + "65\r\n") == 413);
    CHECK(refused(head + "FFFFFFFFFFFFFFFFFFFF\r\n") == 413);
    CHECK(refused(head + "zz\r\n") == 400);
    CHECK(refused(head + "5\r\nhelloXX") == 400);
    CHECK(refused(head + "0\r\nTrailer: x\r\n\r\n") == 400);
    RequestReader cont(l);
    CHECK(cont.feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n") ==
          State::need_more);
    CHECK(cont.expects_continue());
}

TEST_CASE("the client's address is the right-most entry its trusted proxy added") {
    TrustedProxies none;
    TrustedProxies local(true, {});
    TrustedProxies remote(false, {"10.0.0.7"});
    CHECK(client_address("203.0.113.5", "1.2.3.4", none) == "203.0.113.5");
    CHECK(client_address("127.0.0.1", "1.2.3.4", none) == "127.0.0.1");
    // A client's own X-Forwarded-For comes first; the proxy appends (or adds a header after).
    CHECK(client_address("127.0.0.1", "6.6.6.6, 1.2.3.4", local) == "1.2.3.4");
    CHECK(client_address("127.0.0.1", "6.6.6.6,1.2.3.4", local) == "1.2.3.4");
    CHECK(client_address("::1", "[2001:db8::1]:4711", local) == "2001:db8::1");
    CHECK(client_address("127.0.0.1", "1.2.3.4:80", local) == "1.2.3.4");
    // The entry the proxy added must be an address; entries further left are never used.
    CHECK(client_address("127.0.0.1", "1.2.3.4, bogus", local) == "127.0.0.1");
    CHECK(client_address("10.0.0.7", "1.2.3.4", remote) == "1.2.3.4");
    CHECK(client_address("10.0.0.8", "1.2.3.4", remote) == "10.0.0.8");
    CHECK(client_address("127.0.0.1", "1.2.3.4", remote) == "127.0.0.1");
    CHECK_THROWS_AS(TrustedProxies(false, {"proxy.example.org"}), InputError);
    // IPv6 clients are counted by their /64, IPv4-mapped ones as IPv4.
    CHECK(client_group("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64");
    CHECK(client_group("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64");
    CHECK(client_group("::ffff:192.0.2.1") == "192.0.2.1");
    CHECK(client_group("192.0.2.1") == "192.0.2.1");
    CHECK(client_group("not an address").empty());
}

TEST_CASE("pages show sheets without their secret and the server fills it in") {
    CHECK(sheet_without_secret("EMPIRE ARC\nSECRET K7QX2M9P\nTURN 1\n") ==
          "EMPIRE ARC\nSECRET\nTURN 1\n");
    CHECK(sheet_without_secret("turn 1\n  secret \"a b\" @ note\nrace 1:") ==
          "turn 1\n  secret\nrace 1:");
    CHECK(sheet_without_secret("EMPIRE ARC\nSECRET\n") == "EMPIRE ARC\nSECRET\n");
    // A blank SECRET line is filled in; a missing one is added after the first line.
    CHECK(sheet_with_secret("EMPIRE ARC\nSECRET\nTURN 1\n", "S3CR3T") ==
          "EMPIRE ARC\nSECRET S3CR3T\nTURN 1\n");
    CHECK(sheet_with_secret("EMPIRE ARC\nSECRET   \r\nTURN 1", "S3CR3T") ==
          "EMPIRE ARC\nSECRET S3CR3T\nTURN 1");
    CHECK(sheet_with_secret("\nEMPIRE ARC\nTURN 1\nTAX\n", "S3CR3T") ==
          "\nEMPIRE ARC\nSECRET S3CR3T\nTURN 1\nTAX\n");
    CHECK(sheet_with_secret("turn 1\nsecret\nrace 1:\n", "x") == "turn 1\nsecret x\nrace 1:\n");
    CHECK(sheet_with_secret("", "x") == "SECRET x\n");
    // A secret the sheet gives stands, right or wrong.
    CHECK(sheet_with_secret("EMPIRE ARC\nSECRET WRONG\n", "S3CR3T") ==
          "EMPIRE ARC\nSECRET WRONG\n");
}

TEST_CASE("a session binding changes with the secret and with the holder") {
    std::string b = secret_binding("K7QX2M9P", "ARC#1");
    CHECK(b.size() == 64);
    CHECK(b.find("K7QX2M9P") == std::string::npos);
    CHECK(secret_binding("K7QX2M9P", "ARC#1") == b);
    CHECK(secret_binding("K7QX2M9Q", "ARC#1") != b);
    CHECK(secret_binding("K7QX2M9P", "ARC#2") != b);
    CHECK(secret_binding("K7QX2M9", "PARC#1") != b);
}

TEST_CASE("waiting for a game another process holds is bounded and takes a permit") {
    auto dir = test::temp_dir("lockwait");
    std::ofstream(dir / "game.toml") << "name = \"x\"\n";
    GameDir game(dir);
    auto outside = std::make_unique<GameLock>(game);  // as `hyperlane run` would hold it
    LockWaitPermits permits(1, 1);
    auto t = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(WaitingGameLock(game, std::chrono::milliseconds(200), &permits), GameBusy);
    CHECK(std::chrono::steady_clock::now() - t >= std::chrono::milliseconds(200));
    // One thread waits with the only permit; a second one is refused at once, before the
    // first has given up.
    std::atomic<bool> first_done{false};
    std::thread first([&] {
        CHECK_THROWS_AS(WaitingGameLock(game, std::chrono::milliseconds(5000), &permits), GameBusy);
        first_done = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK_THROWS_AS(WaitingGameLock(game, std::chrono::milliseconds(60000), &permits), GameBusy);
    CHECK_FALSE(first_done);
    first.join();
    // Once the holder lets go, the lock is taken.
    outside.reset();
    WaitingGameLock taken(game, std::chrono::milliseconds(1000), &permits);
    SUCCEED("taken");
}
