#include "core/phase_clock.hpp"

#ifdef HYPERLANE_PHASE_CLOCK
#include <chrono>
#include <cstdio>
#include <cstdlib>
#endif

namespace hl {

#ifdef HYPERLANE_PHASE_CLOCK
void mark_phase(const char* finished) {
    static const bool on = std::getenv("HYPERLANE_PHASES") != nullptr;
    if (!on) return;
    static const auto start = std::chrono::steady_clock::now();
    const auto now = std::chrono::steady_clock::now();
    std::fprintf(stderr, "%8.2f ms  %s\n",
                 std::chrono::duration<double, std::milli>(now - start).count(), finished);
}
#else
void mark_phase(const char*) {}
#endif

}  // namespace hl
