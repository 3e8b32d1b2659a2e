#pragma once

#include <CLI/CLI.hpp>

#include "commands.hpp"

namespace hl::cli {

// The main of every program of the command line: names the app `hyperlane`, adds --version,
// parses argv and runs the chosen action; returns the exit code (kExitOk, kExitBadInput after
// printing the problems, kExitInternal).
int run_cli(CLI::App& app, Action& action, int argc, char** argv);

}  // namespace hl::cli
