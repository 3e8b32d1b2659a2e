#include "cli_main.hpp"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

#include "cli_support.hpp"
#include "io/file_error.hpp"
#include "lua/host.hpp"

namespace hl::cli {

int run_cli(CLI::App& app, Action& action, int argc, char** argv) {
    app.name("hyperlane");
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("hyperlane ") + HYPERLANE_VERSION);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "hyperlane: error: %s\nRun 'hyperlane --help' for usage.\n", e.what());
        return kExitBadInput;
    }
    if (!action) return kExitOk;
    // A write past a file-size limit (ulimit -f) fails with EFBIG, reported like a full disk,
    // instead of killing the process half-way.
    ::signal(SIGXFSZ, SIG_IGN);
    try {
        return action();
    } catch (const hl::InputError& e) {
        print_diagnostics(e.diagnostics());
        return kExitBadInput;
    } catch (const hl::FileError& e) {
        print_diagnostics(write_failure(e.file(), e.problem()));
        return kExitBadInput;
    } catch (const std::filesystem::filesystem_error& e) {
        print_diagnostics(write_failure(e.path1().generic_string(), e.code().message()));
        return kExitBadInput;
    } catch (const hl::ScriptError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "hyperlane: internal error: %s\n", e.what());
        return kExitInternal;
    }
}

int run_helper_program(void (*add)(CLI::App&, Action&), int argc, char** argv) {
    CLI::App app{kAppDescription};
    Action action;
    add(app, action);
    return run_cli(app, action, argc, argv);
}

}  // namespace hl::cli
