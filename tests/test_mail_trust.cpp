// The parts behind mail's guarantees (docs/mail.md "Guarantees"): the queue's exactly-once
// hand-over, the journal, the mbox dot-lock and its dead owners, and what answers quote.

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <fstream>

#include "io/atomic_file.hpp"
#include "mail/dot_lock.hpp"
#include "mail/mail_journal.hpp"
#include "mail/mail_queue.hpp"
#include "mail/mailbox.hpp"
#include "mail/reply_text.hpp"
#include "support/test_support.hpp"

namespace fs = std::filesystem;
using namespace hl;
using namespace hl::mail;

namespace {

std::size_t files_in(const fs::path& dir) {
    std::error_code ec;
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        (void)e;
        ++n;
    }
    return n;
}

void put(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("mail queue: a mail is made once and handed to the outbox once", "[mail]") {
    fs::path root = test::temp_dir("mail-queue");
    MailQueue q(root / "queue");
    Delivery box;
    box.outbox = root / "outbox";
    q.add("answer-1", "Subject: first\n\nhello\n");
    q.add("answer-1", "Subject: second\n\nother\n");  // a killed run's copy stands
    CHECK(test::slurp(root / "queue" / "answer-1.eml") == "Subject: first\n\nhello\n");
    CHECK(q.names("answer-") == std::vector<std::string>{"answer-1"});
    CHECK(q.names("report-").empty());

    Handover h = q.deliver("answer-1", box);
    REQUIRE(h.sent);
    CHECK(h.where == (root / "outbox" / "new" / "answer-1.eml").generic_string());
    CHECK(test::slurp(h.where) == "Subject: first\n\nhello\n");
    CHECK(q.delivered("answer-1"));
    // Handed over already: a second call (a run killed before it recorded the mail) sends
    // nothing, even when the GM's tool has taken the file out of new/ meanwhile.
    fs::remove(h.where);
    CHECK(q.deliver("answer-1", box).sent);
    CHECK(files_in(root / "outbox" / "new") == 0);
    q.forget("answer-1");
    CHECK_FALSE(q.has("answer-1"));
    CHECK(files_in(root / "queue") == 0);
    CHECK_FALSE(q.deliver("answer-1", box).sent);
}

TEST_CASE("mail queue: a run killed around the rename into the outbox", "[mail]") {
    fs::path root = test::temp_dir("mail-queue-kill");
    MailQueue q(root / "queue");
    Delivery box;
    box.outbox = root / "outbox";
    for (const char* sub : {"tmp", "new", "cur"})
        fs::create_directories(box.outbox / sub);

    // Killed after "handing" was written, before the rename: the file waits in tmp/.
    q.add("a", "A\n");
    put(box.outbox / "tmp" / "a.eml", "A\n");
    put(root / "queue" / "a.state", "handing\n\n");
    REQUIRE(q.deliver("a", box).sent);
    CHECK(test::slurp(box.outbox / "new" / "a.eml") == "A\n");
    CHECK_FALSE(fs::exists(box.outbox / "tmp" / "a.eml"));

    // Killed after the rename, before "sent": tmp/ is empty, so it went; not sent again even
    // though the GM's tool has taken it out of new/.
    q.add("b", "B\n");
    put(root / "queue" / "b.state", "handing\n\n");
    REQUIRE(q.deliver("b", box).sent);
    CHECK_FALSE(fs::exists(box.outbox / "new" / "b.eml"));
    CHECK(q.delivered("b"));

    // A state file left without its mail (a kill inside forget) means nothing.
    put(root / "queue" / "c.state", "sent\nsomewhere\n");
    CHECK_FALSE(q.has("c"));
    q.add("c", "C\n");
    REQUIRE(q.deliver("c", box).sent);
    CHECK(test::slurp(box.outbox / "new" / "c.eml") == "C\n");
}

TEST_CASE("mail queue: a sendmail command runs in a delivery agent", "[mail]") {
    fs::path root = test::temp_dir("mail-queue-cmd");
    MailQueue q(root / "queue");
    Delivery cmd;
    cmd.sendmail = {"sh", "-c", "cat >> " + (root / "sent").string()};
    q.add("r", "one mail\n");
    Handover h = q.deliver("r", cmd);
    REQUIRE(h.sent);
    CHECK(h.where == "sh");
    CHECK(q.deliver("r", cmd).sent);
    CHECK(test::slurp(root / "sent") == "one mail\n");

    Delivery failing;
    failing.sendmail = {"sh", "-c", "echo 'no route to host' >&2; exit 75"};
    q.add("f", "x\n");
    h = q.deliver("f", failing);
    CHECK_FALSE(h.sent);
    CHECK(h.why == "'sh' failed with exit status 75: no route to host");
    CHECK(q.has("f"));  // tried again by the next run
    CHECK(q.deliver("f", cmd).sent);
    CHECK(test::slurp(root / "sent") == "one mail\nx\n");
}

TEST_CASE("mail journal: handled keys, sheets' times, a torn last line", "[mail]") {
    GameDir dir(test::temp_dir("mail-journal"));
    const std::string k1 = mail_key("abc@example.net", "bytes");
    const std::string k2 = mail_key("", "other bytes");
    CHECK(k1.rfind("id-", 0) == 0);
    CHECK(k2.rfind("body-", 0) == 0);
    CHECK(k1 != mail_key("abd@example.net", "bytes"));
    CHECK(k2 == mail_key("", "other bytes"));
    const std::string sheet(64, 'a');
    {
        MailJournal j(dir);
        CHECK_FALSE(j.done(k1));
        j.take(k1, 1000, sheet);
        j.finish(k1, "stored");
        j.take(k2, 2000, "");
        CHECK(j.done(k1));
        CHECK(j.sheet_written(sheet) == 1000);
    }
    // A crash while appending leaves a line without its end: never counted.
    std::ofstream(journal_file(dir), std::ios::app) << "done " << k2 << " stored";
    MailJournal j(dir);
    CHECK(j.done(k1));
    CHECK_FALSE(j.done(k2));
    CHECK(j.sheet_written(sheet) == 1000);
    CHECK_FALSE(j.sheet_written(std::string(64, 'b')));
    j.finish(k2, "refused");
    CHECK(MailJournal(dir).done(k2));
    CHECK(test::slurp(journal_file(dir)).find("stored\ndone " + k2 + " refused\n") !=
          std::string::npos);
}

TEST_CASE("mbox dot-lock: a dead owner's lock is taken over at once", "[mail]") {
    fs::path root = test::temp_dir("mail-dotlock");
    fs::path mbox = root / "box";
    put(mbox, "");
    fs::path lock = root / "box.lock";
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);

    // A process that is gone.
    pid_t dead = ::fork();
    if (dead == 0) ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    put(lock, std::to_string(dead) + " " + host + "\n");
    CHECK_THAT(stale_lock_reason(lock), Catch::Contains("is gone"));
    {
        DotLock l(mbox, std::chrono::milliseconds(0));
        CHECK(test::slurp(lock) == std::to_string(::getpid()) + " " + host + "\n");
    }
    CHECK_FALSE(fs::exists(lock));

    // A live process holds it: waited for, then refused naming the owner.
    pid_t alive = ::fork();
    if (alive == 0) {
        ::pause();
        ::_exit(0);
    }
    put(lock, std::to_string(alive) + " " + host + "\n");
    CHECK(stale_lock_reason(lock).empty());
    CHECK_THROWS_WITH(DotLock(mbox, std::chrono::milliseconds(100)),
                      Catch::Contains("held by " + std::to_string(alive)));
    ::kill(alive, SIGKILL);
    ::waitpid(alive, nullptr, 0);
    CHECK_FALSE(stale_lock_reason(lock).empty());

    // Another host's lock, or one without an owner: only once ten minutes old.
    put(lock, "1 elsewhere.example\n");
    CHECK(stale_lock_reason(lock).empty());
    fs::last_write_time(lock, fs::file_time_type::clock::now() - std::chrono::minutes(11));
    CHECK_THAT(stale_lock_reason(lock), Catch::Contains("older than ten minutes"));
    put(lock, "");
    CHECK(stale_lock_reason(lock).empty());
}

