// hyperlane-mail: does `hyperlane mail-in` and `hyperlane mail-out` (cmd_mail.cpp), which run
// it; the only program linked with the mail libraries.

#include "cli_main.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    return hl::cli::run_helper_program(hl::cli::register_mail, argc, argv);
}
