// hyperlane-serve: does `hyperlane serve` (cmd_serve.cpp), which runs it; the only program
// linked with the web server's libraries.

#include <CLI/CLI.hpp>

#include "cli_main.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    using namespace hl::cli;
    CLI::App app{kAppDescription};
    Action action;
    register_serve(app, action);
    return run_cli(app, action, argc, argv);
}
