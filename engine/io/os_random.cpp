#include "io/os_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>

namespace hl {

void os_random_bytes(void* out, std::size_t size) {
    auto* p = static_cast<unsigned char*>(out);
    std::size_t got = 0;
    while (got < size) {
        ssize_t n = ::getrandom(p + got, size - got, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("getrandom failed: the kernel gave no random bytes");
        }
        got += static_cast<std::size_t>(n);
    }
}

std::uint64_t os_random_below_or_equal(std::uint64_t max) {
    std::uint64_t x = 0;
    if (max == UINT64_MAX) {
        os_random_bytes(&x, sizeof x);
        return x;
    }
    // Rejection sampling: draws at or above the last whole multiple of (max + 1) are drawn again.
    const std::uint64_t range = max + 1;
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    do {
        os_random_bytes(&x, sizeof x);
    } while (x >= limit);
    return x % range;
}

std::string new_secret() {
    constexpr std::size_t symbols = sizeof kSecretAlphabet - 1;
    static_assert(256 % symbols == 0, "every byte maps to a symbol with the same chance");
    unsigned char bytes[kSecretLength];
    os_random_bytes(bytes, sizeof bytes);
    std::string s;
    for (unsigned char b : bytes)
        s += kSecretAlphabet[b % symbols];
    return s;
}

}  // namespace hl
