#pragma once

namespace hl {

// Test hook: when the environment variable HYPERLANE_CRASH_AT equals `point`, the process
// dies on the spot (exit 86, as a power cut would), to prove writes are crash safe.
void crash_point(const char* point);

// Test hook: when HYPERLANE_PAUSE_AT equals `point`, the process creates the file named by
// HYPERLANE_PAUSE_FILE and waits (30 s at most) until it is removed, so a test can run another
// command at exactly that moment.
void pause_point(const char* point);

}  // namespace hl
