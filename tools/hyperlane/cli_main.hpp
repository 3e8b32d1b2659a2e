#pragma once

#include <CLI/CLI.hpp>

#include "commands.hpp"

namespace hl::cli {

// The main of every program of the command line: names the app `hyperlane`, adds --version,
// parses argv and runs the chosen action; returns the exit code (kExitOk, kExitBadInput after
// printing the problems, kExitInternal).
int run_cli(CLI::App& app, Action& action, int argc, char** argv);

// The main of a program beside `hyperlane` that does one command group: its app with only what
// `add` registers, run as run_cli runs it.
int run_helper_program(void (*add)(CLI::App&, Action&), int argc, char** argv);

}  // namespace hl::cli
