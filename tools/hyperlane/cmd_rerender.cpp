// hyperlane rerender GAME [--turn N]

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "host/rerender.hpp"

namespace hl::cli {

namespace {

struct RerenderOptions {
    std::string game;
    std::optional<int> turn;
    int wait = 0;
};

int run_rerender(const RerenderOptions& o) {
    GameDir dir(o.game);
    auto latest = dir.latest_turn();
    if (!latest) throw InputError({o.game, 0, 0}, "no complete turn in this game folder");
    int turn = o.turn.value_or(*latest);
    if (turn < 0 || turn > *latest) throw InputError({o.game, 0, 0}, "no such turn in this game");
    auto files = rerender_reports(dir, turn, std::chrono::seconds(o.wait));
    std::printf("Wrote %zu report files of turn %d again in %s.\n", files.size(), turn,
                (dir.turn_dir(turn) / "reports").generic_string().c_str());
    return kExitOk;
}

}  // namespace

void register_rerender(CLI::App& app, Action& action) {
    auto o = std::make_shared<RerenderOptions>();
    CLI::App* sub = app.add_subcommand(
        "rerender",
        "Write a turn's reports again from its state.toml and results.json (after "
        "a hand edit)");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("--turn,-t", o->turn, "Turn (default: the latest)");
    add_wait_option(sub, o->wait);
    sub->callback([o, &action] { action = [o] { return run_rerender(*o); }; });
}

}  // namespace hl::cli
