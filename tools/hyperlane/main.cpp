// hyperlane: the GM's command-line tool. Subcommands live in cmd_*.cpp.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli_support.hpp"
#include "commands.hpp"
#include "core/phase_clock.hpp"
#include "lua/host.hpp"

int main(int argc, char** argv) {
    using namespace hl::cli;
    hl::mark_phase("main started");
    CLI::App app{
        "Hyperlane: a scriptable rules engine for play-by-mail space-empire games.\n"
        "Exit codes: 0 success, 1 bad input (problems on stderr as "
        "file:line:col: error: ...), 2 internal error."};
    app.name("hyperlane");
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("hyperlane ") + HYPERLANE_VERSION);
    Action action;
    register_new(app, action);
    register_show(app, action);
    register_run(app, action);
    register_report(app, action);
    register_rules(app, action);
    register_check(app, action);
    register_submit(app, action);
    register_sim(app, action);
    register_status(app, action);
    register_players(app, action);
    register_deadline(app, action);
    register_rerender(app, action);
    register_serve(app, action);
    register_gm(app, action);
    register_mail(app, action);
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
    try {
        return action();
    } catch (const hl::InputError& e) {
        print_diagnostics(e.diagnostics());
        return kExitBadInput;
    } catch (const hl::ScriptError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "hyperlane: internal error: %s\n", e.what());
        return kExitInternal;
    }
}
