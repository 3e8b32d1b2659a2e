// The web server's defences without a server: the client's address behind a proxy, secrets
// filled into and kept out of sheets, session bindings, and the bounded wait for a game that
// another process holds.

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "host/game_lock_wait.hpp"
#include "support/test_support.hpp"
#include "web/client_address.hpp"
#include "web/secret_binding.hpp"
#include "web/sheet_secret.hpp"

using namespace hl;
using namespace hl::web;

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
