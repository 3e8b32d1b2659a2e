#include "lua/host.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "core/rng.hpp"
#include "lua/battle_ffi.hpp"
#include "lua/convert.hpp"
#include "lua/global_writes.hpp"
#include "lua/lib_sandbox.hpp"
#include "lua/lua_profile.hpp"
#include "lua/modules.hpp"
#include "lua/precompile.hpp"
#include "lua/read_only.hpp"
#include "lua/script_limits.hpp"
#include "lua/step_budget.hpp"

namespace hl {

namespace {

// Registry keys (addresses of these statics are unique light userdata keys).
char kHostKey;
char kModulesKey;
char kFailedKey;  // module name -> {message, chunk, line, traceback} of its failed load
char kHandlerKey;

// Bumped whenever a host closes its Lua state, so that no thread's cached lookup (below) can
// outlive the host it names, even if a new state is later made at the same address.
std::atomic<std::uint64_t> g_host_generation{0};

// The last lua_State -> host lookup of this thread, valid while the generation is unchanged:
// most calls into the engine come from the same state, and the registry lookup is a hash
// lookup on every binding call.
struct HostCache {
    lua_State* L = nullptr;
    LuaHost* host = nullptr;
    std::uint64_t generation = 0;
};
thread_local HostCache t_host_cache;

// Lua code run before strict globals are switched on: helpers every script may use.
constexpr const char* kPrelude = R"LUA(
local type, pairs, tsort = type, pairs, table.sort
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  return a < b
end
-- spairs(t): pairs() in sorted key order, so iteration never depends on hashing.
function spairs(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  tsort(keys, key_before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end
end
-- sorted_keys(t): the keys of t in sorted order.
function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  tsort(keys, key_before)
  return keys
end
)LUA";

// pcall and xpcall as LuaJIT has them, but what they give passes through the engine's check
// (host_budget_check), which raises a spent budget's error again: a script cannot catch it and
// run on (with memory to spare in a handler, or steps in a loop around the pcall).
constexpr const char* kGuard = R"LUA(
local check, pcall, xpcall = ...
_G.pcall = function(...) return check(pcall(...)) end
_G.xpcall = function(...) return check(xpcall(...)) end
)LUA";

constexpr const char* kStrict = R"LUA(
local error, tostring, rawget = error, tostring, rawget
local mt = {}
mt.__newindex = function(_, k)
  error("assignment to undeclared global '" .. tostring(k) .. "' (declare it local)", 2)
end
mt.__index = function(_, k)
  error("undeclared global '" .. tostring(k) .. "'", 2)
end
mt.__metatable = "strict globals"
setmetatable(_G, mt)
)LUA";

// Splits "chunk:LINE: message" (the form Lua gives located errors) into its parts; a message
// without that prefix is kept whole.
void parse_located(const std::string& msg, LuaError& err) {
    err.message = msg;
    std::size_t end_of_line = msg.find('\n');
    std::size_t limit = end_of_line == std::string::npos ? msg.size() : end_of_line;
    for (std::size_t colon = msg.find(':'); colon != std::string::npos && colon < limit;
         colon = msg.find(':', colon + 1)) {
        std::size_t i = colon + 1;
        while (i < msg.size() && msg[i] >= '0' && msg[i] <= '9')
            ++i;
        if (i == colon + 1 || i - colon - 1 > 9 || i + 1 >= msg.size() || msg[i] != ':' ||
            msg[i + 1] != ' ')
            continue;
        if (colon == 0) return;
        err.chunk = msg.substr(0, colon);
        err.line = std::stoi(msg.substr(colon + 1, i - colon - 1));
        err.message = msg.substr(i + 2);
        return;
    }
}

int describe_error(lua_State* L);

// Error handler: turns any error value into {message=, chunk=, line=, traceback=}. It may run
// with the memory budget spent, so the budget is not enforced meanwhile.
int traceback_handler(lua_State* L) {
    MemoryBudget& memory = LuaHost::from(L).memory_budget();
    memory.enforce(false);
    int n = describe_error(L);
    memory.enforce(true);
    return n;
}

int describe_error(lua_State* L) {
    std::string msg;
    if (lua_type(L, 1) == LUA_TSTRING) {
        msg = lua_tostring(L, 1);
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        raw_field(L, 1, "message");  // raw: a script's error object may have metamethods
        if (lua_type(L, -1) == LUA_TSTRING) {
            lua_pushvalue(L, 1);  // already structured (re-raised)
            return 1;
        }
        msg = "(error object is a table)";
    } else {
        msg = fmt::format("(error object is a {} value)", luaL_typename(L, 1));
    }
    std::string chunk;
    int line = 0;
    std::string tb;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar) && level < 40; ++level) {
        lua_getinfo(L, "Sln", &ar);
        if (ar.currentline <= 0 || ar.source[0] != '@') continue;
        if (chunk.empty()) {
            chunk = ar.short_src;
            line = ar.currentline;
        }
        // A script's main function is defined on line 1 by the step counting's wrapper.
        bool main = std::strcmp(ar.what, "main") == 0 || (!ar.name && ar.linedefined == 1);
        const char* fn = ar.name ? ar.name : (main ? "main chunk" : "?");
        tb += fmt::format("  {}:{}: in {}\n", ar.short_src, ar.currentline, fn);
    }
    lua_createtable(L, 0, 4);
    lua_pushlstring(L, msg.data(), msg.size());
    lua_setfield(L, -2, "message");
    lua_pushlstring(L, chunk.data(), chunk.size());
    lua_setfield(L, -2, "chunk");
    lua_pushinteger(L, line);
    lua_setfield(L, -2, "line");
    lua_pushlstring(L, tb.data(), tb.size());
    lua_setfield(L, -2, "traceback");
    return 1;
}

