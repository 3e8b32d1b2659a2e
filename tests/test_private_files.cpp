// How the engine writes into a game folder or Maildir (io/atomic_file.hpp, io/batch_write.hpp,
// io/folder_below.hpp): files 0600 and folders 0700 whatever the umask, and no symbolic link
// followed, whether in the file's place, its temporary file's or a folder's on the way.

#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "io/atomic_file.hpp"
#include "io/batch_write.hpp"
#include "io/file_error.hpp"
#include "io/folder_below.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

unsigned mode_of(const fs::path& p) {
    struct stat st {};
    REQUIRE(::lstat(p.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

// Sets the umask for as long as it lives.
struct Umask {
    explicit Umask(mode_t m) : old(::umask(m)) {}
    ~Umask() { ::umask(old); }
    mode_t old;
};

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const FileError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("files are 0600 and folders 0700 whatever the umask", "[files]") {
    for (mode_t mask : {mode_t(0), mode_t(022), mode_t(0277)}) {
        fs::path root = test::temp_dir("private-modes");
        Umask u(mask);
        write_file_atomic_below(root, root / "orders" / "0001" / "ARC.txt", "secret");
        write_file_unsynced_below(root, root / "turns" / "0001.partial" / "reports" / "A.txt", "r");
        write_file_replacing_below(root, root / "orders" / "0001" / "B.txt", "b");
        write_file_atomic(root / "game.toml", "g");
        CHECK(mode_of(root / "orders") == 0700);
        CHECK(mode_of(root / "orders" / "0001") == 0700);
        CHECK(mode_of(root / "turns" / "0001.partial" / "reports") == 0700);
        CHECK(mode_of(root / "orders" / "0001" / "ARC.txt") == 0600);
        CHECK(mode_of(root / "orders" / "0001" / "B.txt") == 0600);
        CHECK(mode_of(root / "turns" / "0001.partial" / "reports" / "A.txt") == 0600);
        CHECK(mode_of(root / "game.toml") == 0600);
        CHECK(test::slurp(root / "orders" / "0001" / "ARC.txt") == "secret");
    }
    // A file that was wider (written by an older version) is narrowed when it is written again.
    fs::path root = test::temp_dir("private-old");
    write_file_atomic(root / "game.toml", "old");
    fs::permissions(root / "game.toml", fs::perms::all);
    write_file_atomic(root / "game.toml", "new");
    CHECK(mode_of(root / "game.toml") == 0600);
}

TEST_CASE("a link in place of a file is refused, not followed", "[files]") {
    fs::path root = test::temp_dir("links-file");
    fs::path victim = test::temp_dir("links-victim") / "victim.txt";
    write_file_atomic(victim, "keep");
    fs::create_directories(root / "orders" / "0001");
    fs::create_symlink(victim, root / "orders" / "0001" / "ARC.txt");
    std::string why = error_of(
        [&] { write_file_atomic_below(root, root / "orders" / "0001" / "ARC.txt", "evil"); });
    CHECK_THAT(why, Catch::Contains("orders/0001/ARC.txt: cannot write: it is a symbolic link"));
    why = error_of([&] { write_file_atomic(root / "orders" / "0001" / "ARC.txt", "evil"); });
    CHECK_THAT(why, Catch::Contains("symbolic link"));
    why = error_of(
        [&] { write_file_unsynced_below(root, root / "orders" / "0001" / "ARC.txt", "evil"); });
    CHECK_THAT(why, Catch::Contains("symbolic link"));
    CHECK(test::slurp(victim) == "keep");
    CHECK(fs::is_symlink(root / "orders" / "0001" / "ARC.txt"));
    // No temporary file is left behind by a refused write.
    for (const auto& e : fs::directory_iterator(root / "orders" / "0001"))
        CHECK(e.path().filename() == "ARC.txt");
}

TEST_CASE("a link planted as the temporary file is removed, never written through", "[files]") {
    fs::path root = test::temp_dir("links-tmp");
    fs::path victim = test::temp_dir("links-tmp-victim") / "victim.txt";
    write_file_atomic(victim, "keep");
    // The temporary file's name is NAME.tmp-PID: a planted link under it must not be followed.
    fs::create_symlink(victim, root / fmt::format("game.toml.tmp-{}", ::getpid()));
    write_file_atomic(root / "game.toml", "mine");
    write_file_replacing_below(root, root / "game.toml", "mine again");
    CHECK(test::slurp(victim) == "keep");
    CHECK(test::slurp(root / "game.toml") == "mine again");
    CHECK_FALSE(fs::is_symlink(root / "game.toml"));
}

TEST_CASE("a link in place of a folder below the root is refused; the root may be one", "[files]") {
    fs::path root = test::temp_dir("links-dir");
    fs::path elsewhere = test::temp_dir("links-elsewhere");
    fs::create_directories(root / "orders");
    fs::create_symlink(elsewhere, root / "orders" / "0002");
    std::string why =
        error_of([&] { write_file_atomic_below(root, root / "orders" / "0002" / "ARC.txt", "x"); });
    CHECK_THAT(why, Catch::Contains("orders/0002: cannot write below: it is a symbolic link"));
    why = error_of([&] { make_folders_below(root, root / "orders" / "0002" / "deeper"); });
    CHECK_THAT(why, Catch::Contains("symbolic link"));
    why = error_of(
        [&] { rename_below(root, root / "orders" / "x", root / "orders" / "0002" / "y"); });
    CHECK_THAT(why, Catch::Contains("symbolic link"));
    CHECK(fs::is_empty(elsewhere));
    // The game folder's own path may be a link (the GM's choice): writing below it works.
    fs::path alias = test::temp_dir("links-alias") / "game";
    fs::create_symlink(root, alias);
    write_file_atomic_below(alias, alias / "orders" / "0001" / "ARC.txt", "ok");
    CHECK(test::slurp(root / "orders" / "0001" / "ARC.txt") == "ok");
    // A path that leaves the root is refused too.
    why = error_of([&] { write_file_atomic_below(root, root / ".." / "outside.txt", "x"); });
    CHECK_THAT(why, Catch::Contains("not inside"));
}
