// Finding the turnsheet in a mail: the corpus of real-world-shaped mails under tests/mail/corpus
// (each NAME.eml with NAME.expect: "sheet" and the sheet expected, "refused" and a piece of
// the reason, or "ignored"), and the text rules one by one.

#include <algorithm>

#include <catch2/catch.hpp>

#include "mail/incoming_mail.hpp"
#include "mail/mailbox.hpp"
#include "mail/sheet_in_mail.hpp"
#include "support/test_support.hpp"

using namespace hl;
using namespace hl::mail;
namespace fs = std::filesystem;

namespace {

TextPart part(std::string text, bool flowed = false, bool delsp = false) {
    TextPart p;
    p.text = std::move(text);
    p.flowed = flowed;
    p.delsp = delsp;
    return p;
}

}  // namespace

TEST_CASE("every mail of the corpus gives the sheet, refusal or silence it expects",
          "[mail][corpus]") {
    fs::path corpus = test::source_dir() / "tests" / "mail" / "corpus";
    std::vector<fs::path> mails;
    for (const auto& e : fs::directory_iterator(corpus))
        if (e.path().extension() == ".eml") mails.push_back(e.path());
    std::sort(mails.begin(), mails.end());
    REQUIRE(mails.size() >= 19);
    for (const fs::path& eml : mails) {
        fs::path expect_file = eml;
        expect_file.replace_extension(".expect");
        std::string expect = test::slurp(expect_file);
        std::string kind = expect.substr(0, expect.find('\n'));
        std::string rest = expect.substr(expect.find('\n') + 1);
        INFO(eml.filename().string());
        IncomingMail mail = parse_incoming_mail(test::slurp(eml));
        REQUIRE(mail.parsed);
        if (kind == "ignored") {
            CHECK(mail.automatic);
            continue;
        }
        CHECK_FALSE(mail.automatic);
        CHECK_FALSE(mail.from.empty());
        FoundSheet found = find_sheet(mail);
        if (kind == "sheet") {
            CHECK(found.refusal == "");
            CHECK(found.text == rest);
        } else {
            REQUIRE(kind == "refused");
            CHECK_FALSE(found.ok());
            rest.pop_back();  // the newline
            CHECK_THAT(found.refusal, Catch::Contains(rest));
        }
    }
}

TEST_CASE("mail headers: sender, answer address, subject and threading", "[mail]") {
    fs::path corpus = test::source_dir() / "tests" / "mail" / "corpus";
    IncomingMail m = parse_incoming_mail(test::slurp(corpus / "19-undeclared-8bit.eml"));
    CHECK(m.from == "bob@example.com");
    CHECK(m.from_name == "Bob");
    CHECK(m.reply_to == "bob@home.example");
    CHECK(m.message_id == "w19@example.com");
    IncomingMail latin = parse_incoming_mail(test::slurp(corpus / "10-latin1.eml"));
    CHECK(latin.subject == "Züge");
    CHECK(latin.reply_to == "bob@example.com");
    IncomingMail gmail =
        parse_incoming_mail(test::slurp(corpus / "05-gmail-reply-alternative.eml"));
    CHECK(gmail.has_html);
    CHECK(gmail.texts.size() == 1);
    CHECK(gmail.references == "<hyperlane.reply.x@example.org>");
    CHECK_FALSE(parse_incoming_mail("").parsed);
}

TEST_CASE("header lines start a sheet; prose does not", "[mail]") {
    CHECK(is_header_line("EMPIRE ARC"));
    CHECK(is_header_line("  empire arc   # mine"));
    CHECK(is_header_line("SECRET K7QX2M9P"));
    CHECK(is_header_line("Turn 4"));
    CHECK_FALSE(is_header_line("Turn 5 orders attached"));
    CHECK_FALSE(is_header_line("EMPIRE"));
    CHECK_FALSE(is_header_line("# EMPIRE ARC"));
    CHECK_FALSE(is_header_line("Empires rise and fall"));
}

TEST_CASE("text parts are normalized: BOM, CR and CRLF, format=flowed", "[mail]") {
    CHECK(normalize_text(part("\xEF\xBB\xBFTAX\r\nSTASH\rX\n")) == "TAX\nSTASH\nX\n");
    CHECK(normalize_text(part("MESSAGE ALL a \nb\n-- \nsig\n", true)) ==
          "MESSAGE ALL a b\n-- \nsig\n");
    CHECK(normalize_text(part("MESSAGE ALL ab \ncd\n", true, true)) == "MESSAGE ALL abcd\n");
    CHECK(normalize_text(part(" From here\n", true)) == "From here\n");  // space-stuffing
    CHECK(normalize_text(part("> quoted \nnext\n", true)) == "> quoted \nnext\n");
    CHECK(normalize_text(part("a \nb\n", false)) == "a \nb\n");  // not flowed: untouched
}