LuaError error_from_top(lua_State* L) {
    LuaError err;
    if (lua_type(L, -1) == LUA_TTABLE) {
        raw_field(L, -1, "message");
        std::string msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "(no message)";
        lua_pop(L, 1);
        raw_field(L, -1, "chunk");
        std::string frame_chunk = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        lua_pop(L, 1);
        raw_field(L, -1, "line");
        int frame_line = static_cast<int>(lua_tointeger(L, -1));
        lua_pop(L, 1);
        raw_field(L, -1, "traceback");
        err.traceback = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        lua_pop(L, 1);
        parse_located(msg, err);
        if (err.chunk.empty()) {
            err.chunk = frame_chunk;
            err.line = frame_line;
        }
    } else if (lua_isstring(L, -1)) {
        parse_located(lua_tostring(L, -1), err);
    } else {
        err.message = "unknown Lua error";
    }
    return err;
}

int l_print(lua_State* L) {
    return host_print(L);
}

// The compiled form (LuaJIT bytecode with its debug information: lines, names and the chunk's
// name) of every script the engine loaded without error, by chunk name and source text: each
// Lua state of a process (the turn's, the reports', each test or simulated game's) loads the
// same pack files, and rewriting, compiling and scanning them for global writes is most of
// the cost of a new state. Reading the bytecode back gives the very same functions.
struct CompiledCache {
    std::mutex mutex;
    std::unordered_map<std::string, std::string> entries;  // chunk name '\n' text -> bytecode
    std::size_t bytes = 0;
};

CompiledCache& compiled_cache() {
    static CompiledCache cache;
    return cache;
}

constexpr std::size_t kCompiledCacheBytes = 64u << 20;  // a pack compiles to well under 1 MiB

std::string compiled_key(std::string_view text, const std::string& chunkname) {
    std::string key;
    key.reserve(chunkname.size() + 1 + text.size());
    key += chunkname;
    key += '\n';
    key += text;
    return key;
}

int append_bytes(lua_State*, const void* p, std::size_t n, void* out) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(p), n);
    return 0;
}

// Pushes the wrapper a script compiles to (the function that, given the budget table, returns
// the script's main function) from the cache; false (nothing pushed) if it is not there.
bool load_compiled(lua_State* L, const std::string& key, const std::string& chunkname) {
    CompiledCache& c = compiled_cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.entries.find(key);
    if (it == c.entries.end()) return false;
    if (luaL_loadbuffer(L, it->second.data(), it->second.size(), chunkname.c_str()) == 0)
        return true;
    lua_pop(L, 1);  // cannot happen for bytecode this process wrote; compile from the text
    return false;
}

// Keeps the compiled wrapper's bytecode (lua_dump's bytes) for later states.
void keep_compiled(std::string key, std::string bytes) {
    CompiledCache& c = compiled_cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    const std::size_t size = key.size() + bytes.size();
    if (c.bytes + size > kCompiledCacheBytes) return;
    if (c.entries.emplace(std::move(key), std::move(bytes)).second) c.bytes += size;
}

