#include "sim/sim_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sim/sim_compare.hpp"

namespace hl {

namespace {

// "48.20 [47.10, 49.30]", or "23.0% [14.6%, 31.4%]" for shares.
std::string show(const Estimate& e, bool share) {
    double k = share ? 100.0 : 1.0;
    const char* pct = share ? "%" : "";
    int digits = share ? 1 : 2;
    if (!e.has_interval()) return fmt::format("{:.{}f}{}", e.mean * k, digits, pct);
    return fmt::format("{:.{}f}{} [{:.{}f}{}, {:.{}f}{}]", e.mean * k, digits, pct, e.lo * k,
                       digits, pct, e.hi * k, digits, pct);
}

bool excludes_zero(const Estimate& e) {
    return e.has_interval() && (e.lo > 0 || e.hi < 0);
}

// A share's interval cut to 0..1 (Student's t can reach past either end for rare events).
Estimate clamp_share(Estimate e, bool share) {
    if (share) {
        e.lo = std::max(0.0, e.lo);
        e.hi = std::min(1.0, e.hi);
    }
    return e;
}

}  // namespace

std::string render_run_summary(const SimRun& run) {
    std::string out =
        fmt::format("{} ({} games; 95% confidence intervals)\n", run.pack, run.games.size());
    for (const SimMetric& m : sim_metrics(run.games, run.columns))
        out += fmt::format("  {:<22} {}\n", m.name,
                           show(clamp_share(estimate_mean(m.values), m.share), m.share));
    return out;
}

std::string render_comparison(const SimRun& a, const SimRun& b) {
    std::string out = fmt::format(
        "{} (A) against {} (B), the same {} seeds; means with 95% confidence intervals\n", a.pack,
        b.pack, a.games.size());
    out += fmt::format("  {:<22} {:<28} {:<28} {}\n", "", "A", "B", "B - A");
    for (const SimComparison& c : compare_runs(a.games, b.games, a.columns))
        out += fmt::format("  {:<22} {:<28} {:<28} {}{}\n", c.name,
                           show(clamp_share(c.a, c.share), c.share),
                           show(clamp_share(c.b, c.share), c.share), show(c.diff, c.share),
                           excludes_zero(c.diff) ? " *" : "");
    out += "  (* the interval of the difference leaves out 0)\n";
    return out;
}

std::string render_mode_table(const std::vector<SimGame>& games,
                              const std::vector<std::string>& modes, const SimColumns& columns) {
    std::vector<ModeStats> stats = mode_stats(games, modes);
    std::string out = "Computer players (95% confidence intervals)\n";
    out += fmt::format("  {:<10} {:>8} {:<30} {:<24} {}\n", "player", "empires",
                       "final " + columns.score_label, columns.owned_label, "led the game");
    for (const ModeStats& m : stats)
        out += fmt::format("  {:<10} {:>8} {:<30} {:<24} {:.1f}%\n", m.mode, m.empires,
                           show(m.score, false), show(m.owned, false), m.top_share * 100);
    for (std::size_t i = 0; i < stats.size(); ++i)
        for (std::size_t j = i + 1; j < stats.size(); ++j) {
            const std::string &a = stats[i].mode, &b = stats[j].mode;
            out += fmt::format(
                "  {} against {}: more {} in {:.1f}% of pairings; {} per game {} "
                "{}{}\n",
                a, b, columns.score_label, beat_share(games, a, b) * 100, columns.score_label, a,
                fmt::format("- {}: {}", b, show(mode_difference(games, a, b), false)),
                excludes_zero(mode_difference(games, a, b)) ? " *" : "");
        }
    return out;
}

}  // namespace hl
