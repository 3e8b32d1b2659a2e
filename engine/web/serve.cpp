#include <httplib.h>
#include <pthread.h>
#include <sys/socket.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include <fmt/format.h>

#include "web/web_app.hpp"

namespace hl::web {

void serve(const ServeOptions& opts) {
    WebApp app(opts);
    // SIGINT and SIGTERM are taken by one thread that stops the server; block them before any
    // other thread starts so none of them gets the signal instead.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    httplib::Server svr;
    const int threads = opts.threads;
    svr.new_task_queue = [threads] {
        return new httplib::ThreadPool(static_cast<size_t>(threads));
    };
    svr.set_payload_max_length(1 << 20);
    svr.set_read_timeout(10, 0);
    svr.set_write_timeout(10, 0);
    svr.set_keep_alive_max_count(100);
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
    std::thread stopper([&svr, stop_signals] {
        int sig = 0;
        sigwait(&stop_signals, &sig);
        svr.stop();
    });
    svr.listen_after_bind();
    pthread_kill(stopper.native_handle(), SIGTERM);  // ends the stopper if no signal came
    stopper.join();
    std::printf("Stopped.\n");
}

}  // namespace hl::web
