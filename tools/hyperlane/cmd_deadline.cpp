// hyperlane deadline GAME [--turn N] [--at TIME | --in DURATION | --clear] [--every DURATION]

#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/turn_store.hpp"
#include "host/deadlines.hpp"

namespace hl::cli {

namespace {

struct DeadlineOptions {
    std::string game;
    std::optional<int> turn;
    std::string at, in, every, run_early;
    bool clear = false;
};

int run_deadline(const DeadlineOptions& o) {
    GameDir dir(o.game);
    int given = (o.at.empty() ? 0 : 1) + (o.in.empty() ? 0 : 1) + (o.clear ? 1 : 0);
    if (given > 1) throw InputError({o.game, 0, 0}, "give only one of --at, --in and --clear");
    GameLock lock(dir);
    auto latest = dir.latest_turn();
    if (!latest) throw InputError({o.game, 0, 0}, "no complete turn in this game folder");
    int turn = o.turn.value_or(*latest + 1);
    if (turn <= *latest)
        throw InputError({o.game, 0, 0}, fmt::format("turn {} has been played; the next turn is "
                                                     "{}",
                                                     turn, *latest + 1));
    Deadlines d = read_deadlines(dir);
    if (!o.at.empty()) {
        auto t = parse_time(o.at);
        if (!t)
            throw InputError({"--at", 0, 0}, fmt::format("'{}' is not a time such as "
                                                         "\"2026-12-01 18:00 UTC\"",
                                                         o.at));
        d.due[turn] = *t;
    } else if (!o.in.empty()) {
        auto s = parse_duration(o.in);
        if (!s)
            throw InputError({"--in", 0, 0}, fmt::format("'{}' is not a duration such as 3d "
                                                         "or 36h",
                                                         o.in));
        // Rounded up to the whole minute: "due 08:01", never "due 08:00:25", and never less
        // than asked for.
        d.due[turn] = (now_utc() + *s + 59) / 60 * 60;
    } else if (o.clear) {
        d.due.erase(turn);
    }
    if (!o.every.empty()) {
        if (o.every == "none") {
            d.every.reset();
        } else {
            auto s = parse_duration(o.every);
            if (!s || *s <= 0)
                throw InputError({"--every", 0, 0}, fmt::format("'{}' is not a duration such as 7d "
                                                                "(or none)",
                                                                o.every));
            d.every = *s;
        }
    }
    if (!o.run_early.empty()) d.run_early = o.run_early == "on";
    if (given || !o.every.empty() || !o.run_early.empty()) write_deadlines(dir, d);
    auto due = d.for_turn(turn);
    std::printf(
        "Turn %d: %s.\n", turn,
        due ? fmt::format("orders due {} ({})", format_time(*due), format_relative(*due, now_utc()))
                  .c_str()
            : "no deadline");
    if (d.every)
        std::printf("Later turns: due %s after the one before.\n",
                    format_duration(*d.every).c_str());
    if (d.run_early)
        std::printf("hyperlane host runs a turn as soon as every player's orders are in.\n");
    return kExitOk;
}

}  // namespace

void register_deadline(CLI::App& app, Action& action) {
    auto o = std::make_shared<DeadlineOptions>();
    CLI::App* sub = app.add_subcommand(
        "deadline", "Show or set when a turn's sheets are due (default: the next turn)");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("--turn,-t", o->turn, "The turn (default: the next one)");
    sub->add_option("--at", o->at,
                    "Due at this time, e.g. \"2026-12-01 18:00 UTC\" or "
                    "2026-12-01T20:00+02:00");
    sub->add_option("--in", o->in,
                    "Due this long from now, rounded up to the whole minute, e.g. 3d, 36h, 1d12h");
    sub->add_flag("--clear", o->clear, "Remove the turn's own deadline");
    sub->add_option("--every", o->every,
                    "Turns without their own deadline are due this long after the one before "
                    "(e.g. 7d; none turns it off)");
    sub->add_option("--run-early", o->run_early,
                    "on: `hyperlane host` runs a turn as soon as every player empire's orders "
                    "are in, before its deadline; off (the default): only at the deadline")
        ->check(CLI::IsMember({"on", "off"}));
    sub->callback([o, &action] { action = [o] { return run_deadline(*o); }; });
}

}  // namespace hl::cli
