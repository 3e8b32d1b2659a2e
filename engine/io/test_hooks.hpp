#pragma once

namespace hl {

// Test hook: when the environment variable HYPERLANE_CRASH_AT equals `point`, the process
// dies on the spot (exit 86, as a power cut would), to prove writes are crash safe.
void crash_point(const char* point);

}  // namespace hl