TEST_CASE("mbox: messages taken into the inbox, the mbox emptied in place", "[mail]") {
    fs::path root = test::temp_dir("mail-mbox-take");
    fs::path mbox = root / "box";
    put(mbox,
        "From a@example.net Mon Nov 30 18:00:00 2026\nSubject: one\n\nfirst\n\n"
        "From b@example.net Mon Nov 30 18:01:00 2026\nSubject: two\n\n>From here\n");
    ::chmod(mbox.c_str(), 0640);
    auto inode = [](const fs::path& p) {
        struct stat st {};
        ::stat(p.c_str(), &st);
        return std::make_pair(st.st_ino, st.st_mode & 07777);
    };
    const auto before = inode(mbox);
    {
        auto box = open_mailbox(mbox, root / "inbox", std::chrono::milliseconds(0));
        REQUIRE(box->waiting().size() == 2);
        CHECK(box->waiting()[0].bytes == "Subject: one\n\nfirst\n\n");
        CHECK(box->waiting()[1].bytes == "Subject: two\n\nFrom here\n");
        CHECK(fs::file_size(mbox) == 0);
        CHECK(inode(mbox) == before);
        CHECK_FALSE(fs::exists(root / "box.lock"));
        box->handled(0);
    }
    // The same messages again (a run killed before emptying the mbox): not taken twice.
    put(mbox, "From a@example.net Mon Nov 30 18:00:00 2026\nSubject: one\n\nfirst\n\n");
    auto box = open_mailbox(mbox, root / "inbox", std::chrono::milliseconds(0));
    REQUIRE(box->waiting().size() == 1);
    CHECK(box->waiting()[0].bytes == "Subject: two\n\nFrom here\n");
    CHECK(box->handled_place() == (root / "inbox" / "cur").generic_string());
}

