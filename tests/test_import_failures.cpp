// A pack module that fails to load (an error, an endless top level) is run once: every later
// import reports the same error at once, and its top level has a step budget of its own.

#include <catch2/catch.hpp>

#include "lua/host.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

std::string eval(LuaHost& host, const std::string& code) {
    return test::eval_lua(host, code, "rules/test/check.lua");
}

}  // namespace

TEST_CASE("a module that fails to load is run once, and every import reports its error",
          "[lua][import]") {
    LuaHost host(200'000);
    int runs = 0;
    host.set_resolver([&](const std::string& name) -> std::optional<ScriptSource> {
        if (name == "lib/loop") {
            ++runs;
            return ScriptSource{"local n = 0\nwhile true do\n  n = n + 1\nend\nreturn {}",
                                "rules/t/lib/loop.lua"};
        }
        if (name == "lib/bad") {
            ++runs;
            return ScriptSource{"local t = nil\nreturn t.x", "rules/t/lib/bad.lua"};
        }
        return std::nullopt;
    });
    for (int i = 0; i < 5; ++i) {
        std::string out = eval(host, "return import('lib/loop')");
        INFO(out);
        CHECK(out.find("script stopped") != std::string::npos);
    }
    auto loop = host.import("lib/loop");
    REQUIRE(loop);
    CHECK(loop->chunk == "rules/t/lib/loop.lua");
    CHECK(loop->line == 2);
    lua_settop(host.L(), LuaHost::kHandlerIndex);
    CHECK(runs == 1);
    for (int i = 0; i < 3; ++i) {
        auto err = host.import("lib/bad");
        REQUIRE(err);
        CHECK(err->chunk == "rules/t/lib/bad.lua");
        CHECK(err->line == 2);
        CHECK(err->message.find("attempt to index local 't'") != std::string::npos);
        lua_settop(host.L(), LuaHost::kHandlerIndex);
    }
    CHECK(runs == 2);
}

TEST_CASE("a module's top level has a step budget of its own, and the caller keeps its own",
          "[lua][import]") {
    auto resolver = [](const std::string& name) -> std::optional<ScriptSource> {
        if (name == "lib/busy")
            return ScriptSource{"for _ = 1, 80000 do end\nreturn { ok = true }",
                                "rules/t/lib/busy.lua"};
        if (name == "lib/light")
            return ScriptSource{"for _ = 1, 10000 do end\nreturn { ok = true }",
                                "rules/t/lib/light.lua"};
        return std::nullopt;
    };
    // 80000 steps of the caller and 80000 of the module: too many for one budget of 100000.
    LuaHost a(100'000);
    a.set_resolver(resolver);
    CHECK(eval(a,
               "for _ = 1, 80000 do end\nlocal m = import('lib/busy')\n"
               "for _ = 1, 15000 do end\nreturn m.ok") == "true");
    // The caller does not get a new budget from the import: 80000 + 30000 steps are too many.
    LuaHost b(100'000);
    b.set_resolver(resolver);
    std::optional<LuaError> err;
    std::string out = test::eval_lua(b,
                                     "for _ = 1, 80000 do end\nlocal m = import('lib/light')\n"
                                     "for _ = 1, 30000 do end\nreturn m.ok",
                                     "rules/test/check.lua", &err);
    CHECK(out.find("script stopped") != std::string::npos);
    REQUIRE(err);
    CHECK(err->line == 3);
}
