#include "report/report_files.hpp"

#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

#include "lua/pack_reports.hpp"
#include "lua/shared_calls.hpp"
#include "report/document_html.hpp"
#include "report/document_json.hpp"
#include "report/document_text.hpp"
#include "report/map_svg.hpp"

namespace hl {

namespace {

ReportFacts facts_of(const ReportContext& ctx, const TurnRecord* record) {
    return ReportFacts{ctx.game_name, ctx.gm, ctx.gm_address, ctx.gm_messages, record};
}

// The pack's document, checked; errors name the report.
Document checked(const ValueTree& tree, const std::string& which) {
    try {
        return document_from_tree(tree);
    } catch (const DocumentError& e) {
        throw std::runtime_error("report.lua built a bad document for " + which + ": " + e.what() +
                                 " (docs/report.md)");
    }
}

// The files of one report by path: .json, .txt, .html and, with a map, .svg (drawn once for
// the .svg file and the page).
using ReportFiles = std::vector<std::pair<std::string, std::string>>;

ReportFiles files_of(const std::string& name, const Document& doc) {
    ReportFiles out;
    out.emplace_back("reports/" + name + ".json", document_json_text(doc));
    out.emplace_back("reports/" + name + ".txt", document_text(doc));
    if (const DocMap* m = first_map(doc)) {
        std::string svg = map_svg(*m);
        out.emplace_back("reports/" + name + ".html", document_html(doc, svg));
        out.emplace_back("reports/" + name + ".svg", std::move(svg));
    } else {
        out.emplace_back("reports/" + name + ".html", document_html(doc));
    }
    return out;
}

// The documents of `empires` in order (by code), then the game report's (named "game") if
// `game`: the pack's where report.lua has the hook, else the engine's defaults.
std::vector<std::pair<std::string, Document>> documents(Runtime& rt, const TurnRecord* record,
                                                        const ReportContext& ctx,
                                                        const std::vector<std::string>& empires,
                                                        bool game) {
    const bool pack_empire = rt.has_function("report", "empire");
    const bool pack_game = game && rt.has_function("report", "game");
    PackDocuments docs;
    if (pack_empire || pack_game)
        docs = build_pack_documents(rt, facts_of(ctx, record),
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

void write_report_files(Runtime& rt, const TurnRecord* record, const ReportContext& ctx,
                        const ReportFileSink& write, SideRuntime* side,
                        const std::function<void()>& beside) {
    const std::vector<std::string> empires = rt.state().empire_codes();
    const bool pack_empire = rt.has_function("report", "empire");
    const bool pack_game = rt.has_function("report", "game");
    const ReportFacts facts = facts_of(ctx, record);
    // The pack's reports, the empires' in code order and then the game's: each is built, checked
    // and rendered by one of two Lua states on two threads (share_calls), taking the next as
    // they finish one.
    std::vector<std::string> names;
    if (pack_empire) names = empires;
    if (pack_game) names.emplace_back();
    // A pack call that fails beats a bad document (as when the calls all came first), and
    // either is reported for the first report in order that has one.
    std::vector<std::exception_ptr> bad(names.size());
    // `beside`, if any, is job 0, taken first (by the caller's runtime, which starts first) while
    // the other runtime starts on the reports; report r is job r + first.
    const std::size_t first = beside ? 1 : 0;
    const SharedJobMaker make = [&](Runtime& on) -> SharedJob {
        auto calls = std::make_shared<PackReportCalls>(on, facts);
        return [&, calls](Runtime&, std::size_t i) {
            if (i < first) return beside();
            const std::size_t r = i - first;
            const std::string& e = names[r];
            const ValueTree tree = e.empty() ? calls->game() : calls->empire(e);
            std::optional<Document> doc;
            try {
                doc = checked(tree, e.empty() ? "the game" : "empire " + e);
            } catch (...) {
                bad[r] = std::current_exception();
                return;
            }
            for (auto& [path, text] : files_of(e.empty() ? "game" : e, *doc))
                write(path, std::move(text));
        };
    };
    const std::size_t jobs = first + names.size();
    const std::vector<std::exception_ptr> failed =
        side ? side->share(rt, jobs, make) : share_calls(rt, jobs, make);
    for (std::size_t i = first; i < jobs; ++i)
        if (failed[i]) std::rethrow_exception(failed[i]);
    for (const std::exception_ptr& b : bad)
        if (b) std::rethrow_exception(b);
    if (first && failed[0]) std::rethrow_exception(failed[0]);
    auto write_all = [&](ReportFiles&& files) {
        for (auto& [path, text] : files)
            write(path, std::move(text));
    };
    if (!pack_empire)
        for (const std::string& e : empires)
            write_all(files_of(e, default_empire_document(rt.state(), record, ctx, e)));
    if (!pack_game) write_all(files_of("game", default_game_document(rt.state(), record, ctx)));
}

std::map<std::string, std::string> report_files(Runtime& rt, const TurnRecord* record,
                                                const ReportContext& ctx) {
    std::map<std::string, std::string> out;
    std::mutex mutex;
    write_report_files(rt, record, ctx, [&](const std::string& path, std::string&& text) {
        std::lock_guard<std::mutex> lock(mutex);
        out[path] = std::move(text);
    });
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
    if (format == "json") return document_json_text(doc);
    if (format == "html") return document_html(doc);
    if (format == "text") return document_text(doc);
    const DocMap* m = first_map(doc);
    if (!m) throw std::invalid_argument("this report has no map to give as svg");
    return map_svg(*m);
}

}  // namespace hl
