// The locks that let readers of a game folder see one consistent turn (game/read_lock.hpp,
// docs/state.md "Readers, writers and failures"): a reader keeps writers' changes out while it
// reads, a writer's change keeps readers out for its moment, a writer waiting for readers keeps
// new readers at the gate (so it is never starved), and locks nest in one thread.

#include <atomic>
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/read_lock.hpp"
#include "support/test_support.hpp"

using namespace hl;
using namespace std::chrono_literals;

namespace {

GameDir fresh_game(const std::string& tag) {
    return GameDir(test::make_game(test::data_dir() / "scenarios" / "three_starts.toml", tag));
}

// Whether a reader gets in within `wait` (from this thread's point of view, a fresh reader).
bool reader_gets_in(const GameDir& dir, std::chrono::milliseconds wait) {
    bool in = false;
    std::thread t([&] {
        try {
            GameReadLock r(dir, wait);
            in = true;
        } catch (const InputError&) {
        }
    });
    t.join();
    return in;
}

// Whether a writer's change lock is had within `wait`, taken on another thread.
bool writer_gets_in(const GameDir& dir, std::chrono::milliseconds wait) {
    bool in = false;
    std::thread t([&] {
        try {
            GameChangeLock w(dir, wait);
            in = true;
        } catch (const InputError&) {
        }
    });
    t.join();
    return in;
}

}  // namespace

TEST_CASE("a reader keeps a writer's change out while it reads, and readers share", "[locks]") {
    GameDir dir = fresh_game("locks-reader");
    {
        GameReadLock reading(dir);
        CHECK_FALSE(writer_gets_in(dir, 50ms));
        CHECK(reader_gets_in(dir, 0ms));  // another reader reads alongside
        try {
            GameChangeLock w(dir, 0ms);  // not nested: this thread's reader is not a writer
            FAIL("a reader's own thread changed the game while it read");
        } catch (const std::logic_error&) {
        }
    }
    CHECK(writer_gets_in(dir, 0ms));
}

TEST_CASE("a writer's change keeps readers out for its moment, and nests its own reads",
          "[locks]") {
    GameDir dir = fresh_game("locks-writer");
    {
        GameChangeLock changing(dir);
        CHECK_FALSE(reader_gets_in(dir, 50ms));
        CHECK_FALSE(writer_gets_in(dir, 0ms));
        GameReadLock own(dir, 0ms);  // the writer reading what it changes: nested, no wait
    }
    CHECK(reader_gets_in(dir, 0ms));
    try {
        GameReadLock r(dir, 0ms);
        GameReadLock nested(dir, 0ms);  // a reader that loads the game
    } catch (const InputError&) {
        FAIL("a nested reader waited for itself");
    }
}

TEST_CASE("a writer waiting for readers keeps new readers out, so it is never starved", "[locks]") {
    GameDir dir = fresh_game("locks-starve");
    auto first = std::make_unique<GameReadLock>(dir);
    std::atomic<bool> writer_done{false};
    bool writer_in = false;
    std::thread writer([&] {
        try {
            GameChangeLock w(dir, 30s);
            writer_in = true;
        } catch (const InputError&) {
        }
        writer_done = true;
    });
    // Once the writer waits at the gate, a new reader cannot get in although only readers hold
    // the game; tried until then (30 s at most: a writer that never takes the gate fails this).
    bool kept_out = false;
    for (int i = 0; i < 3000 && !kept_out; ++i) {
        if (!reader_gets_in(dir, 0ms)) kept_out = true;
        if (!kept_out) std::this_thread::sleep_for(10ms);
    }
    CHECK(kept_out);
    CHECK_FALSE(writer_done);
    first.reset();  // the reader that was reading finishes: the writer goes ahead
    writer.join();
    CHECK(writer_in);
    CHECK(reader_gets_in(dir, 0ms));
}

TEST_CASE("a folder that is not a game is read without a lock", "[locks]") {
    auto empty = test::temp_dir("locks-none");
    GameReadLock r(GameDir(empty), 0ms);
    GameReadLock missing(GameDir(empty / "nothing"), 0ms);
}
