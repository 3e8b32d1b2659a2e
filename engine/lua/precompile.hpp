#pragma once

#include <thread>
#include <vector>

#include "pack/pack.hpp"
#include "pack/script_source.hpp"

namespace hl {

// Compiles each script as a Lua state's import would (steps counted, global writes checked) into
// the process's cache of compiled scripts (lua/host.hpp, load_budgeted), in a bare Lua state of
// its own; a script that fails is left for the importing state to report. Defined in host.cpp,
// beside the cache. Safe to run on any thread.
void compile_into_cache(const std::vector<ScriptSource>& sources);

// Compiles every script of a pack, and the engine's Lua libraries, into the cache on a thread of
// its own while the caller does other work (`hyperlane run` reads the state meanwhile): a Lua
// state made afterwards reads the bytecode back instead of compiling. What scripts do is the
// same either way; only where the compiling happens changes.
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

  private:
    std::thread thread_;
};

}  // namespace hl
