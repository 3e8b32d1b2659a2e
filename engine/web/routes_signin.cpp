// The pages anyone may see: the list of games, signing in and out.

#include <httplib.h>

#include <fmt/format.h>

#include "host/game_status.hpp"
#include "web/access_log.hpp"
#include "web/page.hpp"
#include "web/random_token.hpp"
#include "web/web_app.hpp"

namespace hl::web {

namespace {

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string signin_body(const std::string& action, const std::string& game_name,
                        const std::string& csrf, const std::string& message) {
    std::string o = "<h1>" + esc(game_name) + "</h1>\n";
    if (!message.empty()) o += "<p class=\"error\" id=\"message\">" + esc(message) + "</p>\n";
    o += "<form method=\"post\" action=\"" + esc(action) + "\" class=\"box\">" + csrf_field(csrf) +
         "\n<p><label>Empire code (or GM)<br><input type=\"text\" name=\"empire\" id=\"empire\" "
         "maxlength=\"16\" autocomplete=\"username\" required></label></p>\n"
         "<p><label>Secret<br><input type=\"password\" name=\"secret\" id=\"secret\" "
         "maxlength=\"64\" autocomplete=\"current-password\" required></label></p>\n"
         "<p><button type=\"submit\" id=\"signin\">Sign in</button></p>\n</form>\n"
         "<p>Your GM gives you your empire code and secret.</p>\n";
    return o;
}

}  // namespace

void WebApp::index(const httplib::Request&, httplib::Response& res) {
    std::string body = "<h1>Hyperlane games</h1>\n<ul>\n";
    for (const Game& g : *games()) {
        std::string name = g.id;
        try {
            name = read_game_info(g.dir).name;
        } catch (const InputError&) {
        }
        body += "<li><a href=\"" + esc(url("/g/" + g.id + "/")) + "\">" + esc(name) + "</a> (" +
                esc(g.id) + ")</li>\n";
    }
    res.set_content(page("Hyperlane games", "", body + "</ul>\n"), "text/html; charset=utf-8");
}

void WebApp::signin_form(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = signed_in(req, *g);
    if (s && s->game == g->id) {
        res.set_redirect(url("/g/" + g->id + (s->who == "GM" ? "/gm/" : "/e/" + s->who + "/")),
                         303);
        return;
    }
    if (!s) {
        s = sessions_.create();
        set_cookie(res, s->id);
    }
    GameInfo info = read_game_info(g->dir);
    res.set_content(page("Sign in: " + info.name, "<a href=\"" + esc(url("/")) + "\">Games</a>",
                         signin_body(url("/g/" + g->id + "/signin"), info.name, s->csrf, "")),
                    "text/html; charset=utf-8");
}

void WebApp::signin(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = session_of(req);
    if (!s || !csrf_ok(req, *s))
        return error_page(res, 403,
                          "The sign-in form has expired or did not come from this "
                          "site: open the game's page again.");
    std::string who = upper(req.get_param_value("empire"));
    std::string secret = req.get_param_value("secret");
    GameInfo info = read_game_info(g->dir);
    auto it = who.size() <= 16 ? info.secrets.find(who) : info.secrets.end();
    // Limits per client address: on its every failure, and on its failures for one empire (a
    // code not in the game counts only for the address). Nobody else's tries lock anyone out.
    const std::string client = client_key(req);
    const std::string account = client + " " + g->id + "/" + who;
    long long wait = by_client_.retry_after(client);
    if (it != info.secrets.end()) wait = std::max(wait, by_account_.retry_after(account));
    auto again = [&](int status, const std::string& message) {
        res.status = status;
        res.set_content(
            page("Sign in: " + info.name, "<a href=\"" + esc(url("/")) + "\">Games</a>",
                 signin_body(url("/g/" + g->id + "/signin"), info.name, s->csrf, message)),
            "text/html; charset=utf-8");
    };
    // Only a code of the game is logged: anything else may be a secret in the wrong field.
    const std::string logged_who = it != info.secrets.end() ? who : "?";
    if (wait > 0) {
        log_failed_signin(g->id, logged_who, client_ip(req),
                          fmt::format("too many failures: told to wait {} s", wait));
        res.set_header("Retry-After", std::to_string(wait));
        return again(429, wait < 60 ? fmt::format("Too many failed sign-ins: try again in {} "
                                                  "second(s).",
                                                  wait)
                                    : fmt::format("Too many failed sign-ins: try again in {} "
                                                  "minute(s).",
                                                  (wait + 59) / 60));
    }
    if (it == info.secrets.end() || secret.empty() || !same_secret(secret, it->second)) {
        by_client_.failed(client);
        if (it != info.secrets.end()) by_account_.failed(account);
        log_failed_signin(g->id, logged_who, client_ip(req),
                          it == info.secrets.end() ? "no such empire" : "wrong secret");
        return again(401, "Wrong empire code or secret.");
    }
    by_account_.succeeded(account);
    if (who != kGmSecretKey) {
        for (const EmpireStatus& e : game_status(g->dir).empires)
            if (e.code == who && e.state == SheetState::computer)
                return again(403, "The computer plays this empire now: ask your GM.");
    }
    Session fresh = sessions_.sign_in(s->id, g->id, who, binding_now(*g, who));
    set_cookie(res, fresh.id);
    res.set_redirect(url("/g/" + g->id + (who == "GM" ? "/gm/" : "/e/" + who + "/")), 303);
}

void WebApp::signout(const httplib::Request& req, httplib::Response& res) {
    const std::shared_ptr<const Game> g = find_game(req.matches[1]);
    if (!g) return error_page(res, 404, "There is no such game here.");
    auto s = session_of(req);
    if (s && csrf_ok(req, *s)) sessions_.end(s->id);
    res.set_redirect(url("/g/" + g->id + "/"), 303);
}

}  // namespace hl::web
