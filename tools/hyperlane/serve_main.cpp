// hyperlane-serve: does `hyperlane serve` (cmd_serve.cpp), which runs it; the only program
// linked with the web server's libraries.

#include "cli_main.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
    return hl::cli::run_helper_program(hl::cli::register_serve, argc, argv);
}
