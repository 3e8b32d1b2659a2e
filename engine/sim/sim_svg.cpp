#include "sim/sim_svg.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace hl {

ScoreCurve score_curve(const std::vector<SimGame>& games, int turns) {
    ScoreCurve c;
    c.leader.assign(static_cast<std::size_t>(std::max(0, turns)), 0.0);
    c.mean.assign(c.leader.size(), 0.0);
    if (games.empty()) return c;
    for (const SimGame& g : games) {
        for (std::size_t t = 0; t < c.leader.size(); ++t) {
            if (g.leader_score.empty()) break;
            std::size_t i = std::min(t, g.leader_score.size() - 1);
            c.leader[t] += static_cast<double>(g.leader_score[i]);
            c.mean[t] += g.mean_score[i];
        }
    }
    for (std::size_t t = 0; t < c.leader.size(); ++t) {
        c.leader[t] /= static_cast<double>(games.size());
        c.mean[t] /= static_cast<double>(games.size());
    }
    return c;
}

namespace {

std::string xml(const std::string& s) {
    std::string out;
    for (char ch : s) {
        switch (ch) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += ch;
        }
    }
    return out;
}

// A round number at least v for the top of the axis, and the step between gridlines.
void axis(double v, double& top, double& step) {
    if (v <= 0) v = 1;
    double raw = v / 5;
    double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double unit = raw / mag <= 1 ? 1 : raw / mag <= 2 ? 2 : raw / mag <= 5 ? 5 : 10;
    step = unit * mag;
    top = std::ceil(v / step) * step;
}

}  // namespace

std::string score_chart_svg(const std::vector<SimRun>& runs, const std::string& title) {
    const double W = 760, H = 440, L = 80, R = 24, T = 48, B = 56;
    const double pw = W - L - R, ph = H - T - B;
    int turns = 1;
    for (const SimRun& r : runs)
        for (const SimGame& g : r.games)
            turns = std::max(turns, static_cast<int>(g.leader_score.size()));
    std::vector<ScoreCurve> curves;
    double most = 0;
    for (const SimRun& r : runs) {
        curves.push_back(score_curve(r.games, turns));
        for (double v : curves.back().leader)
            most = std::max(most, v);
    }
    double top = 1, step = 1;
    axis(most, top, step);
    auto x = [&](double turn) { return L + pw * turn / turns; };
    auto y = [&](double score) { return T + ph - ph * std::max(0.0, score) / top; };
    const std::string label = runs.empty() ? "score" : xml(runs.front().columns.score_label);

    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
        "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
        "<text x=\"{2}\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">{3}</text>\n",
        W, H, W / 2, xml(title));
    for (double v = 0; v <= top + step / 2; v += step) {
        s += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>\n"
            "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
            L, y(v), L + pw, L - 6, y(v) + 4, static_cast<long long>(v));
    }
    int tstep = turns <= 10 ? 1 : turns <= 25 ? 5 : turns <= 100 ? 10 : 50;
    for (int t = 0; t <= turns; t += tstep)
        s += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#999\"/>\n"
            "<text x=\"{0:.1f}\" y=\"{3:.1f}\" text-anchor=\"middle\">{4}</text>\n",
            x(t), T + ph, T + ph + 5, T + ph + 20, t);
    s += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\n"
        "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"black\"/>\n"
        "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">turn</text>\n"
        "<text x=\"18\" y=\"{6}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {6})\">"
        "{7}</text>\n",
        L, T, T + ph, L + pw, L + pw / 2, H - 12, T + ph / 2, label);
    static const char* colours[] = {"#1f63b4", "#c8322b", "#2f8f3a", "#8a4fb0"};
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const char* colour = colours[i % 4];
        for (int which = 0; which < 2; ++which) {
            const std::vector<double>& v = which == 0 ? curves[i].leader : curves[i].mean;
            std::string pts = fmt::format("{:.1f},{:.1f}", x(0), y(0));
            for (std::size_t t = 0; t < v.size(); ++t)
                pts += fmt::format(" {:.1f},{:.1f}", x(static_cast<double>(t + 1)), y(v[t]));
            s += fmt::format(
                "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{} points=\"{}\"/>\n",
                colour, which == 0 ? "" : " stroke-dasharray=\"6 4\"", pts);
        }
        double ly = T + 14 + 36.0 * static_cast<double>(i);
        s += fmt::format(
            "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
            "stroke-width=\"2\"/>\n"
            "<text x=\"{4}\" y=\"{5:.1f}\">{6}: leader's {9}</text>\n"
            "<line x1=\"{0}\" y1=\"{7:.1f}\" x2=\"{2}\" y2=\"{7:.1f}\" stroke=\"{3}\" "
            "stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
            "<text x=\"{4}\" y=\"{8:.1f}\">{6}: mean {9}</text>\n",
            L + 12, ly, L + 40, colour, L + 46, ly + 4, xml(runs[i].pack), ly + 16, ly + 20, label);
    }
    s += "</svg>\n";
    return s;
}

}  // namespace hl
