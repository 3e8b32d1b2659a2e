#pragma once

#include <optional>

#include <CLI/CLI.hpp>

#include "commands.hpp"

namespace hl::cli {

// A command of `hyperlane` that a program beside it does (as git's git-foo programs), so that
// the libraries only it needs are not loaded by every other command.
struct HelperCommand {
    // The subcommand's name, e.g. "serve".
    const char* name;
    // The file name of the program beside `hyperlane` that does it.
    const char* program;
    // The one-line description `hyperlane --help` lists.
    const char* description;
};

// `hyperlane serve`: the web server, linked with cpp-httplib (docs/web.md).
inline constexpr HelperCommand kServeCommand{
    "serve", "hyperlane-serve",
    "Serve web pages for the players and the GM of one or more games (docs/web.md)"};

// `hyperlane mail-in`: turnsheets taken from mail, linked with GMime (docs/mail.md).
inline constexpr HelperCommand kMailInCommand{
    "mail-in", "hyperlane-mail",
    "Read turnsheets from a Maildir or mbox: check and store each as submit does, answer each "
    "sender with the checker's messages, and move handled mail out of the way"};

// `hyperlane mail-out`: reports and reminders sent by mail, linked with GMime (docs/mail.md).
inline constexpr HelperCommand kMailOutCommand{
    "mail-out", "hyperlane-mail",
    "Mail each player the empire's report (text, HTML with the map) and remind players without "
    "orders when the deadline is near; nothing is sent twice"};

// `hyperlane host`: the turns that are due run and their mail sent (docs/hosting.md), in the
// mail program because it mails as mail-out does.
inline constexpr HelperCommand kHostCommand{
    "host", "hyperlane-mail",
    "For cron or a systemd timer: run each game's turn once its deadline has passed (or every "
    "player's orders are in, if the game says so), then mail reports and reminders as mail-out "
    "does; one line per game"};

// The helper commands, for finding one by name.
inline constexpr HelperCommand kHelperCommands[] = {kServeCommand, kMailInCommand, kMailOutCommand,
                                                    kHostCommand};

// Runs `hyperlane NAME ARGS...` (argc, argv) as `PROGRAM NAME ARGS...` in this process's place,
// ARGS passed on as given; returns only if PROGRAM cannot be run, with kExitInternal, having
// said why.
int run_helper_command(const HelperCommand& command, int argc, char** argv);

// Runs the helper command argv[1] names (CLI11 would take its --, so hyperlane's parser never
// sees it), if it names one; else returns nothing.
std::optional<int> run_if_helper_command(int argc, char** argv);

// Registers a helper command for `hyperlane --help` to list, run as run_helper_command does.
void register_helper_command(CLI::App& app, Action& action, const HelperCommand& command, int argc,
                             char** argv);

}  // namespace hl::cli
