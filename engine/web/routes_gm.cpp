// The GM's pages: the status table, GM messages for the next turn, the deadline, and the
// game reports.

#include <httplib.h>

#include <filesystem>

#include <fmt/format.h>

#include "game/gm_messages.hpp"
#include "host/deadlines.hpp"
#include "host/game_lock_wait.hpp"
#include "host/game_status.hpp"
#include "io/atomic_file.hpp"
#include "web/page.hpp"
#include "web/web_app.hpp"

namespace fs = std::filesystem;

namespace hl::web {

std::string WebApp::gm_page(const Game& g, const Session& s, const std::string& notice) {
    GameStatus st = game_status(g.dir);
    const std::string home = url("/g/" + g.id + "/gm/");
    std::string nav = "<a href=\"" + esc(home) + "\">GM</a>" +
                      button_form(url("/g/" + g.id + "/signout"), s.csrf, "Sign out");
    std::string b = "<h1>" + esc(st.game) + " <small>GM</small></h1>\n";
    if (!notice.empty()) b += "<p class=\"box\" id=\"notice\">" + notice + "</p>\n";
    b += "<div class=\"box\"><p id=\"deadline\">" +
         (st.ended ? std::string("The game has ended.")
          : st.deadline
              ? fmt::format("Turn {} played. Orders for turn {} are due <strong>{}</strong> ({}).",
                            st.turn, st.next_turn, esc(format_time(*st.deadline)),
                            esc(format_relative(*st.deadline, now_utc())))
              : fmt::format("Turn {} played. Orders for turn {}: no deadline set.", st.turn,
                            st.next_turn)) +
         "</p></div>\n";
    b += "<h2>Orders for turn " + std::to_string(st.next_turn) +
         "</h2>\n<table id=\"status\">\n<tr><th>Empire</th><th>Name</th><th>Player</th>"
         "<th>Mail</th><th>Orders</th><th>Missed</th></tr>\n";
    for (const EmpireStatus& e : st.empires) {
        std::string state = sheet_state_text(e.state);
        b += fmt::format(
            "<tr id=\"emp-{0}\"><td>{0}</td><td>{1}</td><td>{2}</td><td>{3}</td>"
            "<td class=\"state-{4}\">{5}</td><td>{6}</td></tr>\n",
            esc(e.code), esc(e.name), esc(e.player), esc(e.email),
            state == "errors" ? "errors" : esc(state),
            esc(state + (e.refused_too ? " (a later sheet was refused)" : "")), e.missed_turns);
    }
    b += "</table>\n";
    if (!st.announcement.empty()) {
        b += "<h2>Announcement to every player</h2>\n<div class=\"box\" id=\"announcement\">\n";
        for (const std::string& l : st.announcement)
            b += l.empty() ? std::string("<br>\n") : "<p>" + esc(l) + "</p>\n";
        b += "<p><small>hyperlane gm GAME --announce-remove removes it.</small></p>\n</div>\n";
    }
    b += "<h2>GM's messages for turn " + std::to_string(st.next_turn) + "</h2>\n";
    b += "<p>Shown in every report of the turn.</p>\n<ul id=\"gm-messages\">\n";
    for (const std::string& m : st.gm_messages)
        b += "<li>" + esc(m) + "</li>\n";
    b += "</ul>\n";
    b += fmt::format(
        "<form method=\"post\" action=\"{}\">{}<input type=\"text\" name=\"text\" "
        "id=\"gm-text\" size=\"60\" maxlength=\"{}\" required> <button "
        "type=\"submit\" id=\"gm-post\">Post</button></form>\n",
        esc(url("/g/" + g.id + "/gm/message")), csrf_field(s.csrf), kGmMessageMaxLength);
    b += fmt::format(
        "<h2>Deadline</h2>\n<form method=\"post\" action=\"{}\">{}<label>Orders for turn {} due "
        "<input type=\"text\" name=\"at\" id=\"deadline-at\" placeholder=\"2026-12-01 18:00 UTC\" "
        "value=\"{}\"></label> <button type=\"submit\" id=\"deadline-set\">Set</button></form>\n",
        esc(url("/g/" + g.id + "/gm/deadline")), csrf_field(s.csrf), st.next_turn,
        st.deadline ? esc(format_time(*st.deadline)) : "");
    b += "<h2>Game reports</h2>\n<ul id=\"reports\">\n";
    for (int t = st.turn; t >= 0; --t)
        b += fmt::format(
            "<li>Turn {0}: <a href=\"{1}report/{0}.html\">game report</a> (<a "
            "href=\"{1}report/{0}.txt\">text</a>)</li>\n",
            t, esc(home));
    b += "</ul>\n";
    return page("GM - " + st.game, nav, b);
}

void WebApp::gm_home(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, "GM", false);
    if (!s) return;
    res.set_content(gm_page(*g, *s, ""), "text/html; charset=utf-8");
}

void WebApp::gm_report(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, "GM", false);
    if (!s) return;
    int turn = std::stoi(req.matches[2]);
    fs::path file = g->dir.turn_dir(turn) / "reports" / ("game." + std::string(req.matches[3]));
    if (!fs::exists(file)) return error_page(res, 404, "There is no such report.");
    res.set_content(read_file(file), req.matches[3] == "html" ? "text/html; charset=utf-8"
                                                              : "text/plain; charset=utf-8");
}

void WebApp::gm_message(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, "GM", true);
    if (!s) return;
    std::string text = req.get_param_value("text");
    std::string notice;
    if (std::string why = check_gm_message(text); !why.empty()) {
        res.status = 422;
        notice = "<span class=\"error\">Not posted: " + esc(why) + "</span>";
    } else {
        WaitingGameLock lock(g->dir, opts_.lock_wait, &permits_);
        int next = g->dir.latest_turn().value_or(0) + 1;
        add_gm_message(g->dir, next, text);
        notice = fmt::format("<span class=\"ok\">Posted for turn {}.</span>", next);
    }
    res.set_content(gm_page(*g, *s, notice), "text/html; charset=utf-8");
}

void WebApp::gm_deadline(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, "GM", true);
    if (!s) return;
    std::string at = req.get_param_value("at");
    auto when = parse_time(at);
    std::string notice;
    if (!when) {
        res.status = 422;
        notice = "<span class=\"error\">Not set: '" + esc(at) +
                 "' is not a time such as 2026-12-01 18:00 UTC.</span>";
    } else {
        WaitingGameLock lock(g->dir, opts_.lock_wait, &permits_);
        int next = g->dir.latest_turn().value_or(0) + 1;
        Deadlines d = read_deadlines(g->dir);
        d.due[next] = *when;
        write_deadlines(g->dir, d);
        notice = fmt::format("<span class=\"ok\">Turn {} is due {}.</span>", next,
                             esc(format_time(*when)));
    }
    res.set_content(gm_page(*g, *s, notice), "text/html; charset=utf-8");
}

}  // namespace hl::web
