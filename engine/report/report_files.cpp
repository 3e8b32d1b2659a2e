#include "report/report_files.hpp"

#include <stdexcept>

#include "report/map_render.hpp"
#include "report/report_render.hpp"

namespace hl {

std::map<std::string, std::string> report_files(const GameState& st, const TurnRecord* rec,
                                                const Pack& pack, const ReportContext& ctx) {
    std::map<std::string, std::string> out;
    for (const Empire& e : st.empires) {
        auto r = empire_report(st, rec, pack, ctx, e.code);
        out["reports/" + e.code + ".json"] = r.dump(1) + "\n";
        out["reports/" + e.code + ".txt"] = render_empire_text(r);
        out["reports/" + e.code + ".html"] = render_empire_html(r);
        out["reports/" + e.code + ".svg"] = render_map_svg(r);
    }
    auto g = game_report(st, rec, pack, ctx);
    out["reports/game.json"] = g.dump(1) + "\n";
    out["reports/game.txt"] = render_game_text(g);
    out["reports/game.html"] = render_game_html(g);
    return out;
}

std::string render_report(const GameState& st, const TurnRecord* rec, const Pack& pack,
                          const ReportContext& ctx, const std::string& empire,
                          const std::string& format) {
    auto r = empire.empty() ? game_report(st, rec, pack, ctx)
                            : empire_report(st, rec, pack, ctx, empire);
    if (format == "json") return r.dump(1) + "\n";
    if (format == "html") return empire.empty() ? render_game_html(r) : render_empire_html(r);
    if (format == "text") return empire.empty() ? render_game_text(r) : render_empire_text(r);
    if (format == "svg" && !empire.empty()) return render_map_svg(r);
    throw std::invalid_argument("unknown report format '" + format + "' (text, html, json, svg)");
}

}  // namespace hl
