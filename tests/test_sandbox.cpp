// The sandbox's limits (docs/packs.md, "The sandbox"): the memory budget, work inside library
// functions charged to the step budget, the C stack guard, no addresses in output, read-only
// shared tables, no global writes, raw reads of what scripts return, and no panics.

#include <pthread.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "lua/convert.hpp"
#include "lua/global_writes.hpp"
#include "lua/host.hpp"
#include "lua/lua_json.hpp"
#include "lua/read_only.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

std::string eval(LuaHost& host, const std::string& code, std::optional<LuaError>* err = nullptr) {
    return test::eval_lua(host, code, "rules/test/check.lua", err);
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Value i as text: nil, true, false, or what lua_tostring gives.
std::string text_of(lua_State* L, int i) {
    if (lua_isnil(L, i)) return "nil";
    if (lua_isboolean(L, i)) return lua_toboolean(L, i) ? "true" : "false";
    return lua_tostring(L, i) ? lua_tostring(L, i) : "?";
}

// Runs code in a plain LuaJIT state (no sandbox) and returns its results joined by '|'.
std::string eval_plain(const std::string& code) {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    std::string out;
    if (luaL_loadstring(L, code.c_str()) != 0 || lua_pcall(L, 0, LUA_MULTRET, 0) != 0) {
        out = std::string("ERROR");
    } else {
        for (int i = 1; i <= lua_gettop(L); ++i) {
            if (i > 1) out += "|";
            out += text_of(L, i);
        }
    }
    lua_close(L);
    return out;
}

// The same code in the sandbox, results joined the same way.
std::string eval_sandbox(LuaHost& host, const std::string& code) {
    lua_State* L = host.L();
    StackGuard guard(L);
    int base = lua_gettop(L);
    if (host.load(code, "rules/test/check.lua") || host.pcall(0, LUA_MULTRET)) return "ERROR";
    std::string out;
    for (int i = base + 1; i <= lua_gettop(L); ++i) {
        if (i > base + 1) out += "|";
        out += text_of(L, i);
    }
    return out;
}

}  // namespace

TEST_CASE("a script cannot hold more memory than the budget", "[lua][sandbox][memory]") {
    LuaHost host(100'000'000, 32u << 20);
    std::optional<LuaError> err;
    eval(host, "local t = {}\nlocal i = 0\nwhile true do\n  i = i + 1\n  t[i] = {}\nend", &err);
    REQUIRE(err);
    CHECK(has(err->message, "needed more than 32 MiB of memory"));
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line == 5);
    // The garbage is collected and the state works on.
    CHECK(eval(host, "local t = {} for i = 1, 1000 do t[i] = {i} end return #t") == "1000");
    CHECK(host.memory_budget().used() < (32u << 20));
}

TEST_CASE("a script cannot catch the memory budget's error and go on", "[lua][sandbox][memory]") {
    // Caught, the refusal would come again at once, round after round, until the step budget.
    LuaHost host(5'000'000, 32u << 20);
    std::optional<LuaError> err;
    eval(host,
         "local t = {}\nwhile true do\n  pcall(function()\n    while true do t[#t + 1] = {} end\n"
         "  end)\nend",
         &err);
    REQUIRE(err);
    CHECK(has(err->message, "needed more than 32 MiB of memory"));
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line == 4);
    // An xpcall handler that needs memory fails in turn; the call is stopped all the same.
    eval(host,
         "local t = {}\nxpcall(function()\n  while true do t[#t + 1] = {} end\nend, "
         "function(m) return m .. string.rep('x', 100) end)\nreturn 'on'",
         &err);
    REQUIRE(err);
    CHECK(has(err->message, "needed more than 32 MiB of memory"));
    CHECK(err->line == 3);
    CHECK(eval(host, "local t = {} for i = 1, 1000 do t[i] = {i} end return #t") == "1000");
}

TEST_CASE("a stack overflow is reported where the calls nest", "[lua][sandbox]") {
    // A metamethod that looks its own table up again: LuaJIT raises the overflow with no room
    // left for the error handler, so no place comes with it; the host notes it as the stack grows.
    LuaHost host;
    std::optional<LuaError> err;
    eval(host,
         "local t = setmetatable({}, {__index = function(t, k)\n  return t[k] .. ''\nend})\n"
         "return t.x",
         &err);
    REQUIRE(err);
    CHECK(has(err->message, "stack overflow"));
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line == 2);
    CHECK(eval(host, "return 1 + 1") == "2");
}