TEST_CASE("answers: what they quote is capped; the note quotes nothing", "[mail]") {
    std::string sheet = "EMPIRE ARC\nSECRET K7QX2M9P\nTURN 1\n";
    for (int i = 0; i < 5000; ++i)
        sheet += "MOVE 101 102 " + std::string(500, 'x') + "\n";
    std::string echo = numbered_sheet(sheet);
    CHECK(echo.size() < kMaxQuotedBytes + 1024);
    CHECK_THAT(echo, Catch::Contains("   2 | SECRET ********"));
    CHECK_THAT(echo, Catch::Contains("more lines not shown"));
    CHECK(echo.find(std::string(kMaxQuotedLineBytes, 'x')) == std::string::npos);
    CHECK(echo.find("K7QX2M9P") == std::string::npos);
    std::string short_sheet = numbered_sheet("EMPIRE ARC\nTURN 1\n");
    CHECK(short_sheet == "   1 | EMPIRE ARC\n   2 | TURN 1\n");

    std::string note = notice_body("Small game");
    CHECK(note.size() < 600);
    CHECK(note == notice_body("Small game"));
    CHECK(notice_subject("Small game") == "[Small game] your mail to the GM");
}

TEST_CASE("answers list the lines left out after the sheet, capped; a stranger's only counted",
          "[mail]") {
    Intake in;
    in.known = true;
    in.stored = true;
    in.check.header.empire.text = "ARC";
    in.check.next_turn = 1;
    MailOutcome o;
    o.game = "Small game";
    o.intake = &in;
    o.sheet = "EMPIRE ARC\nSECRET K7QX2M9P\nTURN 1\nTAX\n";
    o.where = "the mail's text";
    o.ignored = {"Thanks!", "Alice"};
    std::string body = reply_body(o);
    CHECK_THAT(body, Catch::Contains("2 lines of your mail after the sheet were not read as "
                                     "orders (a sign-off, or what follows an END line):\n"
                                     "     | Thanks!\n     | Alice\n"));
    o.ignored.assign(30, std::string(500, 'y'));
    body = reply_body(o);
    CHECK_THAT(body, Catch::Contains("(20 more not shown)"));
    CHECK(body.find(std::string(kMaxQuotedLineBytes + 1, 'y')) == std::string::npos);
    // A sheet without its empire's secret: the lines are counted, never shown.
    in.known = false;
    in.stored = false;
    o.ignored = {"secret plans"};
    body = reply_body(o);
    CHECK_THAT(body, Catch::Contains("1 line of your mail after the sheet was not read as orders "
                                     "(a sign-off, or what follows an END line).\n"));
    CHECK(body.find("secret plans") == std::string::npos);
}
