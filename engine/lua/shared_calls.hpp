#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "lua/runtime.hpp"

namespace hl {

// One job of share_calls: the work for index i, done through the given runtime.
using SharedJob = std::function<void(Runtime&, std::size_t)>;

// Makes the job for one runtime, on that runtime's thread before its first job (to set up what
// its jobs share, such as a table in its Lua state); the job is destroyed on that thread after
// its last one.
using SharedJobMaker = std::function<SharedJob(Runtime&)>;

// A second, read-only Runtime of a pack and state, made and kept on a thread of its own, that
// takes a share of a caller's jobs (share): made once, it serves several rounds of jobs (the
// computer players' sheets, then the reports of the same run). Once share returns it waits and
// touches nothing until the next round, so the caller may change the state between rounds.
class SideRuntime {
  public:
    // Starts the thread, which makes the runtime; on a machine with one core there is none,
    // and every round runs on the caller's runtime alone.
    SideRuntime(const Pack& pack, const GameState& state);
    // Stops the thread (after the runtime is made, if it is being made).
    ~SideRuntime();
    SideRuntime(const SideRuntime&) = delete;
    SideRuntime& operator=(const SideRuntime&) = delete;
    // Runs the jobs for every i below n on `rt` (of the same pack and state) and on the second
    // runtime at the same time; each takes the next i as it finishes one. For calls that only
    // read the state and depend on nothing but i: `rt` is read-only too while they run, so a
    // setter raises a Lua error in either. With fewer than two jobs every job runs on `rt`; if
    // the second runtime or its job cannot be made, `rt` does the rest. Returns what each job
    // threw (null where it threw nothing), by i; throws what `make` throws for `rt`.
    std::vector<std::exception_ptr> share(Runtime& rt, std::size_t n, const SharedJobMaker& make);

  private:
    // One round of jobs, as both runtimes see it.
    struct Round {
        std::size_t n = 0;
        const SharedJobMaker* make = nullptr;
        std::vector<std::exception_ptr>* failed = nullptr;
        std::size_t next = 0;  // the next job to take, under the mutex
    };
    void serve(const Pack& pack, const GameState& state);
    // Takes jobs of the round until none is left.
    void take_jobs(Round& round, Runtime& on, const SharedJob& job);
    std::mutex mutex_;
    std::condition_variable wake_;
    Round* round_ = nullptr;  // the round the side runtime is to join, if any
    bool side_busy_ = false;  // true while the side runtime works on a round
    bool ready_ = false;      // true once the side runtime is made (or failed to be)
    bool stop_ = false;
    std::thread thread_;
};

// The same with a side runtime made for this round only.
std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJobMaker& make);

// The same with one job for both runtimes.
std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJob& job);

}  // namespace hl
