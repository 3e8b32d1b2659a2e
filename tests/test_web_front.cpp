// The web server's defences without a server: the bounded wait for a game that another
// process holds.

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "host/game_lock_wait.hpp"
#include "support/test_support.hpp"

using namespace hl;

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
