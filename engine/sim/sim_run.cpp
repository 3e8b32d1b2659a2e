#include "sim/sim_run.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace hl {

std::vector<SimGame> run_sim(const Scenario& scenario, const Pack& pack, const SimConfig& config,
                             const SimProgress& progress) {
    const int total = std::max(0, config.games);
    std::vector<SimGame> games(static_cast<std::size_t>(total));
    std::atomic<int> next{0};
    std::atomic<bool> failed{false};
    std::mutex mu;
    std::condition_variable cv;
    int done = 0;
    std::exception_ptr error;
    const SimColumns columns = sim_columns(pack);

    auto worker = [&] {
        for (;;) {
            int i = next.fetch_add(1);
            if (i >= total || failed.load()) return;
            try {
                games[static_cast<std::size_t>(i)] = play_sim_game(
                    scenario, pack, columns, config.first_seed + static_cast<std::uint64_t>(i),
                    config.turns, config.modes, i);
            } catch (...) {
                std::lock_guard<std::mutex> lock(mu);
                if (!error) error = std::current_exception();
                failed = true;
            }
            {
                std::lock_guard<std::mutex> lock(mu);
                ++done;
            }
            cv.notify_one();
        }
    };

    const int jobs = std::max(1, std::min(config.jobs, std::max(1, total)));
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(jobs));
    for (int j = 0; j < jobs; ++j)
        threads.emplace_back(worker);
    {
        std::unique_lock<std::mutex> lock(mu);
        int shown = -1;
        while (done < total && !failed) {
            if (progress && done != shown) {
                shown = done;
                lock.unlock();
                progress(shown, total);
                lock.lock();
            }
            cv.wait_for(lock, std::chrono::milliseconds(200));
        }
    }
    for (std::thread& t : threads)
        t.join();
    if (error) std::rethrow_exception(error);
    if (progress) progress(total, total);
    return games;
}

}  // namespace hl
