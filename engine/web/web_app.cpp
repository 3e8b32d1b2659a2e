#include "web/web_app.hpp"

#include <httplib.h>

#include <cstdio>
#include <set>

#include <fmt/format.h>

#include "host/game_folders.hpp"
#include "host/roster.hpp"
#include "web/access_log.hpp"
#include "web/page.hpp"
#include "web/random_token.hpp"
#include "web/secret_binding.hpp"

namespace fs = std::filesystem;

namespace hl::web {

namespace {

constexpr const char* kCookie = "hl_session";
constexpr const char* kGame = R"(([A-Za-z0-9_][A-Za-z0-9._-]{0,63}))";

bool valid_game_id(const std::string& id) {
    if (id.empty() || id.size() > 64 || id[0] == '.' || id[0] == '-') return false;
    for (char c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
            return false;
    return true;
}

// The value of one cookie in a Cookie header, or empty.
std::string cookie_value(const std::string& header, const std::string& name) {
    std::size_t pos = 0;
    while (pos < header.size()) {
        std::size_t end = header.find(';', pos);
        if (end == std::string::npos) end = header.size();
        std::string part = header.substr(pos, end - pos);
        while (!part.empty() && part.front() == ' ')
            part.erase(0, 1);
        if (part.compare(0, name.size() + 1, name + "=") == 0) return part.substr(name.size() + 1);
        pos = end + 1;
    }
    return "";
}

// Runs a handler, turning refusals into a page that says why (never a crash or a bare 500).
template <typename F>
httplib::Server::Handler guarded(WebApp* app, F f) {
    return [app, f](const httplib::Request& req, httplib::Response& res) {
        try {
            (app->*f)(req, res);
        } catch (const GameBusy&) {
            res.status = 503;
            res.set_header("Retry-After", "60");
            res.set_content(
                page("Not now", "",
                     "<h1>The turn is being run</h1>\n<p class=\"error\" id=\"busy\">The "
                     "game is busy: its turn is being run (or the GM is changing it) right "
                     "now.</p>\n<p>Nothing was changed. Go back and send it again in a "
                     "minute.</p>\n"),
                "text/html; charset=utf-8");
        } catch (const InputError& e) {
            std::string msg;
            for (const Diagnostic& d : e.diagnostics().all())
                msg += d.message + "\n";
            res.status = 503;
            res.set_content(page("Not now", "",
                                 "<h1>That could not be done</h1>\n<p class=\"error\">" + esc(msg) +
                                     "</p>\n<p>Nothing was changed. Try again.</p>\n"),
                            "text/html; charset=utf-8");
        }
    };
}

}  // namespace

WebApp::WebApp(ServeOptions opts)
    : opts_(std::move(opts)),
      proxies_(opts_.trust_proxy || !opts_.proxy_addresses.empty(), opts_.proxy_addresses),
      sessions_(opts_.session_idle),
      by_client_(opts_.signin_limit * 4, opts_.signin_delay, opts_.signin_window),
      by_account_(opts_.signin_limit, opts_.signin_delay, opts_.signin_window),
      permits_(std::max(1, opts_.threads / 4), std::max(1, opts_.threads / 2)) {
    Diagnostics diags;
    auto list = std::make_shared<const GameList>(read_games(diags));
    if (diags.has_errors()) throw InputError(diags);
    for (const Diagnostic& d : diags.all())
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
    // A games folder may start empty: games are added to it and the server reloaded.
    if (list->empty() && opts_.games_dir.empty())
        throw InputError({"serve", 0, 0}, "no game folders given");
    games_ = std::move(list);
}

WebApp::GameList WebApp::read_games(Diagnostics& diags) const {
    std::vector<fs::path> folders = opts_.games;
    if (!opts_.games_dir.empty()) {
        std::vector<fs::path> found = game_folders_in(opts_.games_dir);
        folders.insert(folders.end(), found.begin(), found.end());
    }
    GameList list;
    std::set<std::string> ids;
    std::set<fs::path> seen;
    for (const fs::path& p : folders) {
        fs::path norm = fs::absolute(p).lexically_normal();
        if (norm.filename().empty()) norm = norm.parent_path();
        if (!seen.insert(norm).second) continue;  // given and found in the games folder
        std::string id = norm.filename().string();
        GameDir dir(norm);
        if (!fs::is_regular_file(dir.game_file())) {
            diags.error({p.generic_string(), 0, 0}, "not a game folder (no game.toml)");
            continue;
        }
        if (!valid_game_id(id)) {
            diags.error({p.generic_string(), 0, 0},
                        "the folder name is used in web addresses: use letters, digits, '.', "
                        "'_' and '-' only");
            continue;
        }
        if (!ids.insert(id).second) {
            diags.error({p.generic_string(), 0, 0},
                        fmt::format("another game folder is also named '{}'", id));
            continue;
        }
        try {
            GameInfo info = read_game_info(dir);
            if (!info.secrets.count(kGmSecretKey))
                diags.warning({dir.game_file().generic_string(), 0, 0},
                              "no GM secret ([secrets] GM = \"...\"): the GM page cannot be "
                              "signed in to");
        } catch (const InputError& e) {
            diags.merge(e.diagnostics());
            continue;
        }
        list.push_back({id, dir});
    }
    return list;
}

void WebApp::reload() {
    Diagnostics diags;
    auto list = std::make_shared<const GameList>(read_games(diags));
    for (const Diagnostic& d : diags.all())
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
    std::string ids;
    for (const Game& g : *list)
        ids += (ids.empty() ? "" : ", ") + g.id;
    std::fprintf(stderr, "reload: serving %zu game(s)%s%s\n", list->size(),
                 list->empty() ? "" : ": ", ids.c_str());
    std::fflush(stderr);
    std::lock_guard<std::mutex> hold(games_mutex_);
    games_ = std::move(list);
}

std::shared_ptr<const WebApp::GameList> WebApp::games() const {
    std::lock_guard<std::mutex> hold(games_mutex_);
    return games_;
}

std::vector<std::string> WebApp::game_ids() const {
    std::vector<std::string> out;
    for (const Game& g : *games())
        out.push_back(g.id);
    return out;
}

std::shared_ptr<const WebApp::Game> WebApp::find_game(const std::string& id) const {
    std::shared_ptr<const GameList> list = games();
    for (const Game& g : *list)
        if (g.id == id) return std::shared_ptr<const Game>(list, &g);
    return nullptr;
}

std::string WebApp::url(const std::string& path) const {
    return opts_.base_path + path;
}

std::string WebApp::client_ip(const httplib::Request& req) const {
    std::string forwarded;
    auto range = req.headers.equal_range("X-Forwarded-For");
    for (auto it = range.first; it != range.second; ++it)
        forwarded += (forwarded.empty() ? "" : ",") + it->second;
    return client_address(req.remote_addr, forwarded, proxies_);
}

std::string WebApp::client_key(const httplib::Request& req) const {
    std::string ip = client_ip(req);
    std::string group = client_group(ip);
    return group.empty() ? ip : group;
}

std::optional<Session> WebApp::session_of(const httplib::Request& req) {
    std::string id = cookie_value(req.get_header_value("Cookie"), kCookie);
    if (id.empty()) return std::nullopt;
    return sessions_.find(id);
}

std::string WebApp::secret_of(const Game& g, const std::string& who) const {
    GameInfo info = read_game_info(g.dir);
    auto it = info.secrets.find(who);
    return it == info.secrets.end() ? "" : it->second;
}

std::string WebApp::binding_now(const Game& g, const std::string& who) const {
    std::string secret = secret_of(g, who);
    if (secret.empty()) return "";
    std::size_t entries = 0;
    if (who != kGmSecretKey)
        for (const RosterEntry& r : read_roster(g.dir).entries)
            entries += r.empire == who ? 1 : 0;
    return secret_binding(secret, who + "#" + std::to_string(entries));
}

std::optional<Session> WebApp::signed_in(const httplib::Request& req, const Game& g) {
    auto s = session_of(req);
    if (!s || s->game != g.id) return s;
    std::string now = binding_now(g, s->who);
    if (!now.empty() && same_secret(now, s->binding)) return s;
    sessions_.end(s->id);  // the secret or the player changed: the old holder is out
    return std::nullopt;
}

void WebApp::set_cookie(httplib::Response& res, const std::string& id) const {
    res.set_header("Set-Cookie",
                   fmt::format("{}={}; Path={}/; HttpOnly; SameSite=Strict{}", kCookie, id,
                               opts_.base_path, opts_.secure_cookies ? "; Secure" : ""));
}

bool WebApp::csrf_ok(const httplib::Request& req, const Session& s) const {
    std::string token;
    if (req.has_param("csrf"))
        token = req.get_param_value("csrf");
    else if (req.has_file("csrf"))
        token = req.get_file_value("csrf").content;
    return !token.empty() && same_secret(token, s.csrf);
}

void WebApp::error_page(httplib::Response& res, int status, const std::string& message) const {
    res.status = status;
    res.set_content(page("Hyperlane", "<a href=\"" + esc(url("/")) + "\">Games</a>",
                         "<h1>Sorry</h1>\n<p class=\"error\">" + esc(message) + "</p>\n"),
                    "text/html; charset=utf-8");
}

std::optional<Session> WebApp::require(const httplib::Request& req, httplib::Response& res,
                                       const Game& g, const std::string& who, bool post) {
    auto s = signed_in(req, g);
    if (!s || s->game.empty()) {
        if (post) {
            error_page(res, 403, "You are not signed in (or your session has ended).");
        } else {
            res.set_redirect(url("/g/" + g.id + "/"), 303);
        }
        return std::nullopt;
    }
    if (s->game != g.id || s->who != who) {
        error_page(res, 403,
                   fmt::format("You are signed in as {} of game {}: this page is not yours.",
                               s->who, s->game));
        return std::nullopt;
    }
    if (post && !csrf_ok(req, *s)) {
        error_page(res, 403,
                   "This form has expired or did not come from this site: reload the "
                   "page and try again.");
        return std::nullopt;
    }
    return s;
}

void WebApp::install(httplib::Server& svr) {
    const std::string g = std::string("/g/") + kGame;
    const std::string e = g + "/e/([A-Z0-9]{1,16})";  // any pack's code format
    svr.Get("/", guarded(this, &WebApp::index));
    svr.Get(g + "/?", guarded(this, &WebApp::signin_form));
    svr.Post(g + "/signin", guarded(this, &WebApp::signin));
    svr.Post(g + "/signout", guarded(this, &WebApp::signout));
    svr.Get(e + "/?", guarded(this, &WebApp::player_home));
    svr.Get(e + R"(/(report|game)/(\d{1,5})\.(html|txt|svg))",
            guarded(this, &WebApp::player_report));
    svr.Get(e + R"(/sheet\.txt)", guarded(this, &WebApp::player_sheet));
    svr.Post(e + "/check", guarded(this, &WebApp::player_check));
    svr.Get(g + "/gm/?", guarded(this, &WebApp::gm_home));
    svr.Get(g + R"(/gm/report/(\d{1,5})\.(html|txt))", guarded(this, &WebApp::gm_report));
    svr.Post(g + "/gm/message", guarded(this, &WebApp::gm_message));
    svr.Post(g + "/gm/deadline", guarded(this, &WebApp::gm_deadline));
    svr.set_error_handler([this](const httplib::Request&, httplib::Response& res) {
        if (res.body.empty()) {
            int status = res.status;
            error_page(
                res, status,
                status == 404 ? "There is no such page." : fmt::format("HTTP error {}.", status));
        }
    });
    svr.set_exception_handler(
        [this](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "unknown";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& ex) {
                what = ex.what();
            } catch (...) {
            }
            std::fprintf(stderr, "hyperlane serve: internal error on %s %s: %s\n",
                         req.method.c_str(), req.path.c_str(), what.c_str());
            error_page(res, 500,
                       "Something went wrong on the server; the GM can see what in "
                       "its log. Nothing was changed.");
        });
    // The access log: one line per answered request, on stderr (web/access_log.hpp).
    svr.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
        log_request(client_ip(req), req.method, req.path, res.status, res.body.size());
    });
    svr.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
        res.set_header("Content-Security-Policy",
                       "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("X-Frame-Options", "DENY");
        res.set_header("Referrer-Policy", "no-referrer");
        res.set_header("Cache-Control", "no-store");
    });
}

}  // namespace hl::web
