// Secrets: made from the kernel's random source, never from a game's seed, and hidden from the
// pack's scripts when a sheet is read (core/secret_mask, io/os_random).

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "core/secret_mask.hpp"
#include "io/os_random.hpp"

using namespace hl;

TEST_CASE("new secrets are 10 symbols of the alphabet, and never repeat", "[secrets]") {
    std::set<std::string> seen;
    const std::string alphabet = kSecretAlphabet;
    for (int i = 0; i < 1000; ++i) {
        std::string s = new_secret();
        REQUIRE(s.size() == 10);
        for (char c : s)
            REQUIRE(alphabet.find(c) != std::string::npos);
        seen.insert(s);
    }
    // 1000 draws of 50 bits: a repeat has a chance of about 4e-10.
    CHECK(seen.size() == 1000);
}

TEST_CASE("every symbol of a secret is drawn, at every position", "[secrets]") {
    // 32 symbols, 2000 secrets: each position sees each symbol about 62 times; a symbol never
    // seen at a position has a chance of about 32 * 10 * e^-62.
    std::set<std::pair<int, char>> seen;
    for (int i = 0; i < 2000; ++i) {
        std::string s = new_secret();
        for (int k = 0; k < 10; ++k)
            seen.insert({k, s[static_cast<std::size_t>(k)]});
    }
    CHECK(seen.size() == 320);
}

TEST_CASE("os_random_below_or_equal stays in range and reaches both ends", "[secrets]") {
    bool zero = false, three = false;
    for (int i = 0; i < 400; ++i) {
        std::uint64_t x = os_random_below_or_equal(3);
        REQUIRE(x <= 3);
        zero = zero || x == 0;
        three = three || x == 3;
    }
    CHECK(zero);
    CHECK(three);
    // The whole range of a seed: 64 draws below 2^63 with none above 2^53 has a chance of
    // (2^-10)^64.
    bool big = false;
    for (int i = 0; i < 64; ++i)
        big = big || os_random_below_or_equal(9'223'372'036'854'775'807ULL) > (1ULL << 53);
    CHECK(big);
    CHECK(os_random_below_or_equal(0) == 0);
}

TEST_CASE("a sheet's secrets are hidden as whole words, in any case", "[secrets]") {
    SecretMask mask({"K7QX2M9PAB", "ZZZZ2222YY", "SHORT"});
    MaskedSheet m = mask.apply(
        "EMPIRE ARC\r\nSECRET k7qx2m9pab\nMESSAGE ALL ZZZZ2222YY! and xK7QX2M9PAB SHORT\n");
    CHECK(m.text ==
          "EMPIRE ARC\r\nSECRET XXXXXXXXXX\nMESSAGE ALL XXXXXXXXXX! and xK7QX2M9PAB SHORT\n");
    REQUIRE(m.hidden.size() == 2);
    CHECK(m.hidden[0].line == 2);
    CHECK(m.hidden[0].col == 8);
    CHECK(m.hidden[0].written == "k7qx2m9pab");
    CHECK(m.hidden[1].line == 3);
    CHECK(m.hidden[1].col == 13);
    CHECK(m.hidden[1].written == "ZZZZ2222YY");
}

TEST_CASE("columns of hidden secrets count characters, not bytes", "[secrets]") {
    SecretMask mask({"K7QX2M9PAB"});
    MaskedSheet m = mask.apply("NAME \xc3\x84rnstr\xc3\xb6m K7QX2M9PAB");
    REQUIRE(m.hidden.size() == 1);
    CHECK(m.hidden[0].col == 15);
}

TEST_CASE("the header's secret is put back only where the mask hid it", "[secrets]") {
    SecretMask mask({"K7QX2M9PAB"});
    MaskedSheet m = mask.apply("SECRET K7QX2M9PAB\nSECRET XXXXXXXXXX\n");
    HeaderItem read{true, "XXXXXXXXXX", 0, 1, 8, "SECRET"};
    unmask_header_item(read, m);
    CHECK(read.text == "K7QX2M9PAB");
    // Written as X by the player: no secret was hidden there, so it stays as written.
    HeaderItem typed{true, "XXXXXXXXXX", 0, 2, 8, "SECRET"};
    unmask_header_item(typed, m);
    CHECK(typed.text == "XXXXXXXXXX");
    // A grammar that read something else at the hidden place gets nothing back.
    HeaderItem other{true, "XXXXX", 0, 1, 8, "SECRET"};
    unmask_header_item(other, m);
    CHECK(other.text == "XXXXX");
}

TEST_CASE("no secrets, or only short ones, leave a sheet as it is", "[secrets]") {
    const std::string text = "SECRET 1\nMOVE 123 456 1\n";
    CHECK(SecretMask({}).apply(text).text == text);
    CHECK(SecretMask({"1", "123"}).apply(text).text == text);
}
