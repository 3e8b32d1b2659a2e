// hyperlane check GAME FILE [--json]

#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/check_json.hpp"
#include "game/turnsheet_check.hpp"

namespace hl::cli {

namespace {

struct CheckOptions {
    std::string game;
    std::string file;
    bool json = false;
};

int run_check(const CheckOptions& o) {
    LoadedGame g = load_game(GameDir(o.game));
    SheetCheck c = check_sheet(read_sheet_or_throw(o.file), o.file, g);
    if (o.json) {
        std::printf("%s\n",
                    sheet_check_to_json(c)
                        .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                        .c_str());
        return c.ok() ? kExitOk : kExitBadInput;
    }
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
        c.late ? fmt::format(" (late orders written for turn {})", c.sheet.turn) : "";
    std::printf("%s: OK: %zu action(s) of %s for turn %d%s, %d warning(s)\n", o.file.c_str(),
                c.sheet.orders.size(), c.sheet.empire.c_str(), c.next_turn, late.c_str(), warnings);
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