// Runs the compiled wrapper at the top with the budget table: leaves the script's main
// function, interpreted only unless jit, its step counter joined to the state's one counter
// (the upvalue of the function at budget[2]) before any of its functions exists.
void finish_load(lua_State* L, bool jit) {
    if (!jit) luaJIT_setmode(L, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LuaHost::from(L).budget_ref());
    lua_pushvalue(L, -1);
    lua_insert(L, -3);  // budget, wrapper, budget
    lua_call(L, 1, 1);  // returns the script's main function, its steps counted
    int main = lua_gettop(L);
    for (int i = 1;; ++i) {
        const char* name = lua_getupvalue(L, main, i);
        if (!name) break;  // a script without loops or functions counts nothing
        lua_pop(L, 1);
        if (std::strcmp(name, kStepCounter) == 0) {
            lua_rawgeti(L, main - 1, 2);
            lua_upvaluejoin(L, main, i, -1, 1);
            lua_pop(L, 1);
            break;
        }
    }
    lua_remove(L, main - 1);
}

}  // namespace

int load_budgeted(lua_State* L, std::string_view text, const std::string& chunkname, bool jit,
                  bool cache) {
    std::string key;
    if (cache) {
        key = compiled_key(text, chunkname);
        if (load_compiled(L, key, chunkname)) {
            finish_load(L, jit);
            return 0;
        }
    }
    std::string counted;
    std::optional<StepBudgetError> bad = instrument_steps(text, counted);
    if (!bad && luaL_loadbuffer(L, counted.data(), counted.size(), chunkname.c_str()) == 0) {
        // The bytecode is walked for global writes, and kept if cache; only a chunk that may
        // write one is read again instruction by instruction, for the name and line.
        std::string bytes;
        const bool dumped = lua_dump(L, append_bytes, &bytes) == 0;
        std::optional<GlobalWrite> w;
        if (!dumped || dump_may_write_global(L, bytes)) w = find_global_write(L, -1);
        if (w) {
            lua_pop(L, 1);
            lua_pushlstring(L, w->name.data(), w->name.size());
            lua_rawget(L, LUA_GLOBALSINDEX);
            bool exists = !lua_isnil(L, -1);
            lua_pop(L, 1);
            std::string shown = chunkname.empty() ? "?" : chunkname.substr(1);
            std::string msg =
                exists ? fmt::format(
                             "{}:{}: assignment to global '{}': the engine's globals are "
                             "read-only (declare a local of that name instead)",
                             shown, w->line, w->name)
                       : fmt::format(
                             "{}:{}: assignment to undeclared global '{}' (declare it "
                             "local)",
                             shown, w->line, w->name);
            lua_pushlstring(L, msg.data(), msg.size());
            return LUA_ERRSYNTAX;
        }
        if (cache && dumped) keep_compiled(std::move(key), std::move(bytes));
        finish_load(L, jit);
        return 0;
    }
    std::string counted_error;
    if (!bad) {
        counted_error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
        lua_pop(L, 1);
    }
    // Errors are those of the text as written, worded by LuaJIT, unless it compiles.
    if (int rc = luaL_loadbuffer(L, text.data(), text.size(), chunkname.c_str()); rc != 0)
        return rc;
    lua_pop(L, 1);
    std::string shown = chunkname.empty() ? "?" : chunkname.substr(1);
    std::string msg = bad ? fmt::format("{}:{}: {}", shown, bad->line, bad->message)
                          : counted_error + " (after the engine added its step counting)";
    lua_pushlstring(L, msg.data(), msg.size());
    return LUA_ERRSYNTAX;
}

std::optional<std::string> compiled_bytecode(std::string_view text, const std::string& chunkname) {
    const std::string key = compiled_key(text, chunkname);
    CompiledCache& c = compiled_cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.entries.find(key);
    if (it == c.entries.end()) return std::nullopt;
    return it->second;
}

void keep_bytecode(std::string_view text, const std::string& chunkname, std::string bytes) {
    keep_compiled(compiled_key(text, chunkname), std::move(bytes));
}

void compile_into_cache(const std::vector<ScriptSource>& sources) {
    lua_State* L = luaL_newstate();
    if (!L) return;
    // jit.util, for the reader of global writes; nothing here runs a script.
    lua_pushcfunction(L, luaopen_base);
    lua_pushstring(L, "");
    lua_call(L, 1, 0);
    lua_pushcfunction(L, luaopen_jit);
    lua_pushstring(L, LUA_JITLIBNAME);
    lua_call(L, 1, 0);
    keep_bytecode_reader(L);
    for (const ScriptSource& src : sources) {
        if (!src.text.empty() && src.text[0] == '\x1b') continue;
        const std::string chunkname = "@" + src.chunk;  // as LuaHost::load names it
        std::string key = compiled_key(src.text, chunkname);
        {
            CompiledCache& c = compiled_cache();
            std::lock_guard<std::mutex> lock(c.mutex);
            if (c.entries.count(key)) continue;
        }
        std::string counted;
        if (instrument_steps(src.text, counted)) continue;
        if (luaL_loadbuffer(L, counted.data(), counted.size(), chunkname.c_str()) != 0) {
            lua_pop(L, 1);
            continue;
        }
        std::string bytes;
        // A chunk that may write a global is left for the importing state, whose message
        // depends on its globals.
        if (lua_dump(L, append_bytes, &bytes) == 0 && !dump_may_write_global(L, bytes))
            keep_compiled(std::move(key), std::move(bytes));
        lua_pop(L, 1);
    }
    lua_close(L);
}

