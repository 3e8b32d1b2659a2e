#include "lua/shared_calls.hpp"

#include <optional>
#include <utility>

namespace hl {

namespace {

// Makes a runtime's calls read-only for a scope, then puts back what it was.
class ReadOnlyScope {
  public:
    explicit ReadOnlyScope(Runtime& rt) : rt_(rt), was_(rt.read_only()) { rt_.set_read_only(true); }
    ~ReadOnlyScope() { rt_.set_read_only(was_); }
    ReadOnlyScope(const ReadOnlyScope&) = delete;
    ReadOnlyScope& operator=(const ReadOnlyScope&) = delete;

  private:
    Runtime& rt_;
    bool was_;
};

// Runs every job on one runtime, keeping what each throws.
std::vector<std::exception_ptr> run_alone(Runtime& rt, std::size_t n, const SharedJobMaker& make) {
    std::vector<std::exception_ptr> failed(n);
    ReadOnlyScope read_only(rt);
    const SharedJob job = make(rt);
    for (std::size_t i = 0; i < n; ++i) {
        try {
            job(rt, i);
        } catch (...) {
            failed[i] = std::current_exception();
        }
    }
    return failed;
}

}  // namespace

SideRuntime::SideRuntime(const Pack& pack, const GameState& state) {
    if (std::thread::hardware_concurrency() > 1)
        thread_ = std::thread([this, &pack, &state] { serve(pack, state); });
}

SideRuntime::~SideRuntime() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void SideRuntime::take_jobs(Round& round, Runtime& on, const SharedJob& job) {
    for (;;) {
        std::size_t i;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (round.next >= round.n) return;
            i = round.next++;
        }
        try {
            job(on, i);
        } catch (...) {
            // Each job's outcome has a slot of its own: the two threads never write the same.
            (*round.failed)[i] = std::current_exception();
        }
    }
}

void SideRuntime::serve(const Pack& pack, const GameState& state) {
    // Made on its own thread, whose C stack its limit checks; if it cannot be made, the caller's
    // runtime does every job.
    std::optional<Runtime> side;
    try {
        side.emplace(pack, state);
    } catch (...) {
    }
    std::unique_lock<std::mutex> lock(mutex_);
    ready_ = true;
    wake_.notify_all();
    for (;;) {
        wake_.wait(lock, [&] { return stop_ || (round_ && !side_busy_); });
        if (stop_) return;
        side_busy_ = true;
        Round& round = *round_;
        lock.unlock();
        if (side) {
            try {
                SharedJob job = (*round.make)(*side);
                take_jobs(round, *side, job);
            } catch (...) {
            }
        }
        lock.lock();
        side_busy_ = false;
        round_ = nullptr;
        wake_.notify_all();
    }
}

std::vector<std::exception_ptr> SideRuntime::share(Runtime& rt, std::size_t n,
                                                   const SharedJobMaker& make) {
    if (!thread_.joinable()) return run_alone(rt, n, make);
    if (n < 2) {
        // Nothing is shared, but the side runtime is made before the call returns: a caller may
        // end the process right after, and the making uses the process's caches.
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return ready_; });
        lock.unlock();
        return run_alone(rt, n, make);
    }
    std::vector<std::exception_ptr> failed(n);
    Round round{n, &make, &failed, 0};
    ReadOnlyScope read_only(rt);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        round_ = &round;
    }
    wake_.notify_all();
    // The round ends when both runtimes are done with it. A side runtime that has not joined
    // by the time the caller's has taken every job must not join late; one still being made is
    // waited for, so that nothing reads the state once the round is over.
    struct Finish {
        SideRuntime& s;
        ~Finish() {
            std::unique_lock<std::mutex> lock(s.mutex_);
            if (!s.side_busy_) s.round_ = nullptr;
            s.wake_.wait(lock, [&] { return s.ready_ && s.round_ == nullptr; });
        }
    };
    {
        // The round is over, the side's last job included, before `failed` is returned.
        Finish finish{*this};
        take_jobs(round, rt, make(rt));
    }
    return failed;
}

std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n,
                                            const SharedJobMaker& make) {
    if (n < 2) return run_alone(rt, n, make);
    SideRuntime side(rt.pack(), rt.state());
    return side.share(rt, n, make);
}

std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJob& job) {
    return share_calls(rt, n, [&](Runtime&) { return job; });
}

}  // namespace hl
