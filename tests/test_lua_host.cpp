// The Lua sandbox: allow-listed libraries only, text-only loading, strict globals, the
// step budget, errors with script path and line, and math.random from the engine RNG.

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "lua/bytecode_store.hpp"
#include "lua/host.hpp"
#include "lua/precompile.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Runs a chunk as rules/test/check.lua (support/test_support.hpp).
std::string eval(LuaHost& host, const std::string& code, std::optional<LuaError>* err = nullptr) {
    return test::eval_lua(host, code, "rules/test/check.lua", err);
}

}  // namespace

TEST_CASE("dangerous libraries are not reachable from scripts", "[lua][sandbox]") {
    LuaHost host;
    for (const char* name :
         {"io", "os", "debug", "package", "jit", "ffi", "require", "dofile", "loadfile",
          "loadstring", "getfenv", "setfenv", "collectgarbage", "module", "newproxy"}) {
        INFO(name);
        // rawget: reading an undeclared global through _G would raise (strict globals).
        CHECK(eval(host, std::string("return rawget(_G, '") + name + "') == nil") == "true");
    }
    CHECK(eval(host, "return string.dump == nil") == "true");
    CHECK(eval(host, "return math.randomseed == nil") == "true");
    // The usual safe libraries are there.
    CHECK(eval(host,
               "return table.concat({string.upper('a'), math.floor(2.5), bit.bor(1, 2)}, ',')") ==
          "A,2,3");
}

TEST_CASE("load accepts source text only, never bytecode", "[lua][sandbox]") {
    LuaHost host;
    CHECK(eval(host, "local f = load('return 1 + 1'); return f()") == "2");
    CHECK(eval(host, "local f, err = load('\\27LJ\\2 junk'); return err") ==
          "load: binary chunks are not allowed");
    CHECK(eval(host, "local f, err = load(function() return nil end); return err") ==
          "load: only source text is allowed");
    // A chunk handed to the host itself is refused as well.
    auto err = host.load("\x1bLJ\x02", "rules/test/bytecode.lua");
    REQUIRE(err);
    CHECK(err->message.find("binary") != std::string::npos);
}

TEST_CASE("globals are strict: no accidental globals, no reading undeclared names", "[lua]") {
    LuaHost host;
    std::optional<LuaError> err;
    CHECK(eval(host, "x = 1", &err).find("assignment to undeclared global 'x'") !=
          std::string::npos);
    REQUIRE(err);
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line == 1);
    CHECK(eval(host, "\n\nreturn undefined_name + 1", &err)
              .find("undeclared global 'undefined_name'") != std::string::npos);
    CHECK(err->line == 3);
    CHECK(eval(host, "local y = 2; return y") == "2");
}

TEST_CASE("an endless loop is stopped with a clear message", "[lua][sandbox]") {
    LuaHost host(5'000'000);
    std::optional<LuaError> err;
    std::string out = eval(host, "local n = 0\nwhile true do\n  n = n + 1\nend", &err);
    REQUIRE(err);
    CHECK(err->message.find("script stopped") != std::string::npos);
    CHECK(err->message.find("endless loop") != std::string::npos);
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line >= 2);
    // The host is usable again afterwards, with a fresh budget.
    CHECK(eval(host, "local s = 0 for i = 1, 1000 do s = s + i end return s") == "500500");
}

TEST_CASE("errors carry the script path, line and a traceback", "[lua]") {
    LuaHost host;
    std::optional<LuaError> err;
    eval(
        host,
        "local function inner()\n  error('boom')\nend\nlocal function outer() inner() end\nouter()",
        &err);
    REQUIRE(err);
    CHECK(err->chunk == "rules/test/check.lua");
    CHECK(err->line == 2);
    CHECK(err->message == "boom");
    CHECK(err->traceback.find("rules/test/check.lua:2") != std::string::npos);
    CHECK(err->traceback.find("rules/test/check.lua:4") != std::string::npos);
    // Each frame is named; the file's own code is its main chunk.
    CHECK(err->traceback.find("rules/test/check.lua:2: in inner") != std::string::npos);
    CHECK(err->traceback.find("rules/test/check.lua:5: in main chunk") != std::string::npos);
    CHECK(err->format().rfind("rules/test/check.lua:2: error: boom", 0) == 0);

    auto syntax = host.load("local x = = 1", "rules/test/bad.lua");
    REQUIRE(syntax);
    CHECK(syntax->chunk == "rules/test/bad.lua");
    CHECK(syntax->line == 1);
    // Runtime errors inside engine-called C functions point at the calling script line.
    eval(host, "\nlocal s = ('x'):rep(nil)\nreturn s", &err);
    REQUIRE(err);
    CHECK(err->line == 2);
}

