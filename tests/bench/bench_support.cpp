#include "bench_support.hpp"

#include <stdexcept>

#include "game/autoplay.hpp"
#include "game/new_game.hpp"
#include "io/atomic_file.hpp"

namespace fs = std::filesystem;

namespace hl::bench {

namespace {

Pack load(const fs::path& dir) {
    Diagnostics d;
    Pack p = Pack::load(dir, d);
    if (d.has_errors()) throw std::runtime_error(d.to_string());
    return p;
}

}  // namespace

const Pack& starchase() {
    static const Pack p = load(fs::path(HYPERLANE_SOURCE_DIR) / "rules" / "starchase");
    return p;
}

const Pack& bench_pack_interpreted() {
    static const Pack p =
        load(fs::path(HYPERLANE_SOURCE_DIR) / "tests" / "bench" / "pack_interpreted");
    return p;
}

const Pack& bench_pack() {
    static const Pack p = load(fs::path(HYPERLANE_SOURCE_DIR) / "tests" / "bench" / "pack");
    return p;
}

Scenario scenario(const std::string& name, const Pack& pack) {
    fs::path path = fs::path(HYPERLANE_SOURCE_DIR) / "scenarios" / (name + ".toml");
    Diagnostics d;
    Scenario sc = parse_scenario(read_file(path), path.generic_string(), pack, d);
    if (d.has_errors()) throw std::runtime_error(d.to_string());
    return sc;
}

GameState standard_game_at(int turns) {
    Scenario sc = scenario("standard", starchase());
    for (ScenarioEmpire& e : sc.empires)
        e.computer = true;
    GameState st = create_game(sc, starchase(), 7);
    AutoplayOptions opts;
    opts.turns = turns;
    autoplay(st, starchase(), opts);
    return st;
}

const Pack& cosmos() {
    static const Pack p = load(fs::path(HYPERLANE_SOURCE_DIR) / "rules" / "cosmos");
    return p;
}

GameState cosmos_game_at(int turns) {
    Scenario sc = scenario("cosmos", cosmos());
    for (ScenarioEmpire& e : sc.empires)
        e.computer = true;
    GameState st = create_game(sc, cosmos(), 7);
    AutoplayOptions opts;
    opts.turns = turns;
    autoplay(st, cosmos(), opts);
    return st;
}

fs::path temp_dir(const std::string& tag) {
    static int n = 0;
    fs::path p = fs::temp_directory_path() / ("hyperlane-bench-" + tag + "-" + std::to_string(++n));
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
}

}  // namespace hl::bench
