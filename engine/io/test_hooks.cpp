#include "io/test_hooks.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace hl {

void crash_point(const char* point) {
    const char* at = std::getenv("HYPERLANE_CRASH_AT");
    if (at && std::strcmp(at, point) == 0) _exit(86);
}

void pause_point(const char* point) {
    const char* at = std::getenv("HYPERLANE_PAUSE_AT");
    const char* file = std::getenv("HYPERLANE_PAUSE_FILE");
    if (!at || !file || std::strcmp(at, point) != 0) return;
    int fd = ::open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    ::close(fd);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (::access(file, F_OK) == 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace hl
