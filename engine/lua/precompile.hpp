#pragma once

#include <optional>
#include <string>
#include <string_view>
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

// The compiled form (bytecode with its debug information) of a script in the process's cache
// under its chunk name ("@" and the chunk), if it is there. Defined in host.cpp.
std::optional<std::string> compiled_bytecode(std::string_view text, const std::string& chunkname);

// Puts a script's compiled form, as compiled_bytecode gave it in an earlier process, into the
// process's cache. Defined in host.cpp.
void keep_bytecode(std::string_view text, const std::string& chunkname, std::string bytes);

// Fills the process's cache with the engine's Lua libraries and every script of a pack on a
// thread of its own while the caller does other work (`hyperlane run` reads the state
// meanwhile): from the store of compiled scripts kept between processes
// (lua/bytecode_store.hpp) if it has them, else by compiling them and then storing them. A Lua
// state reads the bytecode of what is done back instead of compiling, and compiles what is not
// done yet itself (the cache keeps one copy). What scripts do is the same either way; only
// where and when the compiling happens changes.
class BackgroundCompile {
  public:
    // Copies the sources and starts the thread.
    explicit BackgroundCompile(const Pack& pack);
    // Waits for the thread.
    ~BackgroundCompile();
    BackgroundCompile(const BackgroundCompile&) = delete;
    BackgroundCompile& operator=(const BackgroundCompile&) = delete;
    // Waits until every script is in the cache (at once if it already is).
    void wait();

  private:
    std::thread thread_;
};

}  // namespace hl
