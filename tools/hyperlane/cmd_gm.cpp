// hyperlane gm GAME [--name NAME] [--address ADDR] [--message TEXT]... [--turn N] [--list]
//                  [--announce FILE | --announce-remove]

#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/gm_messages.hpp"
#include "game/turn_store.hpp"
#include "host/announcement.hpp"
#include "io/atomic_file.hpp"

namespace hl::cli {

namespace {

struct GmOptions {
    std::string game;
    std::optional<std::string> name;
    std::optional<std::string> address;
    std::vector<std::string> messages;
    std::optional<int> turn;
    bool list = false;
    std::string announce;  // a file of several lines for every player
    bool announce_remove = false;
};

int next_turn(const GameDir& dir) {
    auto latest = dir.latest_turn();
    if (!latest)
        throw InputError({dir.dir().generic_string(), 0, 0},
                         "no complete turn in this game folder (turns/NNNN/state.toml)");
    return *latest + 1;
}

void print_messages(const GameDir& dir, int turn) {
    std::vector<std::string> messages = read_gm_messages(dir, turn);
    if (messages.empty()) {
        std::printf("No GM messages for turn %d.\n", turn);
        return;
    }
    std::printf("GM messages for turn %d:\n", turn);
    for (std::size_t i = 0; i < messages.size(); ++i)
        std::printf("%3zu. %s\n", i + 1, messages[i].c_str());
}

int run_gm(const GmOptions& o) {
    GameDir dir(o.game);
    GameInfo info = read_game_info(dir);
    if (o.name) check_gm_name(*o.name, "--name");
    if (o.address) check_gm_address(*o.address, "--address");
    for (const std::string& m : o.messages)
        if (std::string why = check_gm_message(m); !why.empty())
            throw InputError({"--message", 0, 0}, why + " (nothing was written)");
    std::vector<std::string> announcement;  // checked before anything is written
    if (!o.announce.empty()) announcement = parse_announcement(read_file(o.announce), o.announce);
    int turn = o.turn ? *o.turn : next_turn(dir);
    bool changes =
        o.name || o.address || !o.messages.empty() || !o.announce.empty() || o.announce_remove;
    if (changes) {
        // The same lock as submit and run: game.toml and GM.toml change whole or not at all.
        GameLock lock(dir);
        if (o.name || o.address) {
            info = read_game_info(dir);
            if (o.name) info.gm = *o.name;
            if (o.address) info.gm_address = *o.address;
            write_file_atomic_below(dir.dir(), dir.game_file(), game_info_to_toml(info));
        }
        if (!announcement.empty()) {
            Announcement a = set_announcement(dir, announcement);
            std::printf(
                "Announcement %d (%zu line%s) is on the players' web pages; the next mail-out "
                "mails it to every player.\n",
                a.number, a.lines.size(), a.lines.size() == 1 ? "" : "s");
        }
        if (o.announce_remove)
            std::printf(remove_announcement(dir)
                            ? "The announcement is removed from the web pages (mail sent stays "
                              "sent).\n"
                            : "There is no announcement to remove.\n");
        for (const std::string& m : o.messages)
            add_gm_message(dir, turn, m);
        if (!o.messages.empty())
            std::printf("Added %zu GM message%s for turn %d.\n", o.messages.size(),
                        o.messages.size() == 1 ? "" : "s", turn);
        if (!o.messages.empty() && turn < next_turn(dir))
            std::printf(
                "Turn %d has been played: hyperlane rerender %s --turn %d writes its "
                "reports again with the message%s.\n",
                turn, o.game.c_str(), turn, o.messages.size() == 1 ? "" : "s");
    }
    if (!changes || o.name || o.address)
        std::printf("GM: %s <%s>\n", info.gm.empty() ? "(no name)" : info.gm.c_str(),
                    info.gm_address.empty() ? "no address: hyperlane gm GAME --address ..."
                                            : info.gm_address.c_str());
    if (o.list || !changes) print_messages(dir, turn);
    return kExitOk;
}

}  // namespace

void register_gm(CLI::App& app, Action& action) {
    auto o = std::make_shared<GmOptions>();
    CLI::App* sub = app.add_subcommand(
        "gm",
        "Show or set the GM's name and mail address, and add GM messages to a turn's "
        "reports");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("--name", o->name, "Set the GM's name (game.toml [game] gm)");
    sub->add_option("--address", o->address,
                    "Set the GM's mail address (game.toml [game] gm_address): the From of "
                    "mail-in's replies and mail-out's mail; \"\" removes it");
    sub->add_option("--message", o->messages,
                    "Add a GM message for the turn (one line, at most 1000 characters); may be "
                    "given more than once")
        ->take_all()
        ->expected(1);
    sub->add_option("--turn", o->turn, "The turn the messages are for (default: the next turn)")
        ->check(CLI::Range(1, 100000));
    sub->add_flag("--list", o->list, "List the turn's GM messages");
    CLI::Option* announce = sub->add_option(
        "--announce", o->announce,
        "An announcement to every player from a text file (up to 50 lines of at most 1000 "
        "characters): mailed by the next mail-out, shown on the web until removed");
    sub->add_flag("--announce-remove", o->announce_remove,
                  "Remove the announcement from the web pages")
        ->excludes(announce);
    sub->callback([o, &action] { action = [o] { return run_gm(*o); }; });
}

}  // namespace hl::cli
