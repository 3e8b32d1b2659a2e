// Composing mail with GMime and delivering it: parts read back by the mail-in parser, the
// outbox Maildir, and a sendmail command that fails or hangs.

#include <catch2/catch.hpp>

#include "io/atomic_file.hpp"
#include "mail/delivery.hpp"
#include "mail/incoming_mail.hpp"
#include "mail/outgoing_mail.hpp"
#include "support/test_support.hpp"

using namespace hl;
using namespace hl::mail;
namespace fs = std::filesystem;

namespace {

OutgoingMail sample() {
    OutgoingMail m;
    m.from_name = "Star Chase GM";
    m.from_addr = "gm@example.org";
    m.to.emplace_back("Ann Ärnström", "ann@example.org");
    m.subject = "[Small game] Turn 1 report for Arcturan League (ARC) – ünïcode";
    m.date = "Tue, 01 Dec 2026 18:00:00 +0000";
    m.message_id = make_message_id("report", "ARC.0001", "x", m.from_addr);
    m.text = "Report\nMESSAGE from BEL: Grüße\n" + std::string(1200, 'y') + "\n";
    m.html = "<html><body><svg class=\"map\"></svg></body></html>\n";
    m.attachments.push_back({"game-turn-0001.txt", "text", "plain", "Roundup\n"});
    return m;
}

}  // namespace

TEST_CASE("a composed mail parses back with its parts and headers", "[mail]") {
    std::string bytes = compose_mail(sample());
    CHECK(compose_mail(sample()) == bytes);  // the same mail gives the same bytes
    for (std::size_t pos = 0, nl; pos < bytes.size(); pos = nl + 1) {
        nl = bytes.find('\n', pos);
        if (nl == std::string::npos) nl = bytes.size();
        REQUIRE(nl - pos <= 998);  // 7-bit transport: no line longer than SMTP allows
    }
    for (unsigned char c : bytes)
        REQUIRE(c < 0x80);
    CHECK_THAT(bytes, Catch::Contains("Auto-Submitted: auto-generated"));
    CHECK_THAT(bytes, Catch::Contains("multipart/alternative"));
    IncomingMail back = parse_incoming_mail(bytes);
    REQUIRE(back.parsed);
    CHECK(back.from == "gm@example.org");
    CHECK(back.from_name == "Star Chase GM");
    CHECK(back.subject == sample().subject);
    CHECK(back.has_html);
    REQUIRE(back.texts.size() == 2);
    CHECK(back.texts[0].text == sample().text);
    CHECK_FALSE(back.texts[0].attachment);
    CHECK(back.texts[1].attachment);
    CHECK(back.texts[1].filename == "game-turn-0001.txt");
    CHECK(back.texts[1].text == "Roundup\n");
    CHECK(make_message_id("report", "ARC 1/x", "t", "gm@example.org") ==
          make_message_id("report", "ARC 1/x", "t", "gm@example.org"));
    CHECK_THAT(make_message_id("report", "ARC 1/x", "t", "gm@example.org"),
               Catch::StartsWith("hyperlane.report.ARC-1-x.") && Catch::EndsWith("@example.org"));
}

TEST_CASE("delivery: the outbox Maildir, and commands that fail or hang", "[mail]") {
    fs::path root = test::temp_dir("mail-delivery");
    Delivery to_box;
    to_box.outbox = root / "outbox";
    std::string where;
    CHECK(deliver(to_box, "Subject: x\n\nhello\n", where) == "");
    CHECK(fs::path(where).parent_path() == root / "outbox" / "new");
    CHECK(test::slurp(where) == "Subject: x\n\nhello\n");
    CHECK(fs::is_empty(root / "outbox" / "tmp"));

    Delivery cat;
    cat.sendmail = {"sh", "-c", "cat > " + (root / "piped.eml").string()};
    CHECK(deliver(cat, "Subject: y\n\n" + std::string(300000, 'z') + "\n", where) == "");
    CHECK(fs::file_size(root / "piped.eml") == 300013);

    Delivery failing;
    failing.sendmail = {"sh", "-c", "echo 'no route to host' >&2; exit 75"};
    CHECK(deliver(failing, "x", where) == "'sh' failed with exit status 75: no route to host");

    Delivery missing;
    missing.sendmail = {"/nonexistent/sendmail", "-t"};
    CHECK_THAT(deliver(missing, "x", where), Catch::Contains("/nonexistent/sendmail"));

    Delivery hanging;
    hanging.sendmail = {"sleep", "30"};
    hanging.timeout = std::chrono::seconds(1);
    auto start = std::chrono::steady_clock::now();
    CHECK_THAT(deliver(hanging, std::string(200000, 'x'), where),
               Catch::Contains("did not finish within 1 s"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}