namespace {

// load(text [, chunkname]): compiles text only; binary chunks and reader functions refused.
int l_load(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushnil(L);
        lua_pushstring(L, "load: only source text is allowed");
        return 2;
    }
    std::size_t len = 0;
    const char* s = lua_tolstring(L, 1, &len);
    if (len > 0 && s[0] == '\x1b') {
        lua_pushnil(L);
        lua_pushstring(L, "load: binary chunks are not allowed");
        return 2;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, LuaHost::from(L).budget_ref());
    charge_steps(L, lua_gettop(L), 1 + static_cast<double>(len) / kBytesPerStep);
    lua_pop(L, 1);
    const char* name = luaL_optstring(L, 2, "=(load)");
    std::string chunk = name[0] == '=' || name[0] == '@' ? name : std::string("=") + name;
    if (load_budgeted(L, std::string_view(s, len), chunk, false, false) != 0) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

int l_import(lua_State* L) {
    return host_import(L);
}

}  // namespace

int host_print(lua_State* L) {
    LuaHost& host = LuaHost::from(L);
    int n = lua_gettop(L);
    std::string line;
    for (int i = 1; i <= n; ++i) {
        if (i > 1) line += '\t';
        if (lua_type(L, i) == LUA_TSTRING || lua_type(L, i) == LUA_TNUMBER)
            line += lua_tostring(L, i);
        else if (lua_type(L, i) == LUA_TBOOLEAN)
            line += lua_toboolean(L, i) ? "true" : "false";
        else if (lua_isnil(L, i))
            line += "nil";
        else
            line += luaL_typename(L, i);
    }
    if (host.printed_cut_) return 0;
    if (host.printed_.size() + line.size() + 1 > LuaHost::kPrintedMax) {
        host.printed_ +=
            fmt::format("(print: the log is cut here, after {} bytes)\n", host.printed_.size());
        host.printed_cut_ = true;
        return 0;
    }
    host.printed_ += line;
    host.printed_ += '\n';
    return 0;
}

std::string LuaHost::take_printed() {
    printed_cut_ = false;
    return std::exchange(printed_, {});
}

int host_import(lua_State* L) {
    check_c_stack(L);
    std::string name = luaL_checkstring(L, 1);
    LuaHost& host = LuaHost::from(L);
    if (name.rfind(kBasePrefix, 0) == 0) {
        // The calling file decides which pack's version is meant: the one below its own.
        lua_Debug ar;
        std::string caller;
        int line = 0;
        if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) {
            caller = ar.source[0] == '@' ? ar.source + 1 : ar.source;
            line = ar.currentline;
        }
        std::string error = "import of a base module outside the pack's files";
        std::string base = host.base_resolver_
                               ? host.base_resolver_(name.substr(kBasePrefix.size()), caller, error)
                               : std::string();
        if (base.empty()) {
            std::string msg = fmt::format("{}:{}: import('{}'): {}", caller, line, name, error);
            lua_pushlstring(L, msg.data(), msg.size());
            return lua_error(L);
        }
        name = std::move(base);
    }
    std::optional<LuaError> err = host.import(name);
    if (err) {
        std::string where =
            err->chunk.empty() ? std::string() : fmt::format("{}:{}: ", err->chunk, err->line);
        // Raised as it is, without the importing line in front: the message names the module
        // that failed, the traceback the line that imported it.
        std::string msg = where + err->message;
        lua_pushlstring(L, msg.data(), msg.size());
        return lua_error(L);
    }
    return 1;
}

namespace {

std::string steps_message(std::int64_t budget) {
    return fmt::format(
        "script stopped: it ran more than {} million steps (loop iterations and function calls) "
        "in one call from the engine (endless loop?)",
        budget / 1'000'000);
}

std::string memory_message(std::size_t limit) {
    return fmt::format(
        "script stopped: it needed more than {} MiB of memory (constants.engine.memory_mib; a "
        "table or string that grows without end?)",
        limit >> 20);
}

}  // namespace

