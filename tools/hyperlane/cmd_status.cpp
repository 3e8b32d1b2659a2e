// hyperlane status GAME [--json]

#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "host/game_status.hpp"

namespace hl::cli {

namespace {

struct StatusOptions {
    std::string game;
    bool json = false;
};

int run_status(const StatusOptions& o) {
    GameStatus s = game_status(GameDir(o.game));
    if (o.json)
        std::printf("%s\n", status_to_json(s).dump(2).c_str());
    else
        std::printf("%s", status_to_text(s, now_utc()).c_str());
    return kExitOk;
}

}  // namespace

void register_status(CLI::App& app, Action& action) {
    auto o = std::make_shared<StatusOptions>();
    CLI::App* sub = app.add_subcommand(
        "status",
        "Show the next turn at a glance: each empire's orders (no orders, errors, "
        "submitted, late, computer), the deadline and the GM's messages");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_flag("--json", o->json, "Print the status as JSON (shape in docs/hosting.md)");
    sub->callback([o, &action] { action = [o] { return run_status(*o); }; });
}

}  // namespace hl::cli
