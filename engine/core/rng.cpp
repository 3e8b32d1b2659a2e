#include "core/rng.hpp"

#include <stdexcept>
#include <string_view>

namespace hl {

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

namespace {

// FNV-1a over more bytes.
void feed(std::uint64_t& h, std::string_view bytes) {
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
}

// FNV-1a over the decimal digits of v, as fmt's "{}" writes them.
template <typename T>
void feed_number(std::uint64_t& h, T v) {
    char buf[24];
    int n = 0;
    bool negative = v < 0;
    std::uint64_t u = negative ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    do {
        buf[n++] = static_cast<char>('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (negative) buf[n++] = '-';
    while (n > 0)
        feed(h, std::string_view(&buf[--n], 1));
}

// The engine of a stream: PCG32 seeded from FNV-1a of "seed|turn|empire|slot|purpose", hashed
// byte by byte without building the text (this runs before every script call).
pcg32 seeded_engine(const StreamKey& key) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    feed_number(h, key.seed);
    feed(h, "|");
    feed_number(h, key.turn);
    feed(h, "|");
    feed(h, key.empire);
    feed(h, "|");
    feed_number(h, key.slot);
    feed(h, "|");
    feed(h, key.purpose);
    return pcg32(mix64(h), mix64(h ^ 0x5851f42d4c957f2dULL));
}

}  // namespace

Rng::Rng(const StreamKey& key) : engine_(seeded_engine(key)) {}

std::uint32_t Rng::next_u32() {
    return engine_();
}

std::uint32_t Rng::below(std::uint32_t n) {
    if (n == 0) throw std::invalid_argument("Rng::below: bound must be at least 1");
    // Rejection sampling: discard the top partial bucket so every result is equally likely.
    std::uint32_t threshold = (0u - n) % n;
    for (;;) {
        std::uint32_t r = engine_();
        if (r >= threshold) return r % n;
    }
}

std::int64_t Rng::range(std::int64_t lo, std::int64_t hi) {
    if (lo > hi) throw std::invalid_argument("Rng::range: empty range");
    std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
    if (span > 0xffffffffULL) throw std::invalid_argument("Rng::range: range too wide");
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint32_t>(span)));
}

double Rng::unit() {
    std::uint64_t hi = engine_() >> 5;  // 27 bits
    std::uint64_t lo = engine_() >> 6;  // 26 bits
    return static_cast<double>((hi << 26) | lo) / 9007199254740992.0;
}

std::size_t Rng::weighted(std::span<const std::int64_t> weights) {
    std::int64_t total = 0;
    for (auto w : weights) {
        if (w < 0) throw std::invalid_argument("Rng::weighted: negative weight");
        total += w;
    }
    if (total <= 0) throw std::invalid_argument("Rng::weighted: weights sum to zero");
    std::int64_t pick = range(0, total - 1);
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (pick < weights[i]) return i;
        pick -= weights[i];
    }
    return weights.size() - 1;
}

}  // namespace hl