int host_budget_stop(lua_State* L) {
    LuaHost& host = LuaHost::from(L);
    // The place is kept: a script that catches this error is stopped with it all the same.
    if (host.stopped_chunk_.empty())
        innermost_script_frame(L, host.stopped_chunk_, host.stopped_line_);
    std::string msg = steps_message(host.budget_);
    return luaL_error(L, "%s", msg.c_str());
}

int host_budget_check(lua_State* L) {
    LuaHost& host = LuaHost::from(L);
    if (host.memory_.refused()) {
        // Raised without a new string (the memory is spent): LuaJIT keeps this one interned.
        // LuaHost::pcall words it and puts it where the allocation was refused.
        lua_settop(L, 0);
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    if (host.budget_spent()) {
        LuaError err = host.spent_error();
        std::string msg = err.chunk.empty()
                              ? err.message
                              : fmt::format("{}:{}: {}", err.chunk, err.line, err.message);
        lua_settop(L, 0);
        lua_pushlstring(L, msg.data(), msg.size());
        return lua_error(L);
    }
    return lua_gettop(L);
}

bool LuaHost::budget_spent() {
    if (memory_.refused()) return true;
    lua_rawgeti(L_, LUA_REGISTRYINDEX, budget_ref_);
    const double left = steps_left(L_, -1);
    lua_pop(L_, 1);
    return left < 0;
}

LuaError LuaHost::spent_error() {
    if (memory_.refused())
        return LuaError{memory_.refused_chunk(), memory_.refused_line(),
                        memory_message(memory_.limit()), ""};
    return LuaError{stopped_chunk_, stopped_line_, steps_message(budget_), ""};
}

std::string LuaError::format() const {
    std::string where = chunk.empty() ? "<lua>" : chunk;
    if (line > 0) where += fmt::format(":{}", line);
    std::string out = fmt::format("{}: error: {}", where, message);
    if (!traceback.empty()) {
        out += "\nstack traceback:\n";
        out += traceback;
        if (!out.empty() && out.back() == '\n') out.pop_back();
    }
    return out;
}

ScriptError::ScriptError(LuaError err) : std::runtime_error(err.format()), err_(std::move(err)) {}

namespace {

// The state's panic function: a Lua error raised where no protected call runs (reading a
// script's table from C++, say) becomes a C++ exception instead of LuaJIT printing PANIC and
// exiting. LuaJIT unwinds its frames for it, and the state stays usable.
int panic(lua_State* L) {
    LuaError err;
    std::string msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "unknown Lua error";
    parse_located(msg, err);
    throw ScriptError(err);
}

}  // namespace

LuaHost::LuaHost(std::int64_t budget, std::size_t memory_limit) : budget_(budget) {
    L_ = luaL_newstate();
    if (!L_) throw std::runtime_error("cannot create a Lua state (out of memory)");
    memory_.install(L_, memory_limit);
    lua_atpanic(L_, panic);
    lua_pushlightuserdata(L_, &kHostKey);
    lua_pushlightuserdata(L_, this);
    lua_rawset(L_, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L_, &kModulesKey);
    lua_newtable(L_);
    lua_rawset(L_, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L_, &kFailedKey);
    lua_newtable(L_);
    lua_rawset(L_, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L_, &kHandlerKey);
    lua_pushcfunction(L_, traceback_handler);
    lua_rawset(L_, LUA_REGISTRYINDEX);
    // The budget table: stop raises the error; [2] is a function whose upvalue is the step
    // counter, which every script's checks count down (lua/step_budget.hpp, finish_load).
    lua_createtable(L_, 2, 1);
    lua_pushcfunction(L_, host_budget_stop);
    lua_setfield(L_, -2, "stop");
    constexpr const char* kCounter = "local n = 0 return function(v) n = v end";
    if (luaL_loadbuffer(L_, kCounter, std::strlen(kCounter), "=steps") != 0)
        throw std::runtime_error("cannot create the step counter");
    lua_call(L_, 0, 1);
    lua_rawseti(L_, -2, 2);
    set_steps(L_, -1, static_cast<double>(budget_));
    budget_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    lua_pushcfunction(L_, traceback_handler);  // stays at index kHandlerIndex
    open_sandbox();
    lua_profile_start(L_);
}

LuaHost::~LuaHost() {
    g_host_generation.fetch_add(1, std::memory_order_acq_rel);
    if (!L_) return;
    lua_profile_stop(L_);
    memory_.uninstall(L_);
    lua_close(L_);
}

void LuaHost::use_stream(const StreamKey& key) {
    own_rng_ = std::make_unique<Rng>(key);
    ctx_.rng = own_rng_.get();
}

LuaHost& LuaHost::from(lua_State* L) {
    std::uint64_t generation = g_host_generation.load(std::memory_order_acquire);
    HostCache& c = t_host_cache;
    if (c.L == L && c.generation == generation) return *c.host;
    lua_pushlightuserdata(L, &kHostKey);
    lua_rawget(L, LUA_REGISTRYINDEX);
    auto* host = static_cast<LuaHost*>(lua_touserdata(L, -1));
    lua_pop(L, 1);
    c = HostCache{L, host, generation};
    return *host;
}

void LuaHost::open_sandbox() {
    struct Lib {
        lua_CFunction open;
        const char* name;
    };
    // Allow-list: never package, io, os, debug, jit or ffi for scripts. The JIT compiler is on
    // (luaopen_jit) and its module removed below; the step budget works inside compiled code.
    const Lib libs[] = {{luaopen_base, ""},
                        {luaopen_table, LUA_TABLIBNAME},
                        {luaopen_string, LUA_STRLIBNAME},
                        {luaopen_math, LUA_MATHLIBNAME},
                        {luaopen_bit, LUA_BITLIBNAME},
                        {luaopen_jit, LUA_JITLIBNAME}};
    for (const Lib& lib : libs) {
        lua_pushcfunction(L_, lib.open);
        lua_pushstring(L_, lib.name);
        lua_call(L_, 1, 0);
    }
    auto set_global_nil = [&](const char* name) {
        lua_pushnil(L_);
        lua_setfield(L_, LUA_GLOBALSINDEX, name);
    };
    for (const char* name : {"dofile", "loadfile", "loadstring", "getfenv", "setfenv",
                             "collectgarbage", "gcinfo", "newproxy", "module", "require", "jit"})
        set_global_nil(name);
    lua_pushcfunction(L_, l_load);
    lua_setfield(L_, LUA_GLOBALSINDEX, "load");
    lua_pushcfunction(L_, l_print);
    lua_setfield(L_, LUA_GLOBALSINDEX, "print");
    lua_pushcfunction(L_, l_import);
    lua_setfield(L_, LUA_GLOBALSINDEX, "import");
    // Library functions that work in C get their limits (lua/lib_sandbox.hpp).
    keep_bytecode_reader(L_);
    install_guarded_base(L_);
    install_read_only_access(L_);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, budget_ref_);
    install_bounded_string(L_, -1);
    install_guarded_table(L_, -1);
    lua_pop(L_, 1);
    lua_getfield(L_, LUA_GLOBALSINDEX, "string");
    lua_pushnil(L_);
    lua_setfield(L_, -2, "dump");
    lua_pop(L_, 1);
    open_engine_modules(L_);
    // The FFI is for engine-owned wrappers only (lua/battle_ffi.hpp); scripts never see it.
    lua_pushcfunction(L_, luaopen_ffi);
    lua_call(L_, 0, 1);
    install_battle_ffi(L_, -1);
    lua_pop(L_, 1);
    set_global_nil("ffi");
    // The LuaJIT loader registry also holds the libraries; clear it so nothing leaks back.
    lua_getfield(L_, LUA_REGISTRYINDEX, "_LOADED");
    if (lua_istable(L_, -1)) {
        for (const char* name :
             {"jit", "jit.util", "jit.opt", "ffi", "io", "os", "debug", "package"}) {
            lua_pushnil(L_);
            lua_setfield(L_, -2, name);
        }
    }
    lua_pop(L_, 1);
    lua_pushnil(L_);
    lua_setfield(L_, LUA_REGISTRYINDEX, "_PRELOAD");
    if (luaL_loadbuffer(L_, kPrelude, std::strlen(kPrelude), "=prelude") != 0 ||
        !luaJIT_setmode(L_, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF) ||
        lua_pcall(L_, 0, 0, 0) != 0)
        throw std::runtime_error(std::string("Lua prelude failed: ") + lua_tostring(L_, -1));
    if (luaL_loadbuffer(L_, kGuard, std::strlen(kGuard), "=guard") != 0 ||
        !luaJIT_setmode(L_, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF))
        throw std::runtime_error(std::string("Lua guard failed: ") + lua_tostring(L_, -1));
    lua_pushcfunction(L_, host_budget_check);
    lua_getfield(L_, LUA_GLOBALSINDEX, "pcall");
    lua_getfield(L_, LUA_GLOBALSINDEX, "xpcall");
    if (lua_pcall(L_, 3, 0, 0) != 0)
        throw std::runtime_error(std::string("Lua guard failed: ") + lua_tostring(L_, -1));
    if (luaL_loadbuffer(L_, kStrict, std::strlen(kStrict), "=strict") != 0 ||
        lua_pcall(L_, 0, 0, 0) != 0)
        throw std::runtime_error(std::string("Lua strict mode failed: ") + lua_tostring(L_, -1));
    freeze_shared_tables();
}

