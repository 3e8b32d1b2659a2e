#pragma once

// The memory budget of one Lua state: an allocator wrapped around LuaJIT's own that counts
// every byte the state holds (tables, strings, functions, and the buffers the string library
// builds results in) and refuses to grow past a limit while a script runs.

#include <cstddef>
#include <string>

#include <lua.hpp>

namespace hl {

// The budget a pack gets unless it sets constants.engine.memory_mib.
inline constexpr std::size_t kDefaultMemoryMiB = 256;

// Whether states created from now on account their memory (on by default). Off only for
// scripts/bench, to measure what the accounting costs; a limit then is not enforced.
void set_memory_accounting(bool on);

// Bookkeeping of one state's allocator; lives as long as the state.
class MemoryBudget {
  public:
    // Wraps L's allocator (call once, right after creating the state); limit is in bytes,
    // 0 for no limit (the allocator is then left alone).
    void install(lua_State* L, std::size_t limit);
    // Gives L its own allocator back (call right before lua_close).
    void uninstall(lua_State* L);
    // Bytes the state holds now.
    std::size_t used() const { return used_; }
    // The limit in bytes (0: none).
    std::size_t limit() const { return limit_; }
    // Whether growth past the limit is refused: only while a script runs, so that the engine's
    // own work between calls never fails.
    void enforce(bool on) { enforce_ = on; }
    // True if an allocation was refused since the last reset().
    bool refused() const { return refused_; }
    // Where the first refused allocation happened (a script's chunk and line), if known.
    const std::string& refused_chunk() const { return refused_chunk_; }
    // Line of refused_chunk().
    int refused_line() const { return refused_line_; }
    // Where the Lua stack last grew past kDeepStackBytes (a script's chunk and line, innermost
    // pack frame), if known: LuaJIT reports "stack overflow" without a place when its error
    // handler has no room left to run, so the place is taken while the stack grows.
    const std::string& deep_chunk() const { return deep_chunk_; }
    // Line of deep_chunk().
    int deep_line() const { return deep_line_; }
    // Forgets an earlier refusal and deep stack (each call from the engine starts clean).
    void reset() {
        refused_ = false;
        deep_chunk_.clear();
        deep_line_ = 0;
    }

    // Blocks growing to this many bytes or more note the script's place (deep_chunk): LuaJIT's
    // stack is one block, 8 bytes a slot, grown by doubling up to about 65,500 slots.
    static constexpr std::size_t kDeepStackBytes = 256u << 10;

  private:
    static void* alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
    void note_refusal();
    // The innermost frame of a pack file: chunk and line, or false if there is none.
    bool script_place(std::string& chunk, int& line) const;
    lua_State* L_ = nullptr;
    lua_Alloc inner_ = nullptr;
    void* inner_ud_ = nullptr;
    std::size_t used_ = 0;
    std::size_t limit_ = 0;
    bool enforce_ = false;
    bool profile_ = false;  // counting allocations by script line (lua/lua_profile.hpp)
    bool refused_ = false;
    std::string refused_chunk_;
    int refused_line_ = 0;
    std::string deep_chunk_;
    int deep_line_ = 0;
};

}  // namespace hl
