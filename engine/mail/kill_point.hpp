#pragma once

namespace hl::mail {

// Test hook of the crash campaign (tests/cli/mail_crash.sh), compiled in only with the CMake
// option HYPERLANE_TEST_HOOKS (test and benchmark builds): when HYPERLANE_KILL_AT is
// "<point>:<n>", the process kills itself with SIGKILL the n-th time it reaches `point`; when
// HYPERLANE_KILL_TRACE names a file, every point reached is appended to it, one per line.
// Elsewhere it does nothing.
void kill_point(const char* point);

// Turns kill_point off in this process (a delivery agent forked from a run).
void disarm_kill_points();

}  // namespace hl::mail