void LuaHost::freeze_shared_tables() {
    // Every script of a game shares these: each becomes a read-only view (lua/read_only.hpp).
    for (const char* name :
         {"string", "table", "math", "bit", "coroutine", "galaxy", "state", "rng", "battle"}) {
        lua_getfield(L_, LUA_GLOBALSINDEX, name);
        if (lua_istable(L_, -1)) {
            push_view(L_, -1, name);
            lua_setfield(L_, LUA_GLOBALSINDEX, name);
        }
        lua_pop(L_, 1);
    }
    push_view(L_, LUA_GLOBALSINDEX, "_G");
    lua_setfield(L_, LUA_GLOBALSINDEX, "_G");
    // The string metatable (its __index is the hidden string table) cannot be reached.
    lua_pushliteral(L_, "");
    lua_getmetatable(L_, -1);
    lua_pushliteral(L_, "read-only table");
    lua_setfield(L_, -2, "__metatable");
    lua_pop(L_, 2);
}

std::optional<LuaError> LuaHost::load(std::string_view text, const std::string& chunk, bool jit) {
    if (!text.empty() && text[0] == '\x1b')
        return LuaError{chunk, 0, "binary (precompiled) chunks are not allowed", ""};
    std::string name = "@" + chunk;
    if (load_budgeted(L_, text, name, jit, true) != 0) {
        LuaError err = error_from_top(L_);
        lua_pop(L_, 1);
        if (err.chunk.empty()) err.chunk = chunk;
        return err;
    }
    return std::nullopt;
}

