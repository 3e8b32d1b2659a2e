// hyperlane report GAME [--empire X] [--turn N] [--format text|html|json|svg]

#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/gm_messages.hpp"
#include "game/turn_store.hpp"
#include "io/atomic_file.hpp"
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
    LoadedGame g = load_game(dir, o.turn);
    std::string empire = o.empire;
    for (char& c : empire)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (!empire.empty() && !g.state.find_empire(empire))
        throw InputError({o.dir, 0, 0}, fmt::format("no empire '{}' in this game", o.empire));
    static const std::map<std::string, std::string> ext = {
        {"text", "txt"}, {"html", "html"}, {"json", "json"}, {"svg", "svg"}};
    if (!ext.count(o.format) || (o.format == "svg" && empire.empty()))
        throw InputError({o.dir, 0, 0}, fmt::format("--format {}: use text, html or json (svg "
                                                    "for an empire's map)",
                                                    o.format));
    // The report as it was written with the turn, if it is there.
    std::filesystem::path file =
        dir.turn_dir(g.state.turn) / "reports" /
        fmt::format("{}.{}", empire.empty() ? "game" : empire, ext.at(o.format));
    if (std::filesystem::exists(file)) {
        std::fputs(read_file(file).c_str(), stdout);
        return kExitOk;
    }
    std::optional<TurnRecord> rec;
    if (g.state.turn > 0) rec = load_turn_record(dir, g.state.turn);
    std::fputs(render_report(g.state, rec ? &*rec : nullptr, g.pack,
                             report_context(dir, g.info, g.state.turn), empire, o.format)
                   .c_str(),
               stdout);
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
