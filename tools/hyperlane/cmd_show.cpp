// hyperlane show DIR [--turn N] [--json] [--records] [--map] [--secrets]

#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/gm_summary.hpp"
#include "io/state_json.hpp"
#include "report/state_text.hpp"

namespace hl::cli {

namespace {

struct ShowOptions {
    std::string dir;
    std::optional<int> turn;
    bool json = false;
    StateTextOptions text;
};

int run_show(const ShowOptions& o) {
    LoadedGame g = load_game(GameDir(o.dir), o.turn);
    if (o.json) {
        std::printf("%s\n",
                    state_to_json(g.state, g.pack.top().name, o.text.secrets).dump(2).c_str());
    } else {
        std::printf("%s",
                    render_state_text(g.state, g.pack, gm_summary(g.pack, g.state), o.text).c_str());
    }
    return kExitOk;
}

}  // namespace

void register_show(CLI::App& app, Action& action) {
    auto o = std::make_shared<ShowOptions>();
    CLI::App* sub = app.add_subcommand("show", "Show the GM's full view of a game's state");
    sub->add_option("DIR", o->dir, "Game folder")->required();
    sub->add_option("--turn,-t", o->turn, "Turn to show (default: the latest)")
        ->check(turn_range(0));
    sub->add_flag("--json", o->json, "Print JSON (shape in docs/state.md)");
    sub->add_flag("--records,--systems", o->text.records,
                  "List every record (places, collections) the state holds");
    sub->add_flag("--map", o->text.map, "List every place of the map with its links");
    sub->add_flag("--secrets", o->text.secrets, "Include the empires' secrets");
    sub->callback([o, &action] { action = [o] { return run_show(*o); }; });
}

}  // namespace hl::cli
