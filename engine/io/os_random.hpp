#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hl {

// Fills `out` with `size` bytes from the kernel's CSPRNG (getrandom); throws std::runtime_error
// if the kernel gives none. Never used for anything a game's outcome depends on.
void os_random_bytes(void* out, std::size_t size);

// A whole number drawn uniformly from 0..max (inclusive) with the kernel's CSPRNG.
std::uint64_t os_random_below_or_equal(std::uint64_t max);

// The characters of a secret: letters and digits without look-alikes (no I, O, 0, 1).
inline constexpr char kSecretAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

// The number of characters of a new secret: 10 of 32 symbols, 50 bits.
inline constexpr int kSecretLength = 10;

// A new secret a player can write on a SECRET line, from the kernel's CSPRNG: kSecretLength
// characters of kSecretAlphabet, independent of every game seed and outcome.
std::string new_secret();

}  // namespace hl
