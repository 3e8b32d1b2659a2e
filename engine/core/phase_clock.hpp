#pragma once

namespace hl {

// In a benchmark build (-DHYPERLANE_BENCH=ON) with the environment variable HYPERLANE_PHASES set,
// prints to stderr the milliseconds since the process's first mark and what has just finished,
// so the wall clock of one command can be split into its steps (docs/performance.md); does
// nothing otherwise. Never part of any file the engine writes.
void mark_phase(const char* finished);

}  // namespace hl
