#include "lua/shared_calls.hpp"

#include <atomic>
#include <thread>
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

}  // namespace

std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n,
                                            const SharedJobMaker& make) {
    std::vector<std::exception_ptr> failed(n);
    std::atomic<std::size_t> next{0};
    // Each job's outcome goes to its own slot, so the two threads never write the same one.
    auto take_jobs = [&](Runtime& on, const SharedJob& job) {
        for (std::size_t i = next++; i < n; i = next++) {
            try {
                job(on, i);
            } catch (...) {
                failed[i] = std::current_exception();
            }
        }
    };
    ReadOnlyScope read_only(rt);
    std::thread side;
    if (n >= 2 && std::thread::hardware_concurrency() > 1) {
        side = std::thread([&] {
            // Made on its own thread (its C stack limit is this thread's); if it cannot be made,
            // `rt` does every job.
            try {
                Runtime second(rt.pack(), std::as_const(rt.state()));
                take_jobs(second, make(second));
            } catch (...) {
            }
        });
    }
    struct Join {
        std::thread& t;
        ~Join() {
            if (t.joinable()) t.join();
        }
    } join{side};
    take_jobs(rt, make(rt));
    return failed;
}

std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJob& job) {
    return share_calls(rt, n, [&](Runtime&) { return job; });
}

}  // namespace hl
