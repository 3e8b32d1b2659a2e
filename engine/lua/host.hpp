#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <lua.hpp>

#include "core/rng.hpp"
#include "lua/memory_budget.hpp"
#include "pack/script_source.hpp"

namespace hl {

struct GameState;
class Pack;

// What a Lua error tells the user: the script and line it came from, and how it got there.
struct LuaError {
    std::string chunk;      // e.g. "rules/starchase/galaxy.lua"; empty if unknown
    int line = 0;           // 0 if unknown
    std::string message;    // without the chunk:line prefix
    std::string traceback;  // one frame per line
    // `chunk:line: error: message` followed by the indented traceback.
    std::string format() const;
};

// Thrown by C++ code when a pack script failed; carries the script's place.
class ScriptError : public std::runtime_error {
  public:
    // Wraps a Lua error.
    explicit ScriptError(LuaError err);
    // The error as reported by the host.
    const LuaError& error() const { return err_; }

  private:
    LuaError err_;
};

// What bindings may touch during a call; null members are unavailable to scripts.
struct ScriptContext {
    GameState* state = nullptr;
    const Pack* pack = nullptr;
    Rng* rng = nullptr;      // backs math.random and the rng module
    bool read_only = false;  // scripts may read the state but not change it
};

class LuaHost;
// How import() names the module of the packs below the calling file's: "base:lib/combat".
inline constexpr std::string_view kBasePrefix = "base:";
// print(...) for scripts: appends a line to the host's log.
int host_print(lua_State* L);
// import(name) for scripts: loads a pack module once and returns its table; "base:NAME" is the
// module NAME of the packs below the calling file's (an override calling the file it replaces).
int host_import(lua_State* L);
// Called by a script's inserted step checks once the budget is spent: raises the error.
int host_budget_stop(lua_State* L);
// Raises the budget's error again if the step or memory budget of the current call from the
// engine is spent, else returns its arguments: what pcall, xpcall and coroutine.resume give a
// script passes through it, so that a script can never catch a budget's error and go on.
int host_budget_check(lua_State* L);
// Compiles text as luaL_loadbuffer does (pushes the function, or an error message and returns
// non-zero), with every loop iteration, goto and function call counted against the budget
// (lua/step_budget.hpp); without jit, LuaJIT never compiles its functions. With cache, a text
// that compiled before in this process (in any state) is read back from its bytecode instead
// of being rewritten, compiled and checked again; scripts' own load() does not use it.
int load_budgeted(lua_State* L, std::string_view text, const std::string& chunkname, bool jit,
                  bool cache);

// Owns a sandboxed LuaJIT state: allow-listed libraries, strict globals, a step budget
// per call, math.random from the engine RNG, and one protected-call path.
class LuaHost {
  public:
    // Creates the sandbox. budget is the step limit (loop iterations, gotos and function calls)
    // of each call from the engine; memory_limit the most bytes the state may hold while a
    // script runs (0: no limit).
    explicit LuaHost(std::int64_t budget = 100'000'000,
                     std::size_t memory_limit = kDefaultMemoryMiB << 20);
    ~LuaHost();
    LuaHost(const LuaHost&) = delete;
    LuaHost& operator=(const LuaHost&) = delete;

