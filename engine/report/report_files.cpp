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

}  // namespace

std::map<std::string, std::string> report_files(Runtime& rt, const TurnRecord* record,
                                                const ReportContext& ctx) {
    nlohmann::ordered_json rec;
    if (record) rec = turn_record_to_json(*record);
    PackDocuments docs = build_pack_documents(rt, facts_of(ctx, record ? &rec : nullptr),
                                              rt.state().empire_codes(), true);
    std::map<std::string, std::string> out;
    for (const auto& [code, j] : docs.empires)
        add_files(out, code, checked(j, "empire " + code));
    add_files(out, "game", checked(docs.game, "the game"));
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
    nlohmann::ordered_json rec;
    if (record) rec = turn_record_to_json(*record);
    std::vector<std::string> empires;
    if (!empire.empty()) empires.push_back(empire);
    PackDocuments docs =
        build_pack_documents(rt, facts_of(ctx, record ? &rec : nullptr), empires, empire.empty());
    Document doc = empire.empty() ? checked(docs.game, "the game")
                                  : checked(docs.empires.front().second, "empire " + empire);
    if (format == "json") return document_to_json(doc).dump(1) + "\n";
    if (format == "html") return document_html(doc);
    if (format == "text") return document_text(doc);
    const DocMap* m = first_map(doc);
    if (!m) throw std::invalid_argument("this report has no map to give as svg");
    return map_svg(*m);
}

}  // namespace hl
