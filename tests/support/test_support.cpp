#include "support/test_support.hpp"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "lua/runtime.hpp"

namespace fs = std::filesystem;

namespace hl::test {

std::string eval_lua(LuaHost& host, const std::string& code, const std::string& chunk,
                     std::optional<LuaError>* err) {
    lua_State* L = host.L();
    StackGuard guard(L);
    auto e = host.run(code, chunk);
    if (err) *err = e;
    if (e) return "ERROR: " + e->message;
    if (lua_isnil(L, -1)) return "";
    if (lua_isboolean(L, -1)) return lua_toboolean(L, -1) ? "true" : "false";
    return lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
}

fs::path data_dir() {
    return fs::path(HYPERLANE_TEST_DATA);
}

fs::path source_dir() {
    return fs::path(HYPERLANE_SOURCE_DIR);
}

Pack load_pack(const fs::path& dir) {
    Diagnostics d;
    Pack p = Pack::load(dir, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    return p;
}

const Pack& starchase() {
    static const Pack pack = load_pack(source_dir() / "rules" / "starchase");
    return pack;
}

const Pack& cosmos() {
    static const Pack pack = load_pack(source_dir() / "rules" / "cosmos");
    return pack;
}

fs::path temp_dir(const std::string& tag) {
    static std::atomic<int> counter{0};
    fs::path p = fs::temp_directory_path() /
                 fmt::format("hyperlane-test-{}-{}-{}", tag, ::getpid(), counter++);
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
}

std::string joined(const Diagnostics& d) {
    return d.to_string();
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const ActionRegistry& starchase_actions() {
    static const ActionRegistry reg = [] {
        GameState st = GameState::with_schema(starchase().schema());
        Runtime rt(starchase(), st);
        Diagnostics d;
        ActionRegistry r = ActionRegistry::load(rt, d);
        INFO(d.to_string());
        REQUIRE_FALSE(d.has_errors());
        return r;
    }();
    return reg;
}

fs::path make_game(const fs::path& scenario, const std::string& tag) {
    Diagnostics d;
    Scenario sc = parse_scenario(slurp(scenario), scenario.generic_string(), starchase(), d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, starchase(), 1);
    fs::path dir = temp_dir(tag) / "game";
    write_new_game(GameDir(dir), sc, starchase(), st);
    return dir;
}

}  // namespace hl::test
