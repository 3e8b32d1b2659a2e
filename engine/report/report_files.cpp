#include "report/report_files.hpp"

#include <stdexcept>

#include "lua/pack_reports.hpp"
#include "report/document_html.hpp"
#include "report/document_json.hpp"
#include "report/document_text.hpp"
#include "report/map_svg.hpp"

namespace hl {

namespace {

ReportFacts facts_of(const ReportContext& ctx, const nlohmann::ordered_json* record) {
    return ReportFacts{ctx.game_name, ctx.gm, ctx.gm_address, ctx.gm_messages, record};
}

// The pack's document, checked; errors name the report.
Document checked(const nlohmann::ordered_json& j, const std::string& which) {
    try {
        return document_from_json(j);
    } catch (const DocumentError& e) {
        throw std::runtime_error("report.lua built a bad document for " + which + ": " + e.what() +
                                 " (docs/report.md)");
    }
}

void add_files(std::map<std::string, std::string>& out, const std::string& name,
               const Document& doc) {
    out["reports/" + name + ".json"] = document_to_json(doc).dump(1) + "\n";
    out["reports/" + name + ".txt"] = document_text(doc);
    out["reports/" + name + ".html"] = document_html(doc);
    if (const DocMap* m = first_map(doc)) out["reports/" + name + ".svg"] = map_svg(*m);
}

// The documents of `empires` in order (by code), then the game report's (named "game") if
// `game`: the pack's where report.lua has the hook, else the engine's defaults.
std::vector<std::pair<std::string, Document>> documents(Runtime& rt, const TurnRecord* record,
                                                        const ReportContext& ctx,
                                                        const std::vector<std::string>& empires,
                                                        bool game) {
    const bool pack_empire = rt.has_function("report", "empire");
    const bool pack_game = game && rt.has_function("report", "game");
    nlohmann::ordered_json rec;
    if (record && (pack_empire || pack_game)) rec = turn_record_to_json(*record);
    PackDocuments docs;
    if (pack_empire || pack_game)
        docs = build_pack_documents(rt, facts_of(ctx, record ? &rec : nullptr),
                                    pack_empire ? empires : std::vector<std::string>{}, pack_game);
    std::vector<std::pair<std::string, Document>> out;
    for (std::size_t i = 0; i < empires.size(); ++i)
        out.emplace_back(
            empires[i], pack_empire ? checked(docs.empires[i].second, "empire " + empires[i])
                                    : default_empire_document(rt.state(), record, ctx, empires[i]));
    if (game)
        out.emplace_back("game", pack_game ? checked(docs.game, "the game")
                                           : default_game_document(rt.state(), record, ctx));
    return out;
}

}  // namespace

std::map<std::string, std::string> report_files(Runtime& rt, const TurnRecord* record,
                                                const ReportContext& ctx) {
    std::map<std::string, std::string> out;
    for (const auto& [name, doc] : documents(rt, record, ctx, rt.state().empire_codes(), true))
        add_files(out, name, doc);
    return out;
}

std::map<std::string, std::string> report_files(const GameState& state, const TurnRecord* record,
                                                const Pack& pack, const ReportContext& ctx) {
    Runtime rt(pack, state);
    return report_files(rt, record, ctx);
}

std::string render_report(const GameState& state, const TurnRecord* record, const Pack& pack,
                          const ReportContext& ctx, const std::string& empire,
                          const std::string& format) {
    if (format != "text" && format != "html" && format != "json" && format != "svg")
        throw std::invalid_argument("unknown report format '" + format +
                                    "' (text, html, json, svg)");
    Runtime rt(pack, state);
    std::vector<std::string> empires;
    if (!empire.empty()) empires.push_back(empire);
    Document doc = documents(rt, record, ctx, empires, empire.empty()).front().second;
    if (format == "json") return document_to_json(doc).dump(1) + "\n";
    if (format == "html") return document_html(doc);
    if (format == "text") return document_text(doc);
    const DocMap* m = first_map(doc);
    if (!m) throw std::invalid_argument("this report has no map to give as svg");
    return map_svg(*m);
}

}  // namespace hl
