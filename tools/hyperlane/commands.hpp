#pragma once

#include <functional>
#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "pack/pack.hpp"

namespace hl::cli {

// What `hyperlane --help` says first: the tool and its exit codes.
inline constexpr const char* kAppDescription =
    "Hyperlane: a scriptable rules engine for play-by-mail space-empire games.\n"
    "Exit codes: 0 success, 1 bad input (problems on stderr as file:line:col: error: ...), 2 "
    "internal error.";

// The action a parsed command line asks for; returns the exit code.
using Action = std::function<int()>;

// Registers `hyperlane new`.
void register_new(CLI::App& app, Action& action);
// Registers `hyperlane show`.
void register_show(CLI::App& app, Action& action);
// Registers `hyperlane run`, `rollback` and `trace`.
void register_run(CLI::App& app, Action& action);
// Registers `hyperlane report`.
void register_report(CLI::App& app, Action& action);
// Registers `hyperlane rules` and its `check` subcommand.
void register_rules(CLI::App& app, Action& action);
// Registers `hyperlane check` (a turnsheet against a game).
void register_check(CLI::App& app, Action& action);
// Registers `hyperlane submit` (store a checked turnsheet as an empire's orders).
void register_submit(CLI::App& app, Action& action);
// Registers `hyperlane sim` (many computer games in memory: the balance lab).
void register_sim(CLI::App& app, Action& action);
// Registers `hyperlane status` (the next turn at a glance).
void register_status(CLI::App& app, Action& action);
// Registers `hyperlane replace` and `hyperlane computer` (who plays an empire).
void register_players(CLI::App& app, Action& action);
// Registers `hyperlane secrets` (show or renew a game's secrets).
void register_secrets(CLI::App& app, Action& action);
// Registers `hyperlane deadline`.
void register_deadline(CLI::App& app, Action& action);
// Registers `hyperlane rerender` (a turn's reports again after a hand edit).
void register_rerender(CLI::App& app, Action& action);
// Registers `serve` (the web pages for players and the GM) in hyperlane-serve.
void register_serve(CLI::App& app, Action& action);
// Registers `hyperlane gm` (the GM's name, address and messages).
void register_gm(CLI::App& app, Action& action);
// Registers `mail-in` and `mail-out` in hyperlane-mail.
void register_mail(CLI::App& app, Action& action);
// Registers `host` (run the turns that are due, then mail) in hyperlane-mail.
void register_host(CLI::App& app, Action& action);

}  // namespace hl::cli
