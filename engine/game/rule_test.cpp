#include "game/rule_test.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "game/new_game.hpp"
#include "game/rule_expect.hpp"
#include "game/scenario.hpp"
#include "io/bounded_read.hpp"
#include "io/toml_doc.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "pack/rules_roots.hpp"
#include "report/report_files.hpp"
#include "turn/turn_runner.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// A file of the folder read whole (at most a scenario's size), or an InputError naming it.
std::string read_input(const fs::path& file, std::size_t limit) {
    ReadOutcome read = read_limited(file, limit, "file");
    if (!read.text)
        throw InputError({shown_path(file), 0, 0},
                         read.too_large ? read.problem : "cannot read this file");
    return std::move(*read.text);
}

// The turnsheets of one turn: FOLDER/orders/NNNN/*.txt if that folder exists, else
// FOLDER/orders/*.txt, in name order.
std::vector<fs::path> sheets_of_turn(const fs::path& folder, int turn) {
    fs::path dir = folder / "orders";
    if (fs::is_directory(dir / fmt::format("{:04d}", turn))) dir /= fmt::format("{:04d}", turn);
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(dir, ec))
        if (f.is_regular_file() && f.path().extension() == ".txt") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Makes the game, plays the turns and checks the outcome; throws InputError or ScriptError
// for what stops the test.
std::vector<std::string> play_and_check(const fs::path& folder, const Pack* given) {
    Diagnostics diags;
    const fs::path scenario_file = folder / "scenario.toml";
    const std::string shown = shown_path(scenario_file);
    const std::string text = read_input(scenario_file, kMaxScenarioBytes);
    std::optional<Pack> named;
    if (!given) {
        std::string rules = scenario_rules(text, shown, diags);
        if (diags.has_errors()) throw InputError(diags);
        auto dir =
            find_pack(scenario_pack_spec(rules, scenario_file, rules_roots()), rules_roots());
        if (!dir) throw InputError({shown, 0, 0}, fmt::format("no rules pack '{}'", rules));
        named.emplace(Pack::load(*dir, diags));
        if (diags.has_errors()) throw InputError(diags);
    }
    const Pack& pack = given ? *given : *named;
    Scenario sc = parse_scenario(text, shown, pack, diags);
    if (diags.has_errors()) throw InputError(diags);
    GameState st = create_game(sc, pack, sc.seed.value_or(1));
    Runtime rt(pack, st);
    for (const OrderPackProblem& p : order_pack_problems(rt))
        diags.error({p.chunk, p.line, 0}, p.message);
    const fs::path expected_file = folder / "expected.toml";
    TomlDoc doc = TomlDoc::from_file(expected_file, shown_path(expected_file), diags);
    if (diags.has_errors()) throw InputError(diags);
    TomlView root = doc.root();
    int turns = 1;
    bool end_of_turn = true;
    std::map<std::string, std::string> computer;  // empire -> mode its sheets are written in
    if (auto run = root.table("run")) {
        turns = static_cast<int>(run->integer("turns", false, 0, 1000).value_or(1));
        end_of_turn = run->boolean("end_of_turn").value_or(true);
        if (auto c = run->table("computer"))
            for (const std::string& code : c->keys())
                computer[code] = c->string(code, true).value_or("");
    }
    if (diags.has_errors()) throw InputError(diags);
    std::vector<TurnRecord> records;
    for (int t = 1; t <= turns; ++t) {
        TurnInput in;
        in.end_of_turn = end_of_turn;
        for (const fs::path& f : sheets_of_turn(folder, t)) {
            ReadSheet sheet = read_sheet(rt, read_input(f, kMaxTurnsheetBytes), shown_path(f));
            if (!sheet.ok()) throw InputError(sheet.findings);
            const std::string empire = sheet.header.empire.text;
            if (computer.count(empire)) in.computer[empire] = computer.at(empire);
            in.sheets[empire] = sheet;
        }
        records.push_back(run_turn(rt, in));
    }
    // The reports of the last turn, as the turn's report files give them in text.
    std::map<std::string, std::string> reports;
    auto report_text = [&](const std::string& empire) -> std::string {
        if (!reports.count(empire))
            reports[empire] = render_report(st, &records.back(), pack,
                                            ReportContext{sc.name, sc.gm}, empire, "text");
        return reports.at(empire);
    };
    std::vector<std::string> failures = check_expected(root, st, records, report_text);
    doc.report_unknown_keys();
    if (diags.has_errors()) throw InputError(diags);
    return failures;
}

}  // namespace

RuleTestOutcome run_rule_test(const fs::path& folder, const Pack* pack) {
    RuleTestOutcome out;
    try {
        out.failures = play_and_check(folder, pack);
    } catch (const InputError& e) {
        out.stopped = e.diagnostics().to_string();
    } catch (const ScriptError& e) {
        out.stopped = e.error().format();
    } catch (const std::exception& e) {
        out.stopped = fmt::format("{}: error: {}\n", shown_path(folder), e.what());
    }
    return out;
}

std::vector<fs::path> rule_test_folders(const fs::path& pack_dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(pack_dir / "tests", ec))
        if (entry.is_directory() && fs::is_regular_file(entry.path() / "scenario.toml"))
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace hl
