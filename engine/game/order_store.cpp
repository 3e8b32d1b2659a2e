#include "game/order_store.hpp"

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/bounded_read.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

constexpr std::string_view kLateSuffix = ".late.txt";
constexpr std::string_view kSuffix = ".txt";

// The empire code of a sheet file name and whether it is late; empty code if the name is
// neither EMP.txt nor EMP.late.txt with EMP an empire code.
std::pair<std::string, bool> classify(const std::string& name, const EmpireCodeFormat& codes) {
    auto is_empire_code = [&](const std::string& s) { return !codes.problem(s); };
    auto ends = [&](std::string_view suffix) {
        return name.size() > suffix.size() &&
               name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (ends(kLateSuffix)) {
        std::string code = name.substr(0, name.size() - kLateSuffix.size());
        if (is_empire_code(code)) return {code, true};
    } else if (ends(kSuffix)) {
        std::string code = name.substr(0, name.size() - kSuffix.size());
        if (is_empire_code(code)) return {code, false};
    }
    return {"", false};
}

}  // namespace

fs::path sheet_path(const GameDir& dir, int turn, const std::string& empire, bool late) {
    return dir.orders_dir(turn) / (empire + std::string(late ? kLateSuffix : kSuffix));
}

fs::path store_sheet(const GameDir& dir, int turn, const std::string& empire, bool late,
                     std::string_view text) {
    fs::path path = sheet_path(dir, turn, empire, late);
    write_file_atomic_below(dir.dir(), path, text);
    sync_dir(path.parent_path());
    return path;
}

void remove_unfinished_sheets(const GameDir& dir, int turn) {
    std::error_code ec;
    std::vector<fs::path> doomed;
    for (const auto& entry : fs::directory_iterator(dir.orders_dir(turn), ec))
        if (entry.is_regular_file() && is_unfinished_write(entry.path()))
            doomed.push_back(entry.path());
    for (const fs::path& p : doomed)
        fs::remove(p, ec);
}

std::map<std::string, LoadedSheet> load_orders_for_turn(const GameDir& dir, int turn, Runtime& rt) {
    const EmpireCodeFormat& codes = rt.pack().schema()->empire_codes;
    std::map<std::string, std::map<bool, fs::path>> found;  // empire -> late? -> file
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir.orders_dir(turn), ec)) {
        if (!entry.is_regular_file()) continue;
        auto [code, late] = classify(entry.path().filename().string(), codes);
        if (!code.empty()) found[code][late] = entry.path();
    }
    const SheetLimits limits;
    std::map<std::string, LoadedSheet> out;
    for (const auto& [code, files] : found) {
        bool late = !files.count(false);
        LoadedSheet ls;
        ls.late = late;
        ls.file = files.at(late);
        std::string shown = ls.file.generic_string();
        ReadOutcome read = read_limited(ls.file, limits.max_bytes, "turnsheet");
        if (!read.text) {
            ls.problems.error({shown, 0, 0},
                              read.too_large ? read.problem : "cannot read this turnsheet");
            out.emplace(code, std::move(ls));
            continue;
        }
        ls.sheet = read_sheet(rt, *read.text, shown, limits);
        ls.problems = ls.sheet.findings;
        const HeaderItem& e = ls.sheet.header.empire;
        if (e.given && e.text != code)
            ls.problems.error(e.at(shown),
                              fmt::format("{}{}: this file holds the orders of {}",
                                          e.label.empty() ? "" : e.label + " ", e.text, code));
        // Orders for turn N are written for N; late orders for N only for N - 1 (RULINGS.md
        // "Missed and late orders").
        const HeaderItem& t = ls.sheet.header.turn;
        const int written_for = late ? turn - 1 : turn;
        const std::string label = t.label.empty() ? "" : t.label + " ";
        if (t.given && t.value != written_for)
            ls.problems.error(
                t.at(shown),
                late ? fmt::format("{}{}: late orders for turn {} must be written for turn {}",
                                   label, t.value, turn, written_for)
                     : fmt::format("{}{}: this file holds orders for turn {}", label, t.value,
                                   turn));
        out.emplace(code, std::move(ls));
    }
    return out;
}

}  // namespace hl
