// The GM's messages of a turn: orders/NNNN/GM.toml as `hyperlane gm --message` writes it.

#include <catch2/catch.hpp>

#include "game/gm_messages.hpp"
#include "io/atomic_file.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

TEST_CASE("GM messages are added in order and read back", "[gm]") {
    GameDir dir(test::temp_dir("gm-messages"));
    CHECK(read_gm_messages(dir, 3).empty());
    add_gm_message(dir, 3, "Welcome to \"Star Chase\" \\o/");
    add_gm_message(dir, 3, "Grüße, 星");
    add_gm_message(dir, 4, "Turn 4 runs late");
    CHECK(gm_messages_file(dir, 3) == dir.dir() / "orders" / "0003" / "GM.toml");
    CHECK(read_gm_messages(dir, 3) ==
          std::vector<std::string>{"Welcome to \"Star Chase\" \\o/", "Grüße, 星"});
    CHECK(read_gm_messages(dir, 4) == std::vector<std::string>{"Turn 4 runs late"});
    CHECK_THAT(test::slurp(gm_messages_file(dir, 3)), Catch::Contains("messages = ["));
}

TEST_CASE("a refused GM message writes nothing", "[gm]") {
    GameDir dir(test::temp_dir("gm-refused"));
    add_gm_message(dir, 1, "first");
    std::string before = test::slurp(gm_messages_file(dir, 1));
    for (std::string bad :
         {std::string(""), std::string("   "), std::string("two\nlines"), std::string("tab\there"),
          std::string("bad \xC3 utf8"), std::string(kGmMessageMaxLength + 1, 'x')}) {
        INFO(bad);
        CHECK_FALSE(check_gm_message(bad).empty());
        CHECK_THROWS_AS(add_gm_message(dir, 1, bad), InputError);
    }
    CHECK(check_gm_message(std::string(kGmMessageMaxLength, 'x')).empty());
    CHECK(test::slurp(gm_messages_file(dir, 1)) == before);
    for (std::size_t i = 1; i < kGmMessagesPerTurn; ++i)
        add_gm_message(dir, 2, "m");
    add_gm_message(dir, 2, "m");
    CHECK_THROWS_AS(add_gm_message(dir, 2, "one too many"), InputError);
    CHECK(read_gm_messages(dir, 2).size() == kGmMessagesPerTurn);
}

TEST_CASE("a hand-edited GM.toml with problems is refused with file and line", "[gm]") {
    GameDir dir(test::temp_dir("gm-bad-file"));
    fs::create_directories(dir.orders_dir(1));
    write_file_atomic(gm_messages_file(dir, 1), "messages = [\"ok\"]\nmesages = 1\n");
    try {
        read_gm_messages(dir, 1);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK_THAT(test::joined(e.diagnostics()), Catch::Contains("GM.toml:2:"));
        CHECK_THAT(test::joined(e.diagnostics()), Catch::Contains("mesages"));
    }
    write_file_atomic(gm_messages_file(dir, 1), "messages = [\"a\\u0007bell\"]\n");
    CHECK_THROWS_AS(read_gm_messages(dir, 1), InputError);
}