TEST_CASE("a script a second state reads back compiled behaves as in the first", "[lua]") {
    // The second host reads the chunk from the process's compiled cache: the same steps
    // counted, the same lines, names and main chunk in errors and tracebacks.
    const std::string code =
        "local function inner(n)\n  if n > 3 then error('deep ' .. n) end\n"
        "  local r = inner(n + 1)\n  return r\nend\nlocal s = 0\n"
        "for i = 1, 10 do s = s + i end\nif s == 55 then inner(1) end\nreturn s";
    for (int round = 0; round < 2; ++round) {
        INFO("round " << round);
        LuaHost host;
        std::optional<LuaError> err;
        eval(host, code, &err);
        REQUIRE(err);
        CHECK(err->chunk == "rules/test/check.lua");
        CHECK(err->line == 2);
        CHECK(err->message == "deep 4");
        CHECK(err->traceback.find("rules/test/check.lua:3: in inner") != std::string::npos);
        CHECK(err->traceback.find("rules/test/check.lua:8: in main chunk") != std::string::npos);
    }
    // Steps are still counted in code read back: the loop runs out of a small budget.
    for (int round = 0; round < 2; ++round) {
        LuaHost host(1'000);
        std::optional<LuaError> err;
        eval(host, "local n = 0\nwhile true do\n  n = n + 1\nend", &err);
        REQUIRE(err);
        CHECK(err->message.find("script stopped") != std::string::npos);
    }
    // A chunk refused for a global write is refused again in a new state (refusals are not
    // kept, so the check runs each time).
    for (int round = 0; round < 2; ++round) {
        LuaHost host;
        auto bad = host.load("local a = 1\nzzz_global = a", "rules/test/global.lua");
        REQUIRE(bad);
        CHECK(bad->line == 2);
        CHECK(bad->message.find("zzz_global") != std::string::npos);
    }
}

TEST_CASE("tostring never shows an address", "[lua][determinism]") {
    LuaHost host;
    CHECK(eval(host, "return tostring({})") == "table");
    CHECK(eval(host, "return tostring(print)") == "function");
    CHECK(eval(host,
               "return tostring(setmetatable({}, {__tostring = function() return 'me' end}))") ==
          "me");
    CHECK(eval(host, "return tostring(12) .. tostring(nil) .. tostring(true)") == "12niltrue");
}

TEST_CASE("spairs iterates in sorted key order", "[lua][determinism]") {
    LuaHost host;
    CHECK(eval(host,
               "local t = {zeta = 1, alpha = 2, mid = 3, [2] = 'b', [1] = 'a'}\n"
               "local out = {}\n"
               "for k in spairs(t) do out[#out + 1] = tostring(k) end\n"
               "return table.concat(out, ' ')") == "1 2 alpha mid zeta");
}

TEST_CASE("math.random draws from the engine stream of the call", "[lua][determinism]") {
    LuaHost host;
    CHECK(eval(host, "return math.random(6)").find("no random stream") != std::string::npos);
    auto sequence = [&](std::uint64_t seed) {
        Rng rng(StreamKey{seed, 1, "ARC", 0, "test"});
        host.set_context(ScriptContext{nullptr, nullptr, &rng});
        std::string s = eval(host,
                             "local t = {} for i = 1, 10 do t[i] = math.random(1, 6) end "
                             "return table.concat(t, ',')");
        host.set_context({});
        return s;
    };
    std::string a = sequence(1), b = sequence(1), c = sequence(2);
    CHECK(a == b);
    CHECK(a != c);
    // The same stream drawn from C++ gives the same numbers.
    Rng rng(StreamKey{1, 1, "ARC", 0, "test"});
    std::string direct;
    for (int i = 0; i < 10; ++i)
        direct += (i ? "," : "") + std::to_string(rng.range(1, 6));
    CHECK(a == direct);
}

TEST_CASE("import loads pack modules once and reports cycles and missing modules", "[lua]") {
    LuaHost host;
    int loads = 0;
    host.set_resolver([&](const std::string& name) -> std::optional<ScriptSource> {
        if (name == "lib/a") {
            ++loads;
            return ScriptSource{"local M = {} function M.v() return 7 end return M",
                                "rules/t/lib/a.lua"};
        }
        if (name == "cyc") return ScriptSource{"return import('cyc')", "rules/t/cyc.lua"};
        if (name == "notable") return ScriptSource{"return 5", "rules/t/notable.lua"};
        return std::nullopt;
    });
    CHECK(eval(host, "return import('lib/a').v() + import('lib/a').v()") == "14");
    CHECK(loads == 1);
    CHECK(eval(host, "return import('cyc')").find("import cycle") != std::string::npos);
    CHECK(eval(host, "return import('nope')").find("no module 'nope'") != std::string::npos);
    CHECK(eval(host, "return import('notable')").find("must return a table") != std::string::npos);
}

TEST_CASE("print output is kept for the turn's print.log, at most kPrintedMax bytes", "[lua]") {
    LuaHost host;
    eval(host, "print('hello', 3, nil, true, {})");
    CHECK(host.printed() == "hello\t3\tnil\ttrue\ttable\n");
    CHECK(host.take_printed() == "hello\t3\tnil\ttrue\ttable\n");
    CHECK(host.printed().empty());
    // 1000-byte lines: 65 fit in 64 KiB, the 66th is dropped with a line that says so, and
    // nothing more is kept until the log is taken.
    eval(host, "local s = string.rep('x', 999) for i = 1, 100 do print(s) end");
    const std::string log = host.take_printed();
    CHECK(log.size() ==
          65 * 1000 + std::string("(print: the log is cut here, after 65000 bytes)\n").size());
    CHECK(log.substr(65 * 1000) == "(print: the log is cut here, after 65000 bytes)\n");
    eval(host, "print('again')");
    CHECK(host.printed() == "again\n");
}

TEST_CASE("scripts compiled ahead on another thread import as if compiled there", "[lua]") {
    const std::vector<ScriptSource> sources = {
        {"local M = {} function M.v() local n = 0 for i = 1, 4 do n = n + i end return n end "
         "return M",
         "rules/t/ahead/good.lua"},
        {"local M = {} function M.f() pairs = nil end return M", "rules/t/ahead/writes.lua"},
        {"local M = {} syntax error", "rules/t/ahead/broken.lua"},
    };
    std::thread t([&] { compile_into_cache(sources); });
    t.join();
    LuaHost host(50);  // a budget small enough to show the steps are still counted
    host.set_resolver([&](const std::string& name) -> std::optional<ScriptSource> {
        for (const ScriptSource& s : sources)
            if (s.chunk == "rules/t/ahead/" + name + ".lua") return s;
        return std::nullopt;
    });
    CHECK(eval(host, "return import('good').v()") == "10");
    CHECK(eval(host, "local n = 0 for i = 1, 100 do n = n + import('good').v() end return n")
              .find("script stopped") != std::string::npos);
    // Not kept by the thread: the importing state reports them with its own words.
    std::optional<LuaError> err;
    eval(host, "return import('writes')", &err);
    REQUIRE(err);
    CHECK(err->chunk == "rules/t/ahead/writes.lua");
    CHECK(err->line == 1);
    CHECK(err->message.find("assignment to global 'pairs'") != std::string::npos);
    eval(host, "return import('broken')", &err);
    REQUIRE(err);
    CHECK(err->chunk == "rules/t/ahead/broken.lua");
    CHECK(err->line == 1);
}

TEST_CASE("the store of compiled scripts reads back only what it wrote for the same sources",
          "[lua]") {
    const std::vector<ScriptSource> sources = {
        {"local M = {} function M.v() return 7 end return M", "rules/t/store/seven.lua"},
        {"local M = {} syntax error", "rules/t/store/broken.lua"},
    };
    compile_into_cache(sources);
    const std::uint64_t key = bytecode_store_key(sources);
    // The key follows every chunk name and text.
    std::vector<ScriptSource> renamed = sources;
    renamed[0].chunk = "rules/t/store/other.lua";
    std::vector<ScriptSource> edited = sources;
    edited[0].text += " ";
    CHECK(bytecode_store_key(sources) == key);
    CHECK(bytecode_store_key(renamed) != key);
    CHECK(bytecode_store_key(edited) != key);

    const std::filesystem::path dir = test::temp_dir("bytecode_store");
    CHECK_FALSE(read_bytecode_store(dir, key, sources));
    write_bytecode_store(dir, key, sources);
    CHECK(read_bytecode_store(dir, key, sources));
    CHECK_FALSE(read_bytecode_store(dir, key + 1, sources));
    // A store names the scripts it holds: read for other sources, it is refused whole.
    CHECK_FALSE(read_bytecode_store(dir, key, renamed));
    // Damage anywhere is caught by the checksum.
    const std::filesystem::path file = *std::filesystem::directory_iterator(dir);
    std::string bytes = test::slurp(file);
    for (std::size_t at : {std::size_t{3}, bytes.size() / 2, bytes.size() - 1}) {
        std::string bad = bytes;
        bad[at] = static_cast<char>(bad[at] ^ 0x20);
        std::ofstream(file, std::ios::binary | std::ios::trunc) << bad;
        CHECK_FALSE(read_bytecode_store(dir, key, sources));
    }
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 9);
    CHECK_FALSE(read_bytecode_store(dir, key, sources));
    // The broken script was not compiled, so only the good one is stored; it still imports.
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    REQUIRE(read_bytecode_store(dir, key, sources));
    LuaHost host;
    host.set_resolver([&](const std::string& name) -> std::optional<ScriptSource> {
        for (const ScriptSource& s : sources)
            if (s.chunk == "rules/t/store/" + name + ".lua") return s;
        return std::nullopt;
    });
    CHECK(eval(host, "return import('seven').v()") == "7");
}
