// The engine's sheet primitives (core/sheet_text.hpp) that every pack's grammar reads with:
// lines without comments, words with 1-based columns, quoted words, the rest of a line, whole
// numbers with ranges, "did you mean" and free text.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/sheet_text.hpp"

using namespace hl;

namespace {

// The words of each line as "n:col=text|col=text ...", quoted words in "".
std::vector<std::string> words(std::string_view text, const SheetSyntax& syntax = {}) {
    std::vector<std::string> out;
    for (const SheetLine& l : split_sheet(text, syntax)) {
        std::string s = std::to_string(l.number) + ":";
        for (const SheetToken& t : l.tokens)
            s += " " + std::to_string(t.col) + "=" + (t.quoted ? "\"" : "") + std::string(t.text) +
                 (t.quoted ? "\"" : "");
        if (l.more) s += " +";
        if (l.open_quote_col) s += " open@" + std::to_string(l.open_quote_col);
        out.push_back(s);
    }
    return out;
}

}  // namespace

TEST_CASE("a sheet splits into lines of words with columns, comments and blanks left out",
          "[turnsheet][sheet_text]") {
    CHECK(words("EMPIRE ARC\n\n# only a comment\n  1\tMOVE  101 102 5  # attack\r\nTAX") ==
          std::vector<std::string>{"1: 1=EMPIRE 8=ARC", "4: 3=1 5=MOVE 11=101 15=102 19=5",
                                   "5: 1=TAX"});
    // Columns count characters, not bytes.
    CHECK(words("NAME 101 Ünï Tów 7") ==
          std::vector<std::string>{"1: 1=NAME 6=101 10=Ünï 14=Tów 18=7"});
    // Another comment character, or none.
    SheetSyntax at;
    at.comment = '@';
    CHECK(words("S0100: @ corvette # not a comment here", at) ==
          std::vector<std::string>{"1: 1=S0100:"});
    SheetSyntax none;
    none.comment = '\0';
    CHECK(words("a # b", none) == std::vector<std::string>{"1: 1=a 3=# 5=b"});
}

TEST_CASE("END or #END alone ends a sheet, in every pack's syntax", "[turnsheet][sheet_text]") {
    CHECK(is_sheet_end("END"));
    CHECK(is_sheet_end("  end \r"));
    CHECK(is_sheet_end("#END"));
    CHECK(is_sheet_end("# End"));
    CHECK_FALSE(is_sheet_end("ENDS"));
    CHECK_FALSE(is_sheet_end("END NOW"));
    CHECK_FALSE(is_sheet_end("@END"));
    CHECK_FALSE(is_sheet_end(""));
    const std::vector<std::string> first{"1: 1=TAX"};
    CHECK(words("TAX\nEND\nMOOV 1 2 3\nEMPIRE BEL\n") == first);
    CHECK(words("TAX\n#end\ngarbage\n") == first);
    SheetSyntax cosmos;
    cosmos.comment = '@';
    cosmos.quotes = true;
    CHECK(words("TAX\n end\n\"unclosed\n", cosmos) == first);
    // A word END among others is no end: the grammar reads the line.
    CHECK(words("TAX\nEND 5\n") == std::vector<std::string>{"1: 1=TAX", "2: 1=END 5=5"});
}

TEST_CASE("quoted words, and a quote that is never closed", "[turnsheet][sheet_text]") {
    SheetSyntax q;
    q.comment = '@';
    q.quotes = true;
    CHECK(words("build \"colony  transport\" @ the ship\nname P155 \"Home @ last\"x", q) ==
          std::vector<std::string>{"1: 1=build 7=\"colony  transport\"",
                                   "2: 1=name 6=P155 11=\"Home @ last\" 24=x"});
    CHECK(words("research \"Improved Industrial", q) ==
          std::vector<std::string>{"1: 1=research 10=\"Improved Industrial\" open@10"});
    // Without quotes a quote is a character like any other.
    CHECK(words("NAME 101 \"New Hope\"") ==
          std::vector<std::string>{"1: 1=NAME 6=101 10=\"New 15=Hope\""});
}

