#pragma once

#include <atomic>
#include <thread>
#include <vector>

#include "pack/pack.hpp"
#include "pack/script_source.hpp"

namespace hl {

// Compiles each script as a Lua state's import would (steps counted, global writes checked) into
// the process's cache of compiled scripts (lua/host.hpp, load_budgeted), in a bare Lua state of
// its own; a script that fails is left for the importing state to report. Stops before the next
// script once *stop is true (if given). Defined in host.cpp, beside the cache. Safe to run on any
// thread.
void compile_into_cache(const std::vector<ScriptSource>& sources,
                        const std::atomic<bool>* stop = nullptr);

// Compiles the engine's Lua libraries and then every script of a pack into the cache on a thread
// of its own while the caller does other work (`hyperlane run` reads the state meanwhile): a Lua
// state reads the bytecode of what is done back instead of compiling, and compiles what is not
// done yet itself (the cache keeps one copy). What scripts do is the same either way; only
// where the compiling happens changes.
class BackgroundCompile {
  public:
    // Copies the sources and starts the thread.
    explicit BackgroundCompile(const Pack& pack);
    // Waits for the thread.
    ~BackgroundCompile();
    BackgroundCompile(const BackgroundCompile&) = delete;
    BackgroundCompile& operator=(const BackgroundCompile&) = delete;
    // Waits until every script is compiled (at once if it already is).
    void wait();
    // Stops after the script being compiled and waits for that: for a caller that needs the
    // core back and will compile what is left when (if ever) it imports it.
    void stop();

  private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace hl
