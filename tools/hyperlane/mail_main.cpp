// hyperlane-mail: does `hyperlane mail-in` and `hyperlane mail-out` (cmd_mail.cpp), which run
// it; the only program linked with the mail libraries.

#include <CLI/CLI.hpp>

#include "cli_main.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    using namespace hl::cli;
    CLI::App app{kAppDescription};
    Action action;
    register_mail(app, action);
    return run_cli(app, action, argc, argv);
}
