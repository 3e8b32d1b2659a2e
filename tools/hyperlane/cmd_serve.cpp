// hyperlane serve [GAME...] [--games-dir DIR] [--listen HOST:PORT] [--base-path P]
// [--secure-cookies] [--trust-proxy]
// [--proxy-address ADDR]... [--signin-limit N] [--signin-window D] [--threads N]
// [--request-timeout S] [--lock-wait S]

#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "helper_commands.hpp"
#include "host/time_text.hpp"
#include "web/web_app.hpp"

namespace hl::cli {

namespace {

struct ServeCliOptions {
    std::vector<std::string> games;
    std::string games_dir;
    std::string listen = "127.0.0.1:8080";
    web::ServeOptions o;
    std::string signin_window = "15m";
    int request_timeout = 20;  // seconds
    int lock_wait = 20;        // seconds
};

int run_serve(ServeCliOptions& c) {
    auto colon = c.listen.rfind(':');
    if (colon == std::string::npos || colon == 0)
        throw InputError({"--listen", 0, 0}, "write HOST:PORT, e.g. 127.0.0.1:8080");
    c.o.host = c.listen.substr(0, colon);
    if (c.o.host.size() > 2 && c.o.host.front() == '[' && c.o.host.back() == ']')
        c.o.host = c.o.host.substr(1, c.o.host.size() - 2);
    try {
        c.o.port = std::stoi(c.listen.substr(colon + 1));
    } catch (const std::exception&) {
        c.o.port = -1;
    }
    if (c.o.port < 0 || c.o.port > 65535)
        throw InputError({"--listen", 0, 0},
                         "the port is a number from 0 (any free port) to 65535");
    if (!c.o.base_path.empty() && (c.o.base_path.front() != '/' || c.o.base_path.back() == '/' ||
                                   c.o.base_path.find_first_of("\"'<> ;") != std::string::npos))
        throw InputError({"--base-path", 0, 0},
                         "write a path such as /hyperlane (no '/' at the end)");
    auto w = parse_duration(c.signin_window);
    if (!w || *w <= 0) throw InputError({"--signin-window", 0, 0}, "a duration such as 15m");
    c.o.signin_window = std::chrono::seconds(*w);
    if (c.o.signin_limit < 1 || c.o.signin_limit > 1000)
        throw InputError({"--signin-limit", 0, 0}, "a number from 1 to 1000");
    if (c.o.threads < 2 || c.o.threads > 256)
        throw InputError({"--threads", 0, 0}, "a number from 2 to 256");
    if (c.request_timeout < 1 || c.request_timeout > 600)
        throw InputError({"--request-timeout", 0, 0}, "a number of seconds from 1 to 600");
    if (c.lock_wait < 0 || c.lock_wait > 600)
        throw InputError({"--lock-wait", 0, 0}, "a number of seconds from 0 to 600");
    c.o.request_timeout = std::chrono::seconds(c.request_timeout);
    c.o.lock_wait = std::chrono::seconds(c.lock_wait);
    for (const std::string& g : c.games)
        c.o.games.emplace_back(g);
    c.o.games_dir = c.games_dir;
    web::serve(c.o);
    return kExitOk;
}

}  // namespace

void register_serve(CLI::App& app, Action& action) {
    auto c = std::make_shared<ServeCliOptions>();
    CLI::App* sub = app.add_subcommand(kServeCommand.name, kServeCommand.description);
    sub->add_option("GAMES", c->games,
                    "Game folders (each is served under its folder name); required unless "
                    "--games-dir is given");
    sub->add_option("--games-dir", c->games_dir,
                    "Also serve every game folder in this folder; SIGHUP reads it (and GAMES) "
                    "again, so games are added without signing anyone out");
    sub->add_option("--listen", c->listen,
                    "Address and port to listen on (default 127.0.0.1:8080, loopback only; port "
                    "0 picks a free one); put a reverse proxy with HTTPS in front for the "
                    "internet");
    sub->add_option("--base-path", c->o.base_path,
                    "The path the reverse proxy serves the site under, e.g. /hyperlane");
    sub->add_flag("--secure-cookies", c->o.secure_cookies,
                  "Mark the session cookie Secure (the proxy serves HTTPS)");
    sub->add_flag("--trust-proxy", c->o.trust_proxy,
                  "Take the client's address from the right-most X-Forwarded-For entry of "
                  "connections from loopback (a reverse proxy on this machine)");
    sub->add_option("--proxy-address", c->o.proxy_addresses,
                    "Also believe X-Forwarded-For from this address (a proxy on another "
                    "machine; repeatable)");
    sub->add_option("--signin-limit", c->o.signin_limit,
                    "Failed sign-ins from one address for one empire before each further "
                    "failure makes it wait, 30 s and doubling (default 5; an address gets "
                    "four times as many over all empires)");
    sub->add_option("--signin-window", c->signin_window,
                    "Failures are forgotten this long after the last one, the longest wait "
                    "(default 15m)");
    sub->add_option("--threads", c->o.threads, "Requests answered at once (default 16)");
    sub->add_option("--request-timeout", c->request_timeout,
                    "Seconds a whole request may take to arrive (default 20)");
    sub->add_option("--lock-wait", c->lock_wait,
                    "Seconds a change waits for a game that a turn run holds (default 20)");
    sub->callback([c, &action] {
        if (c->games.empty() && c->games_dir.empty()) throw CLI::RequiredError("GAMES");
        action = [c] { return run_serve(*c); };
    });
}

}  // namespace hl::cli
