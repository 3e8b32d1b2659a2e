#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/game_dir.hpp"
#include "host/game_lock_wait.hpp"
#include "web/client_address.hpp"
#include "web/rate_limit.hpp"
#include "web/sessions.hpp"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace hl::web {

// What `hyperlane serve` is asked for.
struct ServeOptions {
    std::vector<std::filesystem::path> games;  // game folders; each is served as its folder name
    std::filesystem::path games_dir;  // every game folder in it is served too (read again on
                                      // reload)
    std::string host = "127.0.0.1";   // loopback unless the GM says otherwise
    int port = 8080;                  // 0: any free port (printed)
    std::string base_path;            // the path prefix a reverse proxy serves the site under
    bool secure_cookies = false;      // mark cookies Secure (the proxy speaks HTTPS)
    bool trust_proxy = false;         // believe X-Forwarded-For from loopback peers ...
    std::vector<std::string> proxy_addresses;  // ... and from these addresses
    int signin_limit = 5;  // failed sign-ins per address and empire before delays begin ...
    std::chrono::seconds signin_window{15 * 60};   // ... forgotten after this; the longest delay
    std::chrono::seconds signin_delay{30};         // the first delay, doubled after each failure
    std::chrono::seconds session_idle{12 * 3600};  // a session ends after this long unused
    std::chrono::milliseconds lock_wait{20000};    // how long a change waits for the game lock
    std::chrono::milliseconds request_timeout{20000};  // a whole request must arrive within
    int threads = 16;                                  // requests answered at once
    std::size_t max_body = 256 * 1024;                 // request bodies, in bytes
};

// The web site for players and the GM: sign-in, reports, turnsheets checked and stored, the
// GM's status table, messages and deadline. Every page reads the game folders afresh, so
// turns run with the command line show up at once.
class WebApp {
  public:
    // Checks that every game folder is a game with a unique folder name; throws InputError.
    explicit WebApp(ServeOptions opts);
    // Registers every route and the security headers on a server.
    void install(httplib::Server& server);
    // The game ids served, in order.
    std::vector<std::string> game_ids() const;
    // Reads the games list again (the folders given and those now in games_dir), for SIGHUP:
    // games added are served at once, sessions stay signed in. A folder that is not a good
    // game is left out and its problems are written to stderr; the others are served.
    void reload();

  private:
    struct Game {
        std::string id;
        GameDir dir;
    };
    using GameList = std::vector<Game>;
    // The games of opts_ (the folders given, then those found in games_dir), with the problems
    // of folders left out; throws InputError if games_dir cannot be read.
    GameList read_games(Diagnostics& diags) const;
    // The games served now: a list replaced whole on reload, kept alive by those using it.
    std::shared_ptr<const GameList> games() const;
    // The game served under `id`, or null.
    std::shared_ptr<const Game> find_game(const std::string& id) const;
    std::string url(const std::string& path) const;
    // The client's address: the peer's, or behind a trusted proxy what it forwarded.
    std::string client_ip(const httplib::Request& req) const;
    // The key sign-in limits count a client by: its address, or its IPv6 /64.
    std::string client_key(const httplib::Request& req) const;
    std::optional<Session> session_of(const httplib::Request& req);
    // The binding a session of `who` must have now (web/secret_binding.hpp): from the secret
    // in game.toml and, for an empire, how many roster entries it has (replace and computer
    // add one); empty if `who` has no secret.
    std::string binding_now(const Game& g, const std::string& who) const;
    // The session if it is signed in to g and still bound to who's current secret; a session
    // whose secret or player changed is ended.
    std::optional<Session> signed_in(const httplib::Request& req, const Game& g);
    // The current secret of `who` (for a valid session's sheets), or empty.
    std::string secret_of(const Game& g, const std::string& who) const;
    void set_cookie(httplib::Response& res, const std::string& id) const;
    bool csrf_ok(const httplib::Request& req, const Session& s) const;
    std::optional<Session> require(const httplib::Request& req, httplib::Response& res,
                                   const Game& g, const std::string& who, bool post);
    void error_page(httplib::Response& res, int status, const std::string& message) const;

    void index(const httplib::Request& req, httplib::Response& res);
    void signin_form(const httplib::Request& req, httplib::Response& res);
    void signin(const httplib::Request& req, httplib::Response& res);
    void signout(const httplib::Request& req, httplib::Response& res);
    void player_home(const httplib::Request& req, httplib::Response& res);
    void player_report(const httplib::Request& req, httplib::Response& res);
    void player_sheet(const httplib::Request& req, httplib::Response& res);
    void player_check(const httplib::Request& req, httplib::Response& res);
    void gm_home(const httplib::Request& req, httplib::Response& res);
    void gm_report(const httplib::Request& req, httplib::Response& res);
    void gm_message(const httplib::Request& req, httplib::Response& res);
    void gm_deadline(const httplib::Request& req, httplib::Response& res);
    std::string player_page(const Game& g, const Session& s, const std::string& sheet_text,
                            const std::string& result_html);
    std::string gm_page(const Game& g, const Session& s, const std::string& notice);

    ServeOptions opts_;
    mutable std::mutex games_mutex_;
    std::shared_ptr<const GameList> games_;
    TrustedProxies proxies_;
    SessionStore sessions_;
    SignInLimiter by_client_;   // every failure of a client address
    SignInLimiter by_account_;  // a client address's failures for one empire of one game
    LockWaitPermits permits_;   // threads waiting for games that `run` holds
};

// Serves until SIGINT or SIGTERM (SIGHUP reloads the games list, WebApp::reload): binds, prints
// "Serving ... at http://HOST:PORT/" on standard output (so scripts can read the port), then
// answers requests through the connection front (web/guarded_server.hpp). Throws InputError if the
// address cannot be bound.
void serve(const ServeOptions& opts);

}  // namespace hl::web
