#include <httplib.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include <fmt/format.h>

#include "web/guarded_server.hpp"
#include "web/web_app.hpp"

namespace hl::web {

namespace {

// The front's limits for these options; connections are capped below the open-file limit
// (raised to its hard limit, up to 4096, first).
FrontLimits front_limits(const ServeOptions& opts) {
    FrontLimits l;
    l.request.max_body = opts.max_body;
    l.request_timeout = opts.request_timeout;
    l.max_busy_per_client = std::max(1, opts.threads / 4);
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0) {
        if (files.rlim_cur < 4096 && files.rlim_max > files.rlim_cur) {
            files.rlim_cur = std::min<rlim_t>(files.rlim_max, 4096);
            ::setrlimit(RLIMIT_NOFILE, &files);
            ::getrlimit(RLIMIT_NOFILE, &files);
        }
        if (files.rlim_cur != RLIM_INFINITY && files.rlim_cur < l.max_connections + 128)
            l.max_connections = files.rlim_cur > 160 ? files.rlim_cur - 128 : 32;
    }
    return l;
}

}  // namespace

void serve(const ServeOptions& opts) {
    // SIGINT and SIGTERM are taken by one thread that stops the server, and SIGHUP by the same
    // thread, which reloads the games list; block them before anything else (a reload asked for
    // while the games are first read waits for the server) and before any other thread starts,
    // so none of them gets the signal instead.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    WebApp app(opts);

    GuardedServer svr(
        front_limits(opts),
        TrustedProxies(opts.trust_proxy || !opts.proxy_addresses.empty(), opts.proxy_addresses),
        opts.threads);
    // The library's own limit as well, though the front refuses a larger body first; and what
    // its Keep-Alive header tells clients, as the front does it.
    svr.set_payload_max_length(opts.max_body);
    svr.set_keep_alive_max_count(static_cast<size_t>(FrontLimits{}.max_requests_per_connection));
    svr.set_keep_alive_timeout(
        std::chrono::duration_cast<std::chrono::seconds>(opts.request_timeout).count());
    app.install(svr);
    // cpp-httplib 0.11 listens with a backlog of 5, so a burst of players connecting at once
    // would see resets; the socket is remembered here and its backlog raised after binding.
    int listen_fd = -1;
    svr.set_socket_options([&listen_fd](socket_t sock) {
        httplib::default_socket_options(sock);
        listen_fd = sock;
    });
    int port = opts.port;
    if (port == 0) {
        port = svr.bind_to_any_port(opts.host);
    } else if (!svr.bind_to_port(opts.host, port)) {
        port = -1;
    }
    if (port <= 0)
        throw InputError({"serve", 0, 0},
                         fmt::format("cannot listen on {}:{} (in use, or not an address of this "
                                     "machine)",
                                     opts.host, opts.port));
    if (listen_fd >= 0) ::listen(listen_fd, SOMAXCONN);
    std::printf("Serving %zu game(s) at http://%s:%d%s/\n", app.game_ids().size(),
                opts.host.c_str(), port, opts.base_path.c_str());
    std::fflush(stdout);
    std::thread stopper([&svr, &app, stop_signals] {
        int sig = 0;
        while (sigwait(&stop_signals, &sig) == 0 && sig == SIGHUP) {
            try {
                app.reload();
            } catch (const std::exception& e) {
                // The games folder could not be read: the games served stay as they were.
                std::fprintf(stderr, "reload failed: %s\n", e.what());
            }
        }
        svr.stop();
    });
    svr.listen_after_bind();
    pthread_kill(stopper.native_handle(), SIGTERM);  // ends the stopper if no signal came
    stopper.join();
    std::printf("Stopped.\n");
}

}  // namespace hl::web