TEST_CASE("a line keeps at most max_tokens words and says it had more", "[turnsheet][sheet_text]") {
    SheetSyntax three;
    three.max_tokens = 3;
    CHECK(words("a b c\na b c d e", three) ==
          std::vector<std::string>{"1: 1=a 3=b 5=c", "2: 1=a 3=b 5=c +"});
}

TEST_CASE("the rest of a line after a word, with white space made single",
          "[turnsheet][sheet_text]") {
    auto lines = split_sheet("NAME 123   New \t  Hope   # a comment\nMESSAGE ALL", {});
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].rest_after(0) == "123 New Hope");
    CHECK(lines[0].rest_after(1) == "New Hope");
    CHECK(lines[0].rest_after(3) == "");
    CHECK(lines[0].text == "NAME 123   New \t  Hope");
    CHECK(lines[0].col == 1);
    CHECK(lines[1].rest_after(1) == "");
}

TEST_CASE("whole numbers with ranges", "[turnsheet][sheet_text]") {
    long long v = -1;
    CHECK_FALSE(whole_number("42", 1, 999999, v));
    CHECK(v == 42);
    CHECK_FALSE(whole_number("007", 0, 10, v));
    CHECK(v == 7);
    CHECK(whole_number("0", 1, 10, v) == "small");
    CHECK(whole_number("1000000", 0, 999999, v) == "large");
    CHECK(whole_number(std::string(500, '9'), 0, 999999, v) == "large");
    // Numbers past what a long long holds are "large" without overflowing (a fuzz find:
    // nineteen digits made v * 10 overflow after eighteen).
    constexpr long long k53 = 9'007'199'254'740'992LL;
    CHECK(whole_number(std::string(18, '9'), 0, k53, v) == "large");
    CHECK(whole_number(std::string(19, '9'), 0, k53, v) == "large");
    CHECK(whole_number("-" + std::string(19, '9'), -k53, k53, v) == "small");
    CHECK_FALSE(whole_number("9007199254740992", 0, k53, v));
    CHECK(v == k53);
    CHECK_FALSE(whole_number("0000000000000000000000000000042", 0, 100, v));
    CHECK(v == 42);
    CHECK(whole_number("-3", 0, 10, v) == "form");
    CHECK_FALSE(whole_number("-3", -5, 10, v));
    CHECK(v == -3);
    for (const char* bad : {"", "-", "1x", "x1", "1.5", " 1", "+1"})
        CHECK(whole_number(bad, -10, 10, v) == "form");
}

TEST_CASE("the closest name for did-you-mean", "[turnsheet][sheet_text]") {
    std::vector<std::string> names = {"MOVE", "MOVEF", "TAX", "TECH", "NAME", "EMPIRE"};
    CHECK(closest_name("moov", names) == "MOVE");
    CHECK(closest_name("EMPIRR", names) == "EMPIRE");
    CHECK(closest_name("TAXX", names) == "TAX");
    CHECK(closest_name("TX", names) == "TAX");
    CHECK(closest_name("TZZ", names) == "");  // two edits in a short word: no guess
    CHECK(closest_name("WARP", names) == "");
    CHECK(closest_name("MOVEFFFFFFFFF", names) == "");  // longer than twelve characters
}

TEST_CASE("free text: UTF-8, control characters and length", "[turnsheet][sheet_text]") {
    CHECK_FALSE(text_problem("Ünïcödé Tów", 15));
    CHECK(text_problem("A Name Far Too Long", 15) ==
          "the text is 19 characters long; at most 15 are allowed");
    CHECK(text_problem("Bad\xff\xfe", 15) ==
          "the text is not valid UTF-8 (byte 4 of it, '\\xFF', is not part of a character)");
    CHECK(text_problem("Bell\x07", 15) == "the text contains a control character");
    CHECK(quoted_word("a'b\\c") == "'a'b\\\\c'");
    CHECK(quoted_word(std::string(30, 'x')) == "'" + std::string(24, 'x') + "...'");
}
