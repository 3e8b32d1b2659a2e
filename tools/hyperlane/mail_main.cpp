// hyperlane-mail: does `hyperlane mail-in`, `hyperlane mail-out` (cmd_mail.cpp) and `hyperlane
// host` (cmd_host.cpp), which run it; the only program linked with the mail libraries.

#include "cli_main.hpp"
#include "commands.hpp"

namespace {

// The commands of this program.
void register_mail_program(CLI::App& app, hl::cli::Action& action) {
    hl::cli::register_mail(app, action);
    hl::cli::register_host(app, action);
}

}  // namespace

int main(int argc, char** argv) {
    return hl::cli::run_helper_program(register_mail_program, argc, argv);
}
