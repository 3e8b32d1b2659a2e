// LuaJIT's compiler must not change a game: the same all-computer standard game played with
// every Lua module of the pack listed in engine.jit_modules (compiled where LuaJIT can) and
// with none (interpreted) ends in byte-identical states.

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "io/state_io.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Plays `turns` turns of the standard scenario with seed 7 and returns the final state as TOML.
std::string play(const Pack& pack, int turns) {
    Diagnostics d;
    std::string text = test::slurp(test::source_dir() / "scenarios" / "standard.toml");
    Scenario sc = parse_scenario(text, "standard.toml", pack, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, pack, 7);
    AutoplayOptions opts;
    opts.turns = turns;
    REQUIRE(autoplay(st, pack, opts) == turns);
    // Everything but the lines naming the pack, which differ by design.
    std::istringstream in(state_to_toml(st));
    std::string out, line;
    while (std::getline(in, line))
        if (!line.starts_with("# Hyperlane game state") && !line.starts_with("pack = ") &&
            !line.starts_with("pack_version = "))
            out += line + "\n";
    return out;
}

}  // namespace

TEST_CASE("a game compiled by the JIT ends exactly as the interpreted game", "[lua][jit]") {
    const Pack& plain = test::starchase();
    std::string list;
    for (const std::string& name : plain.script_names())
        list += (list.empty() ? "\"" : ", \"") + name + "\"";
    std::filesystem::path dir = test::temp_dir("all_jit");
    std::ofstream(dir / "pack.toml") << "[pack]\nname = \"All compiled\"\nversion = \"1\"\n"
                                        "extends = \"starchase\"\n\n[constants.engine]\n"
                                        "jit_modules = ["
                                     << list << "]\n";
    Pack compiled = test::load_pack(dir);
    REQUIRE(compiled.script("ai/plan")->jit);
    REQUIRE_FALSE(plain.script("ai/plan")->jit);
    std::string a = play(plain, 6);
    std::string b = play(compiled, 6);
    CHECK(a.find("[[holding]]") != std::string::npos);
    CHECK(a.size() > 10000);
    CHECK(a == b);
}