    // The raw state, for bindings and converters.
    lua_State* L() const { return L_; }
    // Compiles text (never bytecode) with its steps counted and pushes the function; on error
    // pushes nothing. Only with jit may LuaJIT compile its functions to machine code: the
    // compiler pays off for hot numeric loops, and costs more than it saves on most rule code.
    std::optional<LuaError> load(std::string_view text, const std::string& chunk, bool jit = false);
    // Calls the function below nargs arguments with the traceback handler and a fresh
    // budget; on success leaves nresults values, on error leaves nothing.
    std::optional<LuaError> pcall(int nargs, int nresults);
    // Loads and runs a chunk, leaving its single return value on the stack.
    std::optional<LuaError> run(std::string_view text, const std::string& chunk, bool jit = false);
    // Sets how scripts find other pack files for import(name).
    void set_resolver(std::function<std::optional<ScriptSource>(const std::string&)> r);
    // Sets how import("base:NAME") finds the module it means in the file `caller` (a chunk
    // name): r(NAME, caller) returns the name the resolver knows it by, or "" and sets `error`.
    void set_base_resolver(std::function<std::string(const std::string& name,
                                                     const std::string& caller, std::string& error)>
                               r) {
        base_resolver_ = std::move(r);
    }
    // Loads (once) the pack module `name` and pushes the table it returned. The module's top
    // level runs with a whole step budget of its own; if it fails, every later import of it
    // returns the same error at once, without running it again.
    std::optional<LuaError> import(const std::string& name);
    // Sets the objects bindings work on; returns the previous context.
    ScriptContext set_context(const ScriptContext& ctx);
    // The objects bindings work on.
    const ScriptContext& context() const { return ctx_; }
    // Makes a fresh stream for key the one rng.* and math.random draw from, until the context is
    // set again (rng.use, for scripts that run several orders in one call).
    void use_stream(const StreamKey& key);
    // Changes the step budget of later calls.
    void set_budget(std::int64_t budget) { budget_ = budget; }
    // The state's memory budget.
    MemoryBudget& memory_budget() { return memory_; }
    // Registry reference of the budget table the inserted step checks count down.
    int budget_ref() const { return budget_ref_; }
    // True if the step or memory budget of the current call from the engine is spent (a script
    // that caught the error would otherwise run on, or return as if nothing happened).
    bool budget_spent();
    // The error of a spent budget, at the script's place where it ran out.
    LuaError spent_error();
    // Most bytes of print() lines kept between two take_printed() calls: later lines are
    // dropped, and one line says so.
    static constexpr std::size_t kPrintedMax = 64 * 1024;
    // Lines printed by scripts with print() since the last take_printed() (a turn's print.log).
    const std::string& printed() const { return printed_; }
    // Returns the lines printed so far and starts afresh.
    std::string take_printed();
    // Points state.turn_order and state.set_turn_order at the order of play of the turn being
    // played (a TurnRecord's), or at nothing between turns; returns the previous one.
    std::vector<std::string>* set_turn_order(std::vector<std::string>* order) {
        std::swap(order, turn_order_);
        return order;
    }
    // The order of play of the turn being played; null between turns.
    std::vector<std::string>* turn_order() const { return turn_order_; }
    // The host owning a state (from the registry).
    static LuaHost& from(lua_State* L);

    // Registry slot of the traceback handler, always at stack index 1.
    static constexpr int kHandlerIndex = 1;

  private:
    friend int host_import(lua_State* L);
    friend int host_print(lua_State* L);
    friend int host_budget_stop(lua_State* L);
    friend int host_budget_check(lua_State* L);
    friend int load_budgeted(lua_State* L, std::string_view text, const std::string& chunkname,
                             bool jit, bool cache);
    void open_sandbox();
    void freeze_shared_tables();
    MemoryBudget memory_;  // before L_: the state's allocator uses it until lua_close
    lua_State* L_ = nullptr;
    std::int64_t budget_;
    int budget_ref_ = LUA_NOREF;  // registry ref of {steps left, stop = host_budget_stop}
    int depth_ = 0;
    std::string stopped_chunk_;  // where the step budget ran out in this call (if it did)
    int stopped_line_ = 0;
    ScriptContext ctx_;
    std::unique_ptr<Rng> own_rng_;  // the stream rng.use chose
    std::string printed_;
    bool printed_cut_ = false;  // kPrintedMax was reached: print() keeps nothing more
    std::vector<std::string>* turn_order_ = nullptr;  // set_turn_order
    std::function<std::optional<ScriptSource>(const std::string&)> resolver_;
    std::function<std::string(const std::string&, const std::string&, std::string&)> base_resolver_;
};

// Restores the Lua stack top when leaving a scope, whatever was pushed.
class StackGuard {
  public:
    // Remembers the current top.
    explicit StackGuard(lua_State* L) : L_(L), top_(lua_gettop(L)) {}
    ~StackGuard() { lua_settop(L_, top_); }
    StackGuard(const StackGuard&) = delete;
    StackGuard& operator=(const StackGuard&) = delete;

  private:
    lua_State* L_;
    int top_;
};

}  // namespace hl