std::optional<LuaError> LuaHost::pcall(int nargs, int nresults) {
    int handler = kHandlerIndex;
    bool nested = depth_ > 0;
    const int base = lua_gettop(L_) - nargs - 1;  // below the function
    if (nested) {
        // Called from inside a Lua call (a C function's frame): index 1 is not ours, so put
        // the registry's handler below the function and use its absolute index.
        int func = lua_gettop(L_) - nargs;
        lua_pushlightuserdata(L_, &kHandlerKey);
        lua_rawget(L_, LUA_REGISTRYINDEX);
        lua_insert(L_, func);
        handler = func;
    } else {
        lua_rawgeti(L_, LUA_REGISTRYINDEX, budget_ref_);
        set_steps(L_, -1, static_cast<double>(budget_));
        lua_pop(L_, 1);
        memory_.reset();
        stopped_chunk_.clear();
        stopped_line_ = 0;
        // Garbage an earlier call left must not count against this one.
        if (memory_.limit() > 0 && memory_.used() > memory_.limit() / 2)
            lua_gc(L_, LUA_GCCOLLECT, 0);
    }
    CStackBase stack_base;
    ++depth_;
    memory_.enforce(true);
    int rc = lua_pcall(L_, nargs, nresults, handler);
    --depth_;
    memory_.enforce(depth_ > 0);
    if (rc == 0 && !budget_spent()) {
        if (nested) lua_remove(L_, handler);
        return std::nullopt;
    }
    LuaError err;
    if (rc == 0) {
        lua_settop(L_, base);  // a script caught a budget's error and returned: its results go
    } else {
        err = error_from_top(L_);
        lua_pop(L_, 1);
        if (nested) lua_remove(L_, handler);
    }
    if (budget_spent()) {
        // Whatever the script made of it (caught it, or failed in its handler: "error in error
        // handling"), the call failed for its budget, where it ran out. LuaJIT raises "not
        // enough memory" without calling the handler: that place was noted when refused.
        LuaError spent = spent_error();
        err.message = spent.message;
        if (!spent.chunk.empty() || err.chunk.empty()) {
            err.chunk = spent.chunk;
            err.line = spent.line;
        }
    }
    if (err.chunk.empty() && err.message == "stack overflow" && !memory_.deep_chunk().empty()) {
        // Raised without the handler (it had no room to run): the place was noted while the
        // stack grew, in the function that nests without end (a variant's metamethod, say).
        err.message =
            "stack overflow: calls nested too deeply (a function or metamethod that calls "
            "itself without end?)";
        err.chunk = memory_.deep_chunk();
        err.line = memory_.deep_line();
    }
    return err;
}

