// hyperlane replace GAME EMP --name NAME [--email ADDR] [--secret S]
// hyperlane computer GAME EMP [--off]

#include <cctype>
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "host/player_change.hpp"

namespace hl::cli {

namespace {

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

struct ReplaceOptions {
    std::string game, empire, name, email, secret;
    int wait = 0;
};

int run_replace(const ReplaceOptions& o) {
    PlayerChange c = replace_player(GameDir(o.game), upper(o.empire), o.name, o.email, o.secret,
                                    std::chrono::seconds(o.wait));
    std::printf(
        "%s is played by %s from turn %d on. Its new secret is %s: send it to the "
        "player (the old one no longer works).\n",
        c.empire.c_str(), c.player.c_str(), c.from_turn, c.secret.c_str());
    std::printf(
        "The reports of turn %d were written again with the new name; `hyperlane mail-out %s "
        "--empire %s` sends the player the report and the secret now.\n",
        c.report_turn, o.game.c_str(), c.empire.c_str());
    return kExitOk;
}

struct ComputerOptions {
    std::string game, empire;
    bool off = false;
    int wait = 0;
};

int run_computer(const ComputerOptions& o) {
    PlayerChange c =
        set_computer(GameDir(o.game), upper(o.empire), !o.off, std::chrono::seconds(o.wait));
    if (o.off)
        std::printf("%s is back with its player %s from turn %d on (secret %s).\n",
                    c.empire.c_str(), c.player.c_str(), c.from_turn, c.secret.c_str());
    else
        std::printf(
            "The computer runs %s from turn %d on; `hyperlane computer %s %s --off` "
            "hands it back.\n",
            c.empire.c_str(), c.from_turn, o.game.c_str(), c.empire.c_str());
    return kExitOk;
}

}  // namespace

void register_players(CLI::App& app, Action& action) {
    auto r = std::make_shared<ReplaceOptions>();
    CLI::App* rep = app.add_subcommand(
        "replace", "Give an empire to a new player from the next turn on (a new secret is made)");
    rep->add_option("GAME", r->game, "Game folder")->required();
    rep->add_option("EMPIRE", r->empire, "Empire code, e.g. ARC")->required();
    rep->add_option("--name", r->name, "The new player's name")->required();
    rep->add_option("--email", r->email, "The new player's mail address");
    rep->add_option("--secret", r->secret, "The empire's new secret (default: a random one)");
    add_wait_option(rep, r->wait);
    rep->callback([r, &action] { action = [r] { return run_replace(*r); }; });

    auto c = std::make_shared<ComputerOptions>();
    CLI::App* comp = app.add_subcommand(
        "computer", "Hand an empire to the computer from the next turn on, or back (--off)");
    comp->add_option("GAME", c->game, "Game folder")->required();
    comp->add_option("EMPIRE", c->empire, "Empire code, e.g. ARC")->required();
    comp->add_flag("--off", c->off, "Hand the empire back to its last player");
    add_wait_option(comp, c->wait);
    comp->callback([c, &action] { action = [c] { return run_computer(*c); }; });
}

}  // namespace hl::cli
