// Every input is read with a size limit that is enforced while reading: regular files, devices
// that never end, and standard input.

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <fstream>

#include "io/atomic_file.hpp"
#include "io/bounded_read.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

TEST_CASE("a file up to the limit is read whole; one byte more is refused", "[io][limits]") {
    fs::path dir = test::temp_dir("bounded");
    fs::path f = dir / "sheet.txt";
    std::ofstream(f, std::ios::binary) << std::string(100, 'x');
    ReadOutcome exact = read_limited(f, 100, "turnsheet");
    REQUIRE(exact.text);
    CHECK(exact.text->size() == 100);
    ReadOutcome over = read_limited(f, 99, "turnsheet");
    CHECK_FALSE(over.text);
    CHECK(over.too_large);
    CHECK(over.problem ==
          "longer than 99 bytes: a turnsheet is at most 99 bytes, so it was refused (is this the "
          "right file?)");
    ReadOutcome missing = read_limited(dir / "nope.txt", 100, "turnsheet");
    CHECK_FALSE(missing.text);
    CHECK_FALSE(missing.too_large);
    CHECK(missing.problem == "cannot read the turnsheet");
    ReadOutcome folder = read_limited(dir, 100, "turnsheet");
    CHECK_FALSE(folder.text);
    CHECK(folder.problem == "cannot read the turnsheet: this is a folder");
}

TEST_CASE("an endless device is refused once it passes the limit", "[io][limits]") {
    ReadOutcome r = read_limited("/dev/zero", 64 * 1024, "turnsheet file");
    CHECK_FALSE(r.text);
    CHECK(r.too_large);
    CHECK(r.problem.rfind("longer than 64 KiB: a turnsheet file is at most 65536 bytes", 0) == 0);
    int fd = ::open("/dev/zero", O_RDONLY);
    REQUIRE(fd >= 0);
    ReadOutcome s = read_fd_limited(fd, 1000, "turnsheet");
    ::close(fd);
    CHECK(s.too_large);
    // Every other file the engine reads has a limit too.
    CHECK_THROWS_WITH(read_file("/dev/zero"), Catch::Contains("longer than 256 MiB"));
}

TEST_CASE("a pipe is read to its end, within the limit", "[io][limits]") {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    REQUIRE(::write(fds[1], "EMPIRE ARC\n", 11) == 11);
    ::close(fds[1]);
    ReadOutcome r = read_fd_limited(fds[0], 11, "turnsheet");
    ::close(fds[0]);
    REQUIRE(r.text);
    CHECK(*r.text == "EMPIRE ARC\n");
}

TEST_CASE("read_input throws an InputError at the file with the problem", "[io][limits]") {
    try {
        read_input("/dev/zero", "zero.toml", 4 * 1024 * 1024, "scenario file");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(e.diagnostics().to_string() ==
              "zero.toml: error: longer than 4 MiB: a scenario file is at most 4194304 bytes, so "
              "it was refused (is this the right file?)\n");
    }
    CHECK(format_bytes(64 * 1024) == "64 KiB");
    CHECK(format_bytes(1000) == "1000 bytes");
}