TEST_CASE("one library call cannot build more than the memory budget", "[lua][sandbox][memory]") {
    LuaHost host(100'000'000'000, 32u << 20);
    std::optional<LuaError> err;
    eval(host, "\nlocal s = string.rep('x', 1e9)\nreturn #s", &err);
    REQUIRE(err);
    CHECK(has(err->message, "needed more than 32 MiB of memory"));
    CHECK(err->line == 2);
    eval(host,
         "local t = {} for i = 1, 24 do t[#t + 1] = string.rep('y', 2^i) end "
         "return table.concat(t)",
         &err);
    REQUIRE(err);
    CHECK(has(err->message, "needed more than 32 MiB"));
    CHECK(eval(host, "return #string.rep('x', 1000)") == "1000");
}

TEST_CASE("string functions pay steps for the bytes they build", "[lua][sandbox][steps]") {
    // 8 MB a call is 125,000 steps (64 bytes a step): a budget of 10 million lasts 80 calls.
    LuaHost host(10'000'000, 1024u << 20);
    std::optional<LuaError> err;
    eval(host, "local n = 0\nfor i = 1, 1000 do\n  n = n + #string.rep('x', 8e6)\nend\nreturn n",
         &err);
    REQUIRE(err);
    CHECK(has(err->message, "script stopped: it ran more than 10 million steps"));
    CHECK(err->line == 3);
    CHECK(eval(host, "local n = 0 for i = 1, 70 do n = n + #string.rep('x', 8e6) end return n") ==
          "560000000");
}

TEST_CASE("a backtracking pattern is stopped by the step budget", "[lua][sandbox][steps]") {
    LuaHost host(20'000'000);
    std::optional<LuaError> err;
    auto t0 = std::chrono::steady_clock::now();
    eval(host,
         "local s = string.rep('a', 3000)\nlocal at = string.find(s, '.-.-.-.-.-b')\nreturn at",
         &err);
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    REQUIRE(err);
    CHECK(has(err->message, "script stopped: it ran more than 20 million steps"));
    CHECK(err->line == 2);
    CHECK(seconds < 5);
    for (const char* fn : {"match", "gmatch", "gsub"}) {
        std::string call = std::string(fn) == "gmatch" ? "for _ in s:gmatch('.-.-.-.-b') do end"
                           : std::string(fn) == "gsub" ? "s:gsub('.-.-.-.-b', '')"
                                                       : "s:match('.-.-.-.-b')";
        eval(host, "local s = string.rep('a', 3000)\n" + call, &err);
        INFO(fn);
        REQUIRE(err);
        CHECK(has(err->message, "script stopped"));
    }
}

TEST_CASE("the sandbox's patterns give LuaJIT's results", "[lua][sandbox][pattern]") {
    LuaHost host;
    const std::vector<std::string> cases = {
        "return string.find('hello world', 'o w')",
        "return string.find('hello world', 'l+')",
        "return string.find('hello', 'l', 1, true)",
        "return string.find('a.b', '.', 1, true)",
        "return string.find('hello', '')",
        "return string.find('hello', '', 10)",
        "return string.find('hello', 'l', -2)",
        "return string.find('key = value', '(%w+)%s*=%s*(%w+)')",
        "return string.find('abc', '()b()')",
        "return string.match('  trim  ', '^%s*(.-)%s*$')",
        "return string.match('2024-05-06', '(%d+)-(%d+)-(%d+)')",
        "return string.match('THE (quick) fox', '%((%a+)%)')",
        "return string.match('f(a(b)c)d', '%b()')",
        "return string.match('THE (quick) fox', '%f[%a]%a+', 5)",
        "return string.match('hello', '^(h)(e)')",
        "return string.match('x=1, y=22', 'y=(%d+)')",
        "return string.match('abcabc', '(abc)%1')",
        "return string.match('[]]', '[]]')",
        "return string.match('a-b', '[a%-]+')",
        "return string.match('A1b2', '[^%d]+')",
        "return string.match('tab\\there', '%c')",
        "return string.match('caf\\195\\169', '[\\128-\\255]+')",
        "return string.gsub('hello world', 'o', '0')",
        "return string.gsub('hello world', '(%w+)', '<%1>')",
        "return string.gsub('hello', '', '-')",
        "return string.gsub('abc', '%w', '%0%0')",
        "return string.gsub('abc', '^a', 'X')",
        "return string.gsub('a b c', ' ', '_', 1)",
        "return string.gsub('$x $y', '%$(%w+)', {x = 'one', y = false})",
        "return string.gsub('1 2 3', '%d', function(d) return d * 2 end)",
        "return string.gsub('abc', '.', function() return nil end)",
        "return string.gsub('100%', '%%', ' percent')",
        "local t = {} for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do "
        "t[#t + 1] = k .. v end return table.concat(t, ',')",
        "local n = 0 for w in string.gmatch('one two  three', '%a*') do n = n + 1 end return n",
        "local t = {} for w in string.gmatch('^a^b', '^%a') do t[#t + 1] = w end "
        "return table.concat(t)",
        "return pcall(string.find, 'x', '(')",
        "return pcall(string.find, 'x', '%')",
        "return pcall(string.find, 'x', '[a')",
        "return pcall(string.gsub, 'x', 'x', '%2')",
        "return pcall(string.match, 'x', '%1')",
    };
    for (const std::string& code : cases) {
        INFO(code);
        std::string want = eval_plain(code);
        std::string got = eval_sandbox(host, code);
        // Error messages may differ in their prefix; their presence must not.
        if (has(want, "false|")) {
            CHECK(got.rfind("false|", 0) == 0);
        } else {
            CHECK(got == want);
        }
    }
}

TEST_CASE("callbacks nesting through C functions stop before the C stack ends",
          "[lua][sandbox][cstack]") {
    LuaHost host(1'000'000'000);
    const std::vector<std::string> scripts = {
        "local function f(s) return (s:gsub('.', f)) end\nreturn f('ab')",
        "local function go() table.sort({3, 2, 1}, function(a, b) go() return a < b end) end\n"
        "go()",
        "local function nest() return coroutine.wrap(nest)() end\nnest()",
        "local function nest() local co = coroutine.create(nest) "
        "local ok, e = coroutine.resume(co) error(e, 0) end\nnest()",
        "local t = setmetatable({}, {__tostring = function(s) return tostring(s) end})\n"
        "return tostring(t)",
    };
    for (const std::string& code : scripts) {
        INFO(code);
        std::optional<LuaError> err;
        eval(host, code, &err);
        REQUIRE(err);
        CHECK((has(err->message, "nested too deeply") || has(err->message, "stack overflow")));
    }
    CHECK(eval(host, "return (('ab'):gsub('.', function(c) return c:upper() end))") == "AB");
}

TEST_CASE("no address ever reaches a script's output", "[lua][sandbox][determinism]") {
    LuaHost host;
    std::optional<LuaError> err;
    CHECK(eval(host, "return string.format('%s %s %s', {}, print, coroutine.create(print))") ==
          "table function thread");
    CHECK(eval(host, "return ('%5s|%-6s|'):format({}, 1)") == "table|1     |");
    CHECK(eval(host,
               "return string.format('%s', setmetatable({}, {__tostring = "
               "function() return 'me' end}))") == "me");
    CHECK(eval(host, "return string.format('%d%%', 50)") == "50%");
    eval(host, "\nlocal s = string.format('%p', {})\nreturn s", &err);
    REQUIRE(err);
    CHECK(has(err->message, "'%p' prints an address"));
    CHECK(err->line == 2);
    CHECK(eval(host, "return tostring(string.gmatch('a', 'a'))") == "function");
}

TEST_CASE("the tables scripts share are read-only in fact", "[lua][sandbox][read-only]") {
    LuaHost host;
    const std::vector<std::pair<std::string, std::string>> writes = {
        {"string.format = nil", "string is read-only: cannot set 'format'"},
        {"table.x = 1", "table is read-only: cannot set 'x'"},
        {"math.pi = 3", "math is read-only"},
        {"_G.pairs = nil", "_G is read-only"},
        {"rawset(string, 'rep', print)", "rawset: string is read-only"},
        {"table.insert(math, 1)", "table.insert: math is read-only"},
        {"getmetatable('').__index = {}", "attempt to index a string value"},
        {"setmetatable(string, {})", "cannot change a protected metatable"},
        {"pairs = print", "assignment to global 'pairs'"},
        {"local function f() tostring = nil end f()", "assignment to global 'tostring'"},
    };
    for (const auto& [code, message] : writes) {
        INFO(code);
        std::optional<LuaError> err;
        eval(host, code, &err);
        REQUIRE(err);
        CHECK(has(err->message, message));
    }
    CHECK(eval(host, "return getmetatable('')") == "read-only table");
    CHECK(eval(host, "return ('abc'):upper()") == "ABC");
    CHECK(eval(host, "local n = 0 for k, v in pairs(string) do n = n + 1 end return n > 10") ==
          "true");
    CHECK(eval(host, "return rawget(math, 'floor')(2.5)") == "2");
    CHECK(eval(host, "return next(table) ~= nil") == "true");
}

TEST_CASE("the walk over a chunk's bytecode sees every global write the reader finds",
          "[lua][sandbox][read-only]") {
    LuaHost host;
    lua_State* L = host.L();
    // Whether the walk flags the chunk, and whether jit.util's reader finds a write in it.
    auto both = [&](const std::string& text) {
        StackGuard guard(L);
        REQUIRE(luaL_loadbuffer(L, text.data(), text.size(), "@t.lua") == 0);
        std::string bytes;
        REQUIRE(lua_dump(
                    L,
                    [](lua_State*, const void* p, std::size_t n, void* out) {
                        static_cast<std::string*>(out)->append(static_cast<const char*>(p), n);
                        return 0;
                    },
                    &bytes) == 0);
        return std::make_pair(dump_may_write_global(L, bytes),
                              find_global_write(L, -1).has_value());
    };
    const std::vector<std::string> clean = {
        "",
        "local x = 1 return x",
        "local t = {a = 1, [2] = 'b', 3.5, 'long string ' .. ('x'):rep(300)} return t",
        "local function f(a, ...) local function g() return a end return g, ... end return f",
        "local s = [[\nmany\nlines\n]] local n = 0x7fffffff + 1e300 return s, n",
    };
    for (const std::string& text : clean) {
        INFO(text);
        CHECK(both(text) == std::make_pair(false, false));
    }
    const std::vector<std::string> writes = {
        "x = 1",
        "local function f() local function g() y = 2 end return g end return f",
        "local t = {} for i = 1, 3 do t[i] = i end z = t",
    };
    for (const std::string& text : writes) {
        INFO(text);
        CHECK(both(text) == std::make_pair(true, true));
    }
    // Every script of the packs in the tree, as written (their step counting aside).
    int files = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(test::source_dir() / "rules")) {
        if (entry.path().extension() != ".lua") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        INFO(entry.path().generic_string());
        auto [walk, reader] = both(text.str());
        CHECK(walk == reader);
        ++files;
    }
    CHECK(files > 50);
}

TEST_CASE("a frozen data table reads like the original and refuses writes",
          "[lua][sandbox][read-only]") {
    LuaHost host;
    lua_State* L = host.L();
    REQUIRE(luaL_dostring(L,
                          "return {ships = {cruiser = 10, names = {'a', 'b'}}, "
                          "list = {{x = 1}, {x = 2}}, n = 3}") == 0);
    push_frozen(L, -1, "data");
    lua_setfield(L, LUA_REGISTRYINDEX, "frozen_test");
    lua_pop(L, 1);
    // Each chunk below gets the frozen table as its argument.
    lua_getfield(L, LUA_REGISTRYINDEX, "frozen_test");
    lua_pushvalue(L, -1);
    REQUIRE(host.load("local data = ...\nreturn data.ships.cruiser + #data.list + "
                      "#data.ships.names + data.list[2].x",
                      "rules/test/frozen.lua") == std::nullopt);
    lua_insert(L, -2);
    REQUIRE(host.pcall(1, 1) == std::nullopt);
    CHECK(lua_tointeger(L, -1) == 10 + 2 + 2 + 2);
    lua_pop(L, 1);
    const std::vector<std::pair<std::string, std::string>> writes = {
        {"data.ships.cruiser = 1", "data.ships is read-only: cannot set 'cruiser'"},
        {"data.list[1].x = 5", "data.list[1] is read-only: cannot set 'x'"},
        {"data.n = 1", "data is read-only: cannot set 'n'"},
        {"rawset(data.ships, 'cruiser', 1)", "rawset: data.ships is read-only"},
    };
    for (const auto& [code, message] : writes) {
        INFO(code);
        REQUIRE(host.load("local data = ...\n" + code, "rules/test/frozen.lua") == std::nullopt);
        lua_pushvalue(L, -2);
        auto err = host.pcall(1, 0);
        REQUIRE(err);
        CHECK(has(err->message, message));
    }
    // An array is a fresh copy on each read: changing one changes nothing shared.
    REQUIRE(host.load("local data = ...\nlocal a = data.ships.names\na[1] = 'z'\n"
                      "table.sort(a)\nreturn data.ships.names[1] .. #data.ships.names",
                      "rules/test/frozen.lua") == std::nullopt);
    lua_pushvalue(L, -2);
    REQUIRE(host.pcall(1, 1) == std::nullopt);
    CHECK(std::string(lua_tostring(L, -1)) == "a2");
    lua_settop(L, 0);
}

TEST_CASE("the engine reads what scripts return raw, never running their metamethods",
          "[lua][sandbox]") {
    LuaHost host;
    lua_State* L = host.L();
    REQUIRE(luaL_dostring(L,
                          "return setmetatable({}, {__index = function() error('boom') "
                          "end})") == 0);
    raw_field(L, -1, "anything");
    CHECK(lua_isnil(L, -1));
    lua_pop(L, 1);
    CHECK_NOTHROW(lua_to_json(L, -1));
    lua_settop(L, 0);
    // Were the engine to read through the metamethod outside a protected call, it would be a
    // C++ exception, not a PANIC. (A thread of its own: Catch2's catch-all would take LuaJIT's
    // own exception before the panic function runs, as no handler in the CLI does.)
    struct Probe {
        lua_State* L;
        std::string caught;
    } probe{L, ""};
    pthread_t thread;
    REQUIRE(pthread_create(
                &thread, nullptr,
                [](void* arg) -> void* {
                    auto* p = static_cast<Probe*>(arg);
                    try {
                        luaL_dostring(p->L,
                                      "return setmetatable({}, {__index = function() "
                                      "error('boom') end})");
                        lua_getfield(p->L, -1, "anything");
                    } catch (const ScriptError& e) {
                        p->caught = e.what();
                    }
                    return nullptr;
                },
                &probe) == 0);
    pthread_join(thread, nullptr);
    CHECK(has(probe.caught, "boom"));
    lua_settop(L, 0);
    CHECK(eval(host, "return 1 + 1") == "2");
}

TEST_CASE("records from scripts are plain trees of bounded size", "[lua][sandbox]") {
    LuaHost host;
    lua_State* L = host.L();
    // The error of lua_to_json, which lua_to_tree must give too.
    auto convert_error = [&](const char* code) {
        StackGuard guard(L);
        REQUIRE(luaL_dostring(L, code) == 0);
        const int top = lua_gettop(L);  // a failed conversion leaves values above it
        std::string json_error = "no error";
        std::string tree_error = "no error";
        try {
            lua_to_json(L, top);
        } catch (const std::runtime_error& e) {
            json_error = e.what();
        }
        try {
            lua_to_tree(L, top);
        } catch (const std::runtime_error& e) {
            tree_error = e.what();
        }
        CHECK(tree_error == json_error);
        return json_error;
    };
    CHECK(convert_error("local t = {a = {b = {}}} t.a.b.c = t return t") ==
          "a.b.c: a table contains itself (a cycle); records must be plain trees of data");
    CHECK(has(convert_error("local t = {x = 1} for i = 1, 24 do t = {a = t, b = t} end return t"),
              "too many values"));
    CHECK(has(convert_error("local t = {} for i = 1, 40 do t = {t} end return t"),
              "tables nested deeper than 32"));
    CHECK(convert_error("return {list = {1, 2, print}}") ==
          "list[3]: records cannot hold a function");
    // A table reached by two paths is fine while the total stays in the budget.
    CHECK(convert_error("local s = {1} return {a = s, b = s}") == "no error");
    JsonBudget small{100, 1000};
    REQUIRE(luaL_dostring(L, "return {text = string.rep('x', 2000)}") == 0);
    const int top = lua_gettop(L);
    CHECK_THROWS_WITH(lua_to_json(L, top, small), Catch::Contains("text: too much text"));
    JsonBudget small_too{100, 1000};
    CHECK_THROWS_WITH(lua_to_tree(L, top, small_too), Catch::Contains("text: too much text"));
    lua_settop(L, 0);
}
