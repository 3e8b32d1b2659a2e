#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <vector>

#include "lua/runtime.hpp"

namespace hl {

// One job of share_calls: the work for index i, done through the given runtime.
using SharedJob = std::function<void(Runtime&, std::size_t)>;

// Makes the job for one runtime, on that runtime's thread before its first job (to set up what
// its jobs share, such as a table in its Lua state); the job is destroyed on that thread after
// its last one.
using SharedJobMaker = std::function<SharedJob(Runtime&)>;

// Runs the jobs for every i below n on `rt` and at the same time on a second, read-only Runtime
// of the same pack and state made on a thread of its own; each takes the next i as it finishes
// one. For calls that only read the state and depend on nothing but i (each computer player's
// sheet, each report): `rt` is read-only too while they run, so a setter raises a Lua error in
// either. With fewer than two jobs, or one core, every job runs on `rt`; if the second runtime
// or its job cannot be made, `rt` does the rest. Returns what each job threw (null where it
// threw nothing), by i; throws what `make` throws for `rt`.
std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJobMaker& make);

// The same with one job for both runtimes.
std::vector<std::exception_ptr> share_calls(Runtime& rt, std::size_t n, const SharedJob& job);

}  // namespace hl
