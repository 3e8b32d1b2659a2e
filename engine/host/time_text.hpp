#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hl {

// A moment as seconds since 1970-01-01 00:00 UTC.
using UnixTime = std::int64_t;

// The current time; the environment variable HYPERLANE_NOW (a time parse_time reads) fixes it
// for tests.
UnixTime now_utc();

// Reads "YYYY-MM-DD HH:MM[:SS]" or "YYYY-MM-DDTHH:MM[:SS]", then an optional "Z", "UTC" or
// offset "+HH:MM"/"-HH:MM" (no zone means UTC); nullopt if it is not such a time.
std::optional<UnixTime> parse_time(std::string_view text);

// Reads a duration such as "7d", "36h", "90m", "1d12h" or "2w"; seconds, or nullopt.
std::optional<std::int64_t> parse_duration(std::string_view text);

// A duration as parse_duration reads it, in the largest units that fit: "1d12h", "90m".
std::string format_duration(std::int64_t seconds);

// A moment as "YYYY-MM-DD HH:MM UTC" (seconds shown only when not zero).
std::string format_time(UnixTime t);

// A moment as RFC 5322 mail headers write it: "Tue, 01 Dec 2026 18:00:00 +0000".
std::string format_mail_date(UnixTime t);

// How far away a moment is, for people: "in 2d 3h", "in 45m", "3h ago".
std::string format_relative(UnixTime when, UnixTime now);

}  // namespace hl