TEST_CASE("the sheet in a body: quotes, attributions, signatures and forwarded mail cut",
          "[mail]") {
    CHECK(sheet_from_body("Hello\nEMPIRE ARC\nTAX\n-- \nme\nEMPIRE BEL\n") == "EMPIRE ARC\nTAX\n");
    CHECK(sheet_from_body("> EMPIRE OLD\nEMPIRE ARC\n> 1 TAX\n2 TAX\n") == "EMPIRE ARC\n2 TAX\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n\nAlice wrote:\n\n> old\n") == "EMPIRE ARC\nTAX\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n________________________________\nFrom: x\nTAX\n") ==
          "EMPIRE ARC\nTAX\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n---------- Forwarded message ---------\nEMPIRE X\n") ==
          "EMPIRE ARC\nTAX\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n\n\nSent from my phone\n\n") == "EMPIRE ARC\nTAX\n");
    CHECK(sheet_from_body("no sheet here\n") == "");
    // A line inside the sheet that merely ends in a colon stays: nothing quoted follows it.
    CHECK(sheet_from_body("EMPIRE ARC\nMESSAGE ALL see:\nTAX\n") ==
          "EMPIRE ARC\nMESSAGE ALL see:\nTAX\n");
}

TEST_CASE("a sign-off after the last order and all after END are left out, and said", "[mail]") {
    std::vector<std::string> ignored;
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n\nThanks!\nAlice\n", &ignored) == "EMPIRE ARC\nTAX\n");
    CHECK(ignored == std::vector<std::string>{"Thanks!", "Alice"});
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nCheers, Bob\n", &ignored) == "EMPIRE ARC\nTAX\n");
    CHECK(ignored == std::vector<std::string>{"Cheers, Bob"});
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nBest regards,\nAlice Smith\nArcturan League\n",
                          &ignored) == "EMPIRE ARC\nTAX\n");
    CHECK(ignored.size() == 3);
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n\nViele Grüße\n\n-- \nsig\n", &ignored) ==
          "EMPIRE ARC\nTAX\n");
    CHECK(ignored == std::vector<std::string>{"Viele Grüße"});
    // END ends the sheet (kept): everything after it is left out, whatever it is.
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nEND\nI move 5 ships next turn\n\n> quoted\nBob\n",
                          &ignored) == "EMPIRE ARC\nTAX\nEND\n");
    CHECK(ignored == std::vector<std::string>{"I move 5 ships next turn", "Bob"});
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\n#end\n", &ignored) == "EMPIRE ARC\nTAX\n#end\n");
    CHECK(ignored.empty());
    // Not sign-offs: they stay in the sheet, for the checker to refuse at their line.
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nThanksgiving raid\n", &ignored) ==
          "EMPIRE ARC\nTAX\nThanksgiving raid\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nThanks, move 5 ships\n", &ignored) ==
          "EMPIRE ARC\nTAX\nThanks, move 5 ships\n");
    CHECK(sheet_from_body("EMPIRE ARC\nTAX\nAlice\n", &ignored) == "EMPIRE ARC\nTAX\nAlice\n");
    CHECK(sheet_from_body("EMPIRE ARC\nThanks\nTAX 5\nMOVE 1 2 3\nBUILD 4\nTAX 9\n", &ignored) ==
          "EMPIRE ARC\nThanks\nTAX 5\nMOVE 1 2 3\nBUILD 4\nTAX 9\n");
    CHECK(ignored.empty());
    CHECK(is_sign_off("Thank you!"));
    CHECK(is_sign_off("cheers"));
    CHECK_FALSE(is_sign_off("Best 101 102"));
    CHECK_FALSE(is_sign_off("Bestow"));
}

TEST_CASE("identical sheets in body and attachment count once", "[mail]") {
    IncomingMail m;
    m.parsed = true;
    m.texts.push_back(part("EMPIRE ARC\nTAX\n"));
    TextPart att = part("EMPIRE ARC\r\nTAX\r\n");
    att.attachment = true;
    att.filename = "a.txt";
    m.texts.push_back(att);
    FoundSheet f = find_sheet(m);
    CHECK(f.ok());
    CHECK(f.where == "the mail's text");
    m.texts[1].text = "EMPIRE ARC\nSTASH\n";
    CHECK_THAT(find_sheet(m).refusal, Catch::Contains("the mail's text and the attachment a.txt"));
    TextPart broken = part("");
    broken.problem = "the text's character set 'x-klingon' is unknown";
    IncomingMail only_broken;
    only_broken.texts.push_back(broken);
    CHECK_THAT(find_sheet(only_broken).refusal, Catch::Contains("x-klingon"));
}

TEST_CASE("an mbox splits at From lines after blank lines, >From unquoted", "[mail]") {
    std::string mbox =
        "From alice@example.net Mon Nov 30 18:00:00 2026\nFrom: alice@example.net\n\nEMPIRE "
        "ARC\n>From here on\nFrom the text, not a separator\n\n"
        "From bob@example.com Mon Nov 30 18:01:00 2026\nFrom: bob@example.com\n\nEMPIRE BEL\n";
    std::vector<std::string> mails = split_mbox(mbox);
    REQUIRE(mails.size() == 2);
    CHECK(mails[0] ==
          "From: alice@example.net\n\nEMPIRE ARC\nFrom here on\nFrom the text, not a "
          "separator\n\n");
    CHECK(mails[1] == "From: bob@example.com\n\nEMPIRE BEL\n");
}