std::optional<LuaError> LuaHost::run(std::string_view text, const std::string& chunk, bool jit) {
    if (auto err = load(text, chunk, jit)) return err;
    return pcall(0, 1);
}

void LuaHost::set_resolver(std::function<std::optional<ScriptSource>(const std::string&)> r) {
    resolver_ = std::move(r);
}

namespace {

// Pushes the registry table at key.
void push_registry_table(lua_State* L, char* key) {
    lua_pushlightuserdata(L, key);
    lua_rawget(L, LUA_REGISTRYINDEX);
}

// Remembers that a module failed to load, so later imports report it without running it again.
void remember_failure(lua_State* L, const std::string& name, const LuaError& err) {
    push_registry_table(L, &kFailedKey);
    lua_createtable(L, 0, 4);
    lua_pushlstring(L, err.message.data(), err.message.size());
    lua_setfield(L, -2, "message");
    lua_pushlstring(L, err.chunk.data(), err.chunk.size());
    lua_setfield(L, -2, "chunk");
    lua_pushinteger(L, err.line);
    lua_setfield(L, -2, "line");
    lua_pushlstring(L, err.traceback.data(), err.traceback.size());
    lua_setfield(L, -2, "traceback");
    lua_setfield(L, -2, name.c_str());
    lua_pop(L, 1);
}

// The remembered failure of a module, if it failed to load before.
std::optional<LuaError> earlier_failure(lua_State* L, const std::string& name) {
    StackGuard guard(L);
    push_registry_table(L, &kFailedKey);
    lua_getfield(L, -1, name.c_str());
    if (!lua_istable(L, -1)) return std::nullopt;
    int t = lua_gettop(L);
    LuaError err;
    lua_getfield(L, t, "message");
    err.message = lua_tostring(L, -1);
    lua_getfield(L, t, "chunk");
    err.chunk = lua_tostring(L, -1);
    lua_getfield(L, t, "line");
    err.line = static_cast<int>(lua_tointeger(L, -1));
    lua_getfield(L, t, "traceback");
    err.traceback = lua_tostring(L, -1);
    return err;
}

}  // namespace

std::optional<LuaError> LuaHost::import(const std::string& name) {
    // A module that failed to load fails the same way every time: its top level runs with a
    // budget of its own (below), whoever imports it. Reporting the first failure again keeps a
    // module that loops forever from costing a whole budget for every file that imports it.
    if (auto err = earlier_failure(L_, name)) return err;
    lua_pushlightuserdata(L_, &kModulesKey);
    lua_rawget(L_, LUA_REGISTRYINDEX);
    int modules = lua_gettop(L_);
    lua_getfield(L_, modules, name.c_str());
    if (lua_istable(L_, -1)) {
        lua_remove(L_, modules);
        return std::nullopt;
    }
    if (lua_isboolean(L_, -1)) {
        lua_pop(L_, 2);
        return LuaError{"", 0, fmt::format("import cycle: module '{}' imports itself", name), ""};
    }
    lua_pop(L_, 1);
    std::optional<ScriptSource> src;
    if (resolver_) src = resolver_(name);
    if (!src) {
        lua_pop(L_, 1);
        return LuaError{"", 0, fmt::format("no module '{}' in the rules pack", name), ""};
    }
    lua_pushboolean(L_, 1);  // loading marker, detects cycles
    lua_setfield(L_, modules, name.c_str());
    // The module's top level gets a whole budget, and the caller keeps what it had left.
    lua_rawgeti(L_, LUA_REGISTRYINDEX, budget_ref_);
    double caller_left = steps_left(L_, -1);
    set_steps(L_, -1, static_cast<double>(budget_));
    lua_pop(L_, 1);
    std::optional<LuaError> err = run(src->text, src->chunk, src->jit);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, budget_ref_);
    set_steps(L_, -1, caller_left);
    lua_pop(L_, 1);
    if (!err && !lua_istable(L_, -1)) {
        lua_pop(L_, 1);
        err = LuaError{src->chunk, 0,
                       fmt::format("module '{}' must return a table of functions", name), ""};
    }
    if (err) {
        lua_pushnil(L_);
        lua_setfield(L_, modules, name.c_str());
        lua_pop(L_, 1);
        remember_failure(L_, name, *err);
        return err;
    }
    lua_pushvalue(L_, -1);
    lua_setfield(L_, modules, name.c_str());
    lua_remove(L_, modules);
    return std::nullopt;
}

ScriptContext LuaHost::set_context(const ScriptContext& ctx) {
    ScriptContext old = ctx_;
    ctx_ = ctx;
    return old;
}

}  // namespace hl
