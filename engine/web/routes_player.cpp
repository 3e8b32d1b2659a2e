// A player's pages: the home page with deadline, status, reports and the turnsheet editor;
// the reports themselves; checking and submitting a sheet.

#include <httplib.h>

#include <filesystem>

#include <fmt/format.h>

#include "game/gm_messages.hpp"
#include "game/order_store.hpp"
#include "game/turnsheet_check.hpp"
#include "host/game_status.hpp"
#include "host/intake.hpp"
#include "host/sheet_text.hpp"
#include "io/atomic_file.hpp"
#include "web/page.hpp"
#include "web/sheet_secret.hpp"
#include "web/sheet_view.hpp"
#include "web/web_app.hpp"

namespace fs = std::filesystem;

namespace hl::web {

namespace {

// The text of a form field, from a urlencoded or a multipart form.
std::string field(const httplib::Request& req, const std::string& name) {
    if (req.has_param(name)) return req.get_param_value(name);
    if (req.has_file(name)) return req.get_file_value(name).content;
    return "";
}

std::string orders_line(const EmpireStatus& e, int turn) {
    switch (e.state) {
        case SheetState::submitted:
            return fmt::format(
                "<span class=\"state-submitted\">Your orders for turn {} are "
                "stored.</span>{}",
                turn,
                e.refused_too ? " A later sheet had errors and was not "
                                "stored: the stored one stands."
                              : "");
        case SheetState::late:
            if (e.after_deadline)
                return fmt::format(
                    "<span class=\"state-late\">Your orders for turn {} are stored; they "
                    "came after the deadline, but the turn has not been run yet.</span>",
                    turn);
            return fmt::format(
                "<span class=\"state-late\">Late orders are stored for turn "
                "{}.</span>",
                turn);
        case SheetState::refused:
            return fmt::format(
                "<span class=\"state-errors\">Your last sheet for turn {} had "
                "errors and was not stored.</span>",
                turn);
        case SheetState::computer:
            return "The computer runs your empire.";
        case SheetState::eliminated:
            return "Your empire has been eliminated.";
        case SheetState::none:
            break;
    }
    return fmt::format("<span class=\"state-errors\">No orders stored for turn {} yet.</span>",
                       turn);
}

}  // namespace

std::string WebApp::player_page(const Game& g, const Session& s, const std::string& sheet_text,
                                const std::string& result_html) {
    GameStatus st = game_status(g.dir);
    const EmpireStatus* me = nullptr;
    for (const EmpireStatus& e : st.empires)
        if (e.code == s.who) me = &e;
    if (!me) throw InputError({g.id, 0, 0}, "your empire is not in this game any more");
    const std::string home = url("/g/" + g.id + "/e/" + s.who + "/");
    std::string nav = "<a href=\"" + esc(home) + "\">" + esc(s.who) + "</a>" +
                      button_form(url("/g/" + g.id + "/signout"), s.csrf, "Sign out");
    std::string b = fmt::format("<h1>{} ({}) <small>in {}</small></h1>\n", esc(me->name),
                                esc(me->code), esc(st.game));
    b += "<div class=\"box\" id=\"status\">\n";
    if (st.ended) {
        b += "<p>The game has ended.</p>\n";
    } else {
        b += "<p id=\"deadline\">" +
             (st.deadline ? fmt::format("Orders for turn {} are due <strong>{}</strong> ({}).",
                                        st.next_turn, esc(format_time(*st.deadline)),
                                        esc(format_relative(*st.deadline, now_utc())))
                          : fmt::format("Orders for turn {}: no deadline set yet.", st.next_turn)) +
             "</p>\n";
        b += "<p id=\"orders\">" + orders_line(*me, st.next_turn) + "</p>\n";
    }
    b += "</div>\n";
    if (!st.announcement.empty()) {
        b += "<h2>Announcement from the GM</h2>\n<div class=\"box\" id=\"announcement\">\n";
        for (const std::string& l : st.announcement)
            b += l.empty() ? std::string("<br>\n") : "<p>" + esc(l) + "</p>\n";
        b += "</div>\n";
    }
    if (!st.gm_messages.empty()) {
        b += "<h2>From the GM</h2>\n<ul id=\"gm-messages\">\n";
        for (const std::string& m : st.gm_messages)
            b += "<li>" + esc(m) + "</li>\n";
        b += "</ul>\n";
    }
    b += result_html;
    if (!st.ended && me->state != SheetState::computer && me->state != SheetState::eliminated) {
        b += fmt::format(
            "<h2>Turnsheet for turn {}</h2>\n<form method=\"post\" action=\"{}\" "
            "enctype=\"multipart/form-data\" id=\"sheet-form\">{}\n"
            "<p><textarea name=\"sheet\" id=\"sheet\" rows=\"22\" spellcheck=\"false\">{}"
            "</textarea></p>\n<p><label>Or upload a file: <input type=\"file\" name=\"upload\" "
            "id=\"upload\" accept=\".txt,text/plain\"></label></p>\n"
            "<p><button type=\"submit\" name=\"do\" value=\"check\" id=\"check\">Check</button> "
            "<button type=\"submit\" name=\"do\" value=\"submit\" id=\"submit\">Check and "
            "submit</button></p>\n</form>\n",
            st.next_turn, esc(home + "check"), csrf_field(s.csrf), esc(sheet_text));
    }
    b += "<h2>Reports</h2>\n<ul id=\"reports\">\n";
    for (int t = st.turn; t >= 0; --t) {
        std::string base = home + "report/" + std::to_string(t);
        std::string game = home + "game/" + std::to_string(t);
        b += fmt::format(
            "<li>Turn {0}: <a href=\"{1}.html\">report</a> (<a href=\"{1}.txt\">"
            "text</a>, <a href=\"{1}.svg\">map</a>), <a href=\"{2}.html\">game "
            "report</a></li>\n",
            t, esc(base), esc(game));
    }
    b += "</ul>\n";
    return page(me->name + " - " + st.game, nav, b);
}

void WebApp::player_home(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, req.matches[2], false);
    if (!s) return;
    // The sheet to edit: the one stored for the next turn, else a blank one.
    auto latest = g->dir.latest_turn().value_or(0);
    std::string text;
    for (bool late : {false, true}) {
        fs::path p = sheet_path(g->dir, latest + 1, s->who, late);
        if (text.empty() && fs::exists(p)) text = read_file(p);
    }
    if (text.empty()) text = blank_sheet(load_game(g->dir), s->who);
    res.set_content(player_page(*g, *s, sheet_without_secret(text), ""),
                    "text/html; charset=utf-8");
}

