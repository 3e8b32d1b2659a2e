#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <pcg_random.hpp>

namespace hl {

// Names one random stream: the game seed plus what the draws are for, so that correcting one
// order and re-running a turn changes only the dice that order touched.
struct StreamKey {
    std::uint64_t seed = 0;
    int turn = 0;
    std::string empire;  // empty when the draws belong to no empire
    int slot = 0;        // action slot, 0 when not tied to one
    std::string purpose;
};

// Deterministic random numbers: PCG32 seeded from a hashed StreamKey; every bounded draw is
// written out here so results never depend on the standard library.
class Rng {
  public:
    // A stream for the given key.
    explicit Rng(const StreamKey& key);
    // A raw 32-bit draw.
    std::uint32_t next_u32();
    // Uniform integer in [0, n); n must be at least 1.
    std::uint32_t below(std::uint32_t n);
    // Uniform integer in [lo, hi]; lo must not exceed hi.
    std::int64_t range(std::int64_t lo, std::int64_t hi);
    // Uniform double in [0, 1) with 53 random bits.
    double unit();
    // Index drawn with probability proportional to weights; weights must be >= 0 with a
    // positive sum.
    std::size_t weighted(std::span<const std::int64_t> weights);

  private:
    pcg32 engine_;
};

// 64-bit FNV-1a hash of bytes: fixed across platforms, used to derive stream keys.
std::uint64_t fnv1a64(std::string_view bytes);

// SplitMix64 finaliser: spreads the bits of a 64-bit value.
std::uint64_t mix64(std::uint64_t x);

}  // namespace hl
