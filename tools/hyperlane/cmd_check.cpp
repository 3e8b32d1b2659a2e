// hyperlane check GAME FILE [--json]

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/check_json.hpp"
#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/host.hpp"

namespace hl::cli {

namespace {

struct CheckOptions {
    std::string game;
    std::string file;
    bool json = false;
};

void print_json(const nlohmann::ordered_json& j) {
    std::printf("%s\n",
                j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace).c_str());
}

// check --json: JSON on standard output whatever happens. A sheet or game that cannot be read
// and an internal error give JSON with the problem as its one finding, and are then reported
// (standard error, exit code) as without --json.
int run_check_json(const CheckOptions& o) {
    std::optional<int> next_turn;
    try {
        LoadedGame g = load_game(GameDir(o.game));
        next_turn = g.state.turn + 1;
        SheetCheck c = check_sheet(read_sheet_or_throw(o.file), o.file, g);
        print_json(sheet_check_to_json(c));
        return c.ok() ? kExitOk : kExitBadInput;
    } catch (const InputError& e) {
        print_json(check_failure_to_json(o.file, e.diagnostics(), next_turn));
        throw;
    } catch (const ScriptError& e) {
        Diagnostics d;
        d.error({e.error().chunk, e.error().line, 0}, e.error().message);
        print_json(check_failure_to_json(o.file, d, next_turn));
        throw;
    } catch (const std::exception& e) {
        Diagnostics d;
        d.error({o.file, 0, 0}, std::string("internal error: ") + e.what());
        print_json(check_failure_to_json(o.file, d, next_turn));
        throw;
    }
}

int run_check(const CheckOptions& o) {
    if (o.json) return run_check_json(o);
    LoadedGame g = load_game(GameDir(o.game));
    SheetCheck c = check_sheet(read_sheet_or_throw(o.file), o.file, g);
    int warnings = 0;
    for (const Diagnostic& d : c.findings.all()) {
        std::printf("%s\n", format_diagnostic(d).c_str());
        warnings += d.severity == Severity::warning ? 1 : 0;
    }
    if (!c.ok()) {
        std::printf("%s: %d error(s), %d warning(s): the sheet cannot be accepted\n",
                    o.file.c_str(), c.findings.error_count(), warnings);
        return kExitBadInput;
    }
    std::string late =
        c.late ? fmt::format(" (late orders written for turn {})", c.header.turn.value) : "";
    std::printf("%s: OK: %zu %s(s) of %s for turn %d%s, %d warning(s)\n", o.file.c_str(),
                c.orders.size(), c.noun.c_str(), c.header.empire.text.c_str(), c.next_turn,
                late.c_str(), warnings);
    return kExitOk;
}

}  // namespace

void register_check(CLI::App& app, Action& action) {
    auto o = std::make_shared<CheckOptions>();
    CLI::App* sub = app.add_subcommand(
        "check", "Check a turnsheet against a game's current state and report every problem");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("FILE", o->file, "Turnsheet file ('-' reads standard input)")->required();
    sub->add_flag("--json", o->json, "Print the findings as JSON (shape in docs/turnsheet.md)");
    sub->callback([o, &action] { action = [o] { return run_check(*o); }; });
}

}  // namespace hl::cli