void WebApp::player_report(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, req.matches[2], false);
    if (!s) return;
    const std::string kind = req.matches[3], ext = req.matches[5];
    int turn = std::stoi(req.matches[4]);
    if (kind == "game" && ext == "svg") return error_page(res, 404, "The game report has no map.");
    fs::path file = g->dir.turn_dir(turn) / "reports" /
                    fmt::format("{}.{}", kind == "game" ? "game" : s->who, ext);
    auto latest = g->dir.latest_turn();
    if (!latest || turn > *latest || !fs::exists(file))
        return error_page(res, 404, fmt::format("There is no such report for turn {}.", turn));
    std::string text = read_file(file);
    if (ext == "html") {
        // A way back to the player's page at the top of the stored report.
        std::string back = "<p><a href=\"" + esc(url("/g/" + g->id + "/e/" + s->who + "/")) +
                           "\">&larr; Back to your page</a></p>\n";
        auto body = text.find("<body>");
        if (body != std::string::npos) text.insert(body + 6, "\n" + back);
        res.set_content(text, "text/html; charset=utf-8");
    } else if (ext == "svg") {
        res.set_content(text, "image/svg+xml");
    } else {
        res.set_content(text, "text/plain; charset=utf-8");
    }
}

void WebApp::player_sheet(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, req.matches[2], false);
    if (!s) return;
    int next = g->dir.latest_turn().value_or(0) + 1;
    for (bool late : {false, true}) {
        fs::path p = sheet_path(g->dir, next, s->who, late);
        if (fs::exists(p))
            return res.set_content(sheet_without_secret(read_file(p)), "text/plain; charset=utf-8");
    }
    error_page(res, 404, fmt::format("No orders are stored for turn {}.", next));
}

void WebApp::player_check(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = require(req, res, *g, req.matches[2], true);
    if (!s) return;
    std::string text = field(req, "upload");
    if (text.empty()) text = field(req, "sheet");
    // Pages never show the secret, so a sheet from them has none: the session's is filled in
    // (a sheet that gives a secret, right or wrong, keeps it).
    text = sheet_with_secret(normalize_sheet_text(text), secret_of(*g, s->who));
    const bool store = field(req, "do") == "submit";
    IntakeOptions o;
    o.store = store;
    o.only_empire = s->who;
    o.wait = opts_.lock_wait;
    o.permits = &permits_;
    o.hide_unknown = true;
    Intake in = receive_sheet(g->dir, text, "sheet", o);
    const std::string shown = sheet_without_secret(text);
    int errors = in.check.findings.error_count();
    int warnings = static_cast<int>(in.check.findings.all().size()) - errors;
    std::string r = "<h2>Checked</h2>\n<div class=\"box\" id=\"result\">\n";
    if (in.stored)
        r += fmt::format("<p class=\"ok\" id=\"stored\">Stored: your {} for turn {}{}.</p>\n",
                         in.check.late ? "late orders" : "orders", in.check.next_turn,
                         in.replaced ? " (replacing the sheet stored before)" : "");
    else if (!in.check.ok())
        r += fmt::format("<p class=\"error\" id=\"refused\">{} error(s), {} warning(s): {}.</p>\n",
                         errors, warnings,
                         store ? "not stored; fix the lines marked below and send it again"
                               : "fix the lines marked below");
    else
        r += fmt::format(
            "<p class=\"ok\" id=\"checked\">No errors, {} warning(s). Not stored "
            "yet.</p>\n<form method=\"post\" action=\"{}\" "
            "enctype=\"multipart/form-data\">{}<textarea name=\"sheet\" hidden>{}"
            "</textarea><button type=\"submit\" name=\"do\" value=\"submit\" "
            "id=\"submit-checked\">Submit these orders</button></form>\n",
            warnings, esc(url("/g/" + g->id + "/e/" + s->who + "/check")), csrf_field(s->csrf),
            esc(shown));
    r += sheet_view_html(shown, in.check.findings) + "</div>\n";
    if (!in.check.ok()) res.status = 422;
    res.set_content(player_page(*g, *s, shown, r), "text/html; charset=utf-8");
}

}  // namespace hl::web
