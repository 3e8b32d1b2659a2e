// hyperlane report GAME [--empire X] [--turn N] [--format text|html|json|svg]

#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/read_lock.hpp"
#include "game/report_context.hpp"
#include "game/turn_store.hpp"
#include "report/report_files.hpp"

namespace hl::cli {

namespace {

struct ReportOptions {
    std::string dir;
    std::string empire;
    std::optional<int> turn;
    std::string format = "text";
};

int run_report(const ReportOptions& o) {
    GameDir dir(o.dir);
    // The state and the turn's record of one turn, which no rollback removes meanwhile.
    GameReadLock reading(dir);
    LoadedGame g = load_game(dir, o.turn);
    std::string empire = o.empire;
    for (char& c : empire)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (!empire.empty() && !g.state.find_empire(empire))
        throw InputError({o.dir, 0, 0}, fmt::format("no empire '{}' in this game", o.empire));
    if (o.format != "text" && o.format != "html" && o.format != "json" && o.format != "svg")
        throw InputError({o.dir, 0, 0}, fmt::format("--format {}: use text, html, json or svg "
                                                    "(the report's map)",
                                                    o.format));
    // Rendered afresh from the stored state and record, so a GM's correction of state.toml
    // shows at once (the files in turns/NNNN/reports are those written with the turn).
    std::optional<TurnRecord> rec;
    if (g.state.turn > 0) rec = load_turn_record(dir, g.state.turn);
    std::string text;
    try {
        text = render_report(g.state, rec ? &*rec : nullptr, g.pack,
                             report_context(dir, g.info, g.state.turn), empire, o.format);
    } catch (const std::invalid_argument& e) {
        throw InputError({o.dir, 0, 0}, fmt::format("--format {}: {}", o.format, e.what()));
    }
    std::fputs(text.c_str(), stdout);
    return kExitOk;
}

}  // namespace

void register_report(CLI::App& app, Action& action) {
    auto o = std::make_shared<ReportOptions>();
    CLI::App* sub =
        app.add_subcommand("report", "Print an empire's report or the game report for a turn");
    sub->add_option("GAME", o->dir, "Game folder")->required();
    sub->add_option("--empire,-e", o->empire, "Empire code (default: the game report)");
    sub->add_option("--turn,-t", o->turn, "Turn (default: the latest)")->check(turn_range(0));
    sub->add_option("--format,-f", o->format, "text (default), html, json, or svg (the map)");
    sub->callback([o, &action] { action = [o] { return run_report(*o); }; });
}

}  // namespace hl::cli
