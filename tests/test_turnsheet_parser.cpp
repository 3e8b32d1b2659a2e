// The turnsheet grammar of the standard pack (rules/starchase/sheet/read.lua, read with the
// engine's sheet reader): every action format, headers, probes, names, messages, slots, and
// every syntax error with its exact message, line and column.

#include <catch2/catch.hpp>

#include <set>

#include <fmt/format.h>

#include "lua/pack_orders.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

const std::string kHeader = "EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\n";

// A runtime of a pack with an empty game: reading a sheet needs only the pack.
struct PackRuntime {
    Pack pack;
    GameState state;
    Runtime rt;
    explicit PackRuntime(const Pack& p)
        : pack(p), state(GameState::with_schema(p.schema())), rt(pack, state) {}
};

Runtime& standard() {
    static PackRuntime r(test::starchase());
    return r.rt;
}

// rules/starchase with 8 action slots a turn instead of 16.
Runtime& eight_slots() {
    static PackRuntime r(test::load_pack(test::data_dir() / "packs" / "eight_slots"));
    return r.rt;
}

ReadSheet parse(const std::string& text, Diagnostics& d, Runtime& rt = standard()) {
    ReadSheet s = read_sheet(rt, text, "t.txt");
    d.merge(s.findings);
    return s;
}

// Lua that describes the orders of `sheet`: describe(o) is "ACTION/format from to number",
// each box a code, ALL, AB-N, REST, a number or - for an empty box.
const std::string kDescribe = R"LUA(
local function box(v)
  if v == nil then return "-" end
  if type(v) == "number" then return string.format("%03d", v) end
  if type(v) == "string" then return v end
  if v.kind == "all" then return "ALL" end
  if v.kind == "all_but" then return "AB-" .. v.n end
  if v.kind == "rest" then return "REST" end
  return tostring(v.n)
end
local function describe(o)
  return o.action .. "/" .. o.format .. " " .. box(o.from) .. " " .. box(o.to) .. " " ..
    box(o.number)
end
local function all_orders()
  local out = {}
  for i, o in ipairs(sheet.orders) do out[i] = describe(o) end
  return table.concat(out, "; ")
end
local _ = all_orders
)LUA";

// Evaluates Lua on a read sheet with describe(o) and all_orders() defined.
std::string on(const ReadSheet& s, const std::string& code, Runtime& rt = standard()) {
    return test::eval_on_sheet(rt, s, kDescribe + code);
}

// The one order of a sheet made of the header and one line; fails on any error.
std::string one(const std::string& line) {
    Diagnostics d;
    ReadSheet s = parse(kHeader + line + "\n", d);
    INFO(line << "\n" << d.to_string());
    REQUIRE(d.all().empty());
    REQUIRE(on(s, "return #sheet.orders") == "1");
    return on(s, "return describe(sheet.orders[1])");
}

// The findings for a sheet of the header and some lines (header lines are 1-3).
std::string problems(const std::string& lines, Runtime& rt = standard()) {
    Diagnostics d;
    parse(kHeader + lines, d, rt);
    return d.to_string();
}

}  // namespace

TEST_CASE("every one of the 41 action formats parses", "[turnsheet][parser]") {
    struct Case {
        const char* line;
        const char* order;
    };
    const Case cases[] = {
        {"AMBUSH 101 102", "AMBUSH/1 101 102 -"},
        {"ASSAULT 101 102 AB-1", "ASSAULT/1 101 102 AB-1"},
        {"BASE 101", "BASE/1 101 - -"},
        {"BOMBARD 101 111", "BOMBARD/1 101 111 -"},
        {"BUILD 101 - 2", "BUILD/1 101 - 2"},
        {"BUSTER 101 111", "BUSTER/1 101 111 -"},
        {"CASH - - 5", "CASH/1 - - 5"},
        {"COLONISE 101", "COLONISE/1 101 - -"},
        {"COLONISE 101 102", "COLONISE/2 101 102 -"},
        {"DEEP 101 103 0", "DEEP/1 101 103 ALL"},
        {"DEFEND 101", "DEFEND/1 101 - -"},
        {"DISTSQ 101 103", "DISTSQ/1 101 103 -"},
        {"FIND - ARC", "FIND/1 - ARC -"},
        {"FIND 101", "FIND/2 101 - -"},
        {"FIND 101 bel", "FIND/3 101 BEL -"},
        {"GIFT - BEL 5", "GIFT/1 - BEL 5"},
        {"GROW 101", "GROW/1 101 - -"},
        {"HOME 111", "HOME/1 111 - -"},
        {"KILL 101 BEL", "KILL/1 101 BEL -"},
        {"LAYUP 101 - 3", "LAYUP/1 101 - 3"},
        {"LINK 101 103", "LINK/1 101 103 -"},
        {"MOVE 101 102 5", "MOVE/1 101 102 5"},
        {"MOVECOL 101 102 1", "MOVECOL/1 101 102 1"},
        {"MOVEF 101 102 0", "MOVEF/1 101 102 ALL"},
        {"NEWCOL - - 1", "NEWCOL/1 - - 1"},
        {"NEWCRS 101 - 2", "NEWCRS/1 101 - 2"},
        {"NEWFTR 101 -- 3", "NEWFTR/1 101 - 3"},
        {"16 ORDER", "ORDER/1 - - REST"},
        {"RECOVER - - 2", "RECOVER/1 - - 2"},
        {"RESERVE 101 - 1", "RESERVE/1 101 - 1"},
        {"RETREAT 101 102", "RETREAT/1 101 102 -"},
        {"SCRAPC 101 - 1", "SCRAPC/1 101 - 1"},
        {"SCRAPF 101 - ab-0", "SCRAPF/1 101 - AB-0"},
        {"SEND 101 102 7", "SEND/1 101 102 7"},
        {"16 STASH", "STASH/1 - - REST"},
        {"TAKE WT BEL", "TAKE/1 WT BEL -"},
        {"TAX", "TAX/1 - - -"},
        {"tech wt", "TECH/1 WT - -"},
        {"TECH WT - 3", "TECH/2 WT - 3"},
        {"TRADE WT BEL", "TRADE/1 WT BEL -"},
        {"TRADE WT BEL 2", "TRADE/2 WT BEL 2"},
    };
    std::set<std::pair<std::string, int>> formats;
    for (const Case& c : cases) {
        std::string got = one(c.line);
        CHECK(got == c.order);
        formats.insert({got.substr(0, got.find('/')), got[got.find('/') + 1] - '0'});
    }
    CHECK(formats.size() == 41);
    Diagnostics d;
    CHECK(on(parse("", d), "return import('lib/actions').format_count()") == "41");
}

TEST_CASE("the header, probes, names and messages are read", "[turnsheet][parser]") {
    Diagnostics d;
    ReadSheet s = parse(
        "# Arcturans, turn 4\n"
        "\n"
        "empire arc\n"
        "Secret K7QX2M9P   # keep it safe\n"
        "TURN 4\n"
        "PROBE 123 456 789\n"
        "NAME 123   New    Hope  \n"
        "name 456 Ünïcödé Tów\n"
        "MESSAGE all Hello,   everyone!\n"
        "MESSAGE bel Peace?\n"
        "MESSAGE EMAIL arc@example.org\n",
        d);
    INFO(d.to_string());
    REQUIRE(d.all().empty());
    CHECK(s.file == "t.txt");
    // What the engine keeps of the header, with where each was written.
    CHECK(s.header.empire.text == "ARC");
    CHECK(s.header.empire.line == 3);
    CHECK(s.header.empire.col == 8);
    CHECK(s.header.empire.label == "EMPIRE");
    CHECK(s.header.secret.text == "K7QX2M9P");
    CHECK(s.header.secret.line == 4);
    CHECK(s.header.turn.value == 4);
    CHECK(s.header.turn.line == 5);
    // The rest as the grammar read it.
    CHECK(on(s,
             "return sheet.empire .. ' ' .. sheet.empire_at.line .. ' ' .. sheet.secret .. "
             "' ' .. sheet.turn .. ' ' .. sheet.turn_at.line") == "ARC 3 K7QX2M9P 4 5");
    CHECK(on(s, "return table.concat(sheet.probes, ' ') .. ' line ' .. sheet.probe_line") ==
          "123 456 789 line 6");
    CHECK(on(s,
             "local out = {}\n"
             "for i, n in ipairs(sheet.names) do\n"
             "  out[i] = n.line .. ':' .. n.col .. ' ' .. n.system .. ' ' .. n.name\n"
             "end\n"
             "return table.concat(out, '|')") == "7:6 123 New Hope|8:6 456 Ünïcödé Tów");
    CHECK(on(s,
             "local out = {}\n"
             "for i, m in ipairs(sheet.messages) do\n"
             "  out[i] = m.line .. ' ' .. m.to .. ' ' .. m.text\n"
             "end\n"
             "return table.concat(out, '|')") ==
          "9 ALL Hello, everyone!|10 BEL Peace?|11 EMAIL arc@example.org");
}

TEST_CASE("slots: numbered, unnumbered, gaps, and the last slot", "[turnsheet][parser]") {
    Diagnostics d;
    ReadSheet s = parse(kHeader +
                            "TAX\n"
                            "3 TAX\n"
                            "TAX\n"
                            "10. TAX\n"
                            "  move 101 102 5   # attack!\n"
                            "15) TAX\n"
                            "16: STASH\n",
                        d);
    INFO(d.to_string());
    REQUIRE(d.all().empty());
    const std::string slots =
        "local out = {}\n"
        "for i, o in ipairs(sheet.orders) do out[i] = o.slot end\n"
        "return table.concat(out, ' ')";
    CHECK(on(s, slots) == "1 3 4 10 11 15 16");
    CHECK(on(s,
             "local o = sheet.orders[5]\n"
             "return o.line .. '|' .. o.text .. '|' .. o.col .. '|' .. o.cols.from") ==
          "8|move 101 102 5|3|8");
    // Slots are sorted whatever the order of the lines.
    ReadSheet t = parse(kHeader + "5 TAX\n2 TAX\nTAX\n", d);
    CHECK(on(t, slots) == "2 3 5");
    // CRLF line ends and tabs are fine.
    ReadSheet w = parse("EMPIRE ARC\r\nSECRET X\r\nTURN 2\r\n1\tMOVE\t101\t102\t3\r\n", d);
    REQUIRE(d.all().empty());
    CHECK(on(w, "return all_orders()") == "MOVE/1 101 102 3");
}

TEST_CASE("header errors are reported with their lines", "[turnsheet][parser][errors]") {
    Diagnostics d;
    parse("", d);
    CHECK(d.to_string() ==
          "t.txt:1: error: the sheet has no EMPIRE line: write your empire's code, e.g. EMPIRE "
          "ARC\n"
          "t.txt:1: error: the sheet has no SECRET line: write your empire's secret, e.g. SECRET "
          "K7QX2M9P\n"
          "t.txt:1: error: the sheet has no TURN line: write the turn these orders are for, e.g. "
          "TURN 3\n");
    CHECK(problems("EMPIRE BEL\nSECRET A\nTURN 2\n") ==
          "t.txt:4:8: error: a second EMPIRE line (the first is on line 1)\n"
          "t.txt:5:8: error: a second SECRET line (the first is on line 2)\n"
          "t.txt:6:6: error: a second TURN line (the first is on line 3)\n");
    Diagnostics e;
    parse("EMPIRE ARCT\nEMPIRE\nSECRET\nSECRET TWO WORDS\nTURN 0\nTURN three\nTURN 1 2\n", e);
    CHECK(e.to_string() ==
          "t.txt:1:8: error: EMPIRE: 'ARCT' is not an empire code (three letters, e.g. ARC)\n"
          "t.txt:2:1: error: EMPIRE: write your empire's three-letter code, e.g. EMPIRE ARC\n"
          "t.txt:3:1: error: SECRET: write your empire's secret, e.g. SECRET K7QX2M9P\n"
          "t.txt:4:12: error: SECRET: a secret is one word, without spaces\n"
          "t.txt:5:6: error: TURN: '0' is not a turn number (1 or more)\n"
          "t.txt:6:6: error: TURN: 'three' is not a turn number (1 or more)\n"
          "t.txt:7:1: error: TURN: write the turn these orders are for, e.g. TURN 3\n");
    Diagnostics big;
    parse("EMPIRE ARC\nSECRET X\nTURN 99999999999999999999\n", big);
    CHECK(big.to_string() ==
          "t.txt:3:6: error: TURN: '99999999999999999999' is too large for a turn number (at most "
          "999999)\n");
}

TEST_CASE("a UTF-8 byte order mark before a sheet is ignored", "[turnsheet][parser]") {
    Diagnostics d;
    ReadSheet s = parse("\xEF\xBB\xBF" + kHeader + "TAX\n", d);
    CHECK(d.to_string().empty());
    CHECK(s.header.empire.text == "ARC");
    CHECK(s.header.empire.line == 1);
    CHECK(on(s, "return #sheet.orders .. ' ' .. sheet.orders[1].line") == "1 4");
    // Only at the very start: elsewhere it is text like any other.
    Diagnostics e;
    parse(kHeader + "\xEF\xBB\xBFTAX\n", e);
    CHECK(e.has_errors());
}

TEST_CASE("action errors name the action, the box and the value", "[turnsheet][parser][errors]") {
    CHECK(problems("MOOV 101 102 5\n") ==
          "t.txt:4:1: error: unknown action or keyword 'MOOV'; did you mean MOVE?\n");
    CHECK(problems("3 WARP 101\n") == "t.txt:4:3: error: unknown action 'WARP'\n");
    CHECK(problems("MOVE 101 45 5\n") ==
          "t.txt:4:10: error: MOVE WHERE TO: '45' is not a system code (three digits, e.g. 042)\n");
    CHECK(problems("MOVE 101 102\n") ==
          "t.txt:4:1: error: MOVE: the NUMBER box is empty; write MOVE SYS SYS COUNT (from, to, "
          "cruisers)\n");
    CHECK(problems("MOVE 101 102 lots\n") ==
          "t.txt:4:14: error: MOVE NUMBER: 'lots' is not a number: write N, 0 for all, or AB-N for "
          "all "
          "but N\n");
    CHECK(problems("TAX 5\n") ==
          "t.txt:4:5: error: TAX: the WHERE FROM box must be empty, not '5'; write TAX\n");
    CHECK(problems("MOVE 101 102 5 6\n") ==
          "t.txt:4:1: error: MOVE: too many boxes; a line holds the action and at most three "
          "boxes: MOVE "
          "SYS SYS COUNT (from, to, cruisers)\n");
    CHECK(problems("GIFT - ARCX 5\n") ==
          "t.txt:4:8: error: GIFT WHICH EMPIRE: 'ARCX' is not an empire code (three letters, e.g. "
          "ARC)\n");
    CHECK(problems("TECH W - 2\n") ==
          "t.txt:4:6: error: TECH WHICH TECH: 'W' is not a tech code (two letters, e.g. WT)\n");
    CHECK(problems("BUILD 101 - 0\n") ==
          "t.txt:4:13: error: BUILD NUMBER: '0' is not allowed here: write a number of at least 1 "
          "(0 and "
          "AB-N are only for counts of ships)\n");
    CHECK(problems("NEWCRS - - AB-1\n") ==
          "t.txt:4:12: error: NEWCRS NUMBER: 'AB-1' is not allowed here: write a number of at "
          "least 1 (0 "
          "and AB-N are only for counts of ships)\n");
    CHECK(problems("CASH - - 5x\n") ==
          "t.txt:4:10: error: CASH NUMBER: '5x' is not a number (a whole number, at least 1)\n");
    CHECK(problems("TECH WT - x\n") ==
          "t.txt:4:11: error: TECH LEVEL: 'x' is not a tech level (a whole number, at least 1)\n");
    CHECK(problems("CASH - - 1000000\n") ==
          "t.txt:4:10: error: CASH NUMBER: '1000000' is too large (at most 999999)\n");
    CHECK(problems("STASH\n") ==
          "t.txt:4:1: error: STASH NUMBER: the box is empty; it may be left empty only in slot 16, "
          "where "
          "it means all that is left; write a number\n");
    CHECK(problems("GIFT - BEL\n") ==
          "t.txt:4:1: error: GIFT: the NUMBER box is empty; write GIFT - EMP N (empire, BPs)\n");
    CHECK(problems("FIND - - 3\n") ==
          "t.txt:4:1: error: FIND: no form of FIND has these boxes filled; write FIND - EMP (whose "
          "active "
          "probe) or FIND SYS (any probe in this system) or FIND SYS EMP (this empire's probe in "
          "this system)\n");
    CHECK(problems("FIND ARC\n") ==
          "t.txt:4:6: error: FIND WHERE: 'ARC' is not a system code (three digits, e.g. 042)\n");
}

TEST_CASE("slot errors: out of range, twice, too many, empty", "[turnsheet][parser][errors]") {
    CHECK(problems("0 TAX\n17 TAX\n") ==
          "t.txt:4:1: error: slot 0 does not exist: a turnsheet has slots 1 to 16\n"
          "t.txt:5:1: error: slot 17 does not exist: a turnsheet has slots 1 to 16\n");
    CHECK(problems("2 TAX\n1 TAX\nTAX\n") ==
          "t.txt:6:1: error: slot 2 is used twice (also on line 4)\n");
    std::string seventeen;
    for (int i = 0; i < 17; ++i)
        seventeen += "TAX\n";
    CHECK(problems(seventeen) ==
          "t.txt:20:1: error: more than 16 actions: this line would be action 17, but a turnsheet "
          "has 16\n");
    // A slot number alone is the blank sheet's empty slot: no action, no error; it keeps the
    // slot free and does not move the count of unnumbered lines on (TAX below is slot 1).
    CHECK(problems("4\n").empty());
    CHECK(problems("4\nTAX\n4 TAX\n").empty());
    CHECK(problems("17\n0.\n") ==
          "t.txt:4:1: error: slot 17 does not exist: a turnsheet has slots 1 to 16\n"
          "t.txt:5:1: error: slot 0 does not exist: a turnsheet has slots 1 to 16\n");
    CHECK(problems("9 TAX\n8 STASH\n", eight_slots()) ==
          "t.txt:4:1: error: slot 9 does not exist: a turnsheet has slots 1 to 8\n");
}

TEST_CASE("probe, name and message errors", "[turnsheet][parser][errors]") {
    // The blank sheet's empty PROBE line is no order; a second, filled PROBE line is fine.
    CHECK(problems("PROBE\n").empty());
    CHECK(problems("PROBE\nPROBE 101\n").empty());
    CHECK(problems("PROBE 101 1O2 103\n") ==
          "t.txt:4:11: error: PROBE: '1O2' is not a system code (three digits, e.g. 042)\n");
    CHECK(problems("PROBE 101 102 103 104 105 106 107 108 109 110\n") ==
          "t.txt:4:1: error: PROBE: 10 system codes, but a turnsheet has at most 9 probe boxes\n");
    std::string thirty = "PROBE";
    for (int i = 0; i < 30; ++i)
        thirty += " 101";
    CHECK(problems(thirty + "\n") ==
          "t.txt:4:1: error: PROBE: more than 23 system codes, but a turnsheet has at most 9 probe "
          "boxes\n");
    CHECK(problems("PROBE 101\nPROBE 102\n") ==
          "t.txt:5:1: error: a second PROBE line (the first is on line 4): put every probe box on "
          "one line\n");
    CHECK(problems("NAME 101\n") ==
          "t.txt:4:1: error: NAME: write a system code and its new name, e.g. NAME 123 New Hope\n");
    CHECK(problems("NAME 1 Home\n") ==
          "t.txt:4:6: error: NAME: '1' is not a system code (three digits, e.g. 042)\n");
    CHECK(problems("NAME 101 A Name Far Too Long\n") ==
          "t.txt:4:10: error: NAME 101: the text is 19 characters long; at most 15 are allowed\n");
    CHECK(problems("NAME 101 Bad\xff\xfe Name\n") ==
          "t.txt:4:10: error: NAME 101: the text is not valid UTF-8 (byte 4 of it, '\\xFF', is not "
          "part "
          "of a character)\n");
    CHECK(problems("NAME 101 Bell\x07Ring\n") ==
          "t.txt:4:10: error: NAME 101: the text contains a control character\n");
    CHECK(problems("NAME 101 One\nNAME 101 Two\nNAME 102 Three\nNAME 103 Four\n") ==
          "t.txt:5:6: error: NAME: system 101 is already named on line 4\n"
          "t.txt:7:1: error: NAME: more than 2 NAME lines; a turnsheet names at most 2 systems\n");
    // The blank sheet's empty NAME and MESSAGE ALL lines are no orders; a started one is.
    CHECK(problems("NAME\nNAME\nMESSAGE ALL\nMESSAGE\n").empty());
    CHECK(problems("MESSAGE BEL\n") ==
          "t.txt:4:1: error: MESSAGE: write who it is for (ALL, an empire code, PHONE or EMAIL) "
          "and the "
          "text, e.g. MESSAGE ALL Greetings\n");
    CHECK(problems("MESSAGE EVERYONE Hi\n") ==
          "t.txt:4:9: error: MESSAGE: 'EVERYONE' is not ALL, PHONE, EMAIL or an empire code\n");
    CHECK(problems("MESSAGE ALL \xc0\xaf overlong\n") ==
          "t.txt:4:13: error: MESSAGE ALL: the text is not valid UTF-8 (byte 1 of it, '\\xC0', is "
          "not part "
          "of a character)\n");
    CHECK(problems("MESSAGE ALL ring\x07ring\n") ==
          "t.txt:4:13: error: MESSAGE ALL: the text contains a control character\n");
    CHECK(problems("MESSAGE ALL " + std::string(400, 'x') + "\n").empty());
    CHECK(problems("MESSAGE PHONE " + std::string(401, 'x') + "\n") ==
          "t.txt:4:15: error: MESSAGE PHONE: the text is 401 characters long; at most 400 are "
          "allowed\n");
}

TEST_CASE("every problem is reported, and good lines are kept", "[turnsheet][parser][errors]") {
    Diagnostics d;
    ReadSheet s = parse(kHeader +
                            "MOVE 101 102 5\n"
                            "MOVE 1 2 3\n"
                            "NEWCRS - - 2\n"
                            "BOGUS\n"
                            "TAX\n",
                        d);
    CHECK(d.error_count() == 3);
    CHECK(d.to_string() ==
          "t.txt:5:6: error: MOVE WHERE FROM: '1' is not a system code (three digits, e.g. 042)\n"
          "t.txt:5:8: error: MOVE WHERE TO: '2' is not a system code (three digits, e.g. 042)\n"
          "t.txt:7:1: error: unknown action or keyword 'BOGUS'\n");
    // Lines with errors still take their slot, so later unnumbered lines keep theirs.
    CHECK(on(s, "return all_orders()") == "MOVE/1 101 102 5; NEWCRS/1 - - 2; TAX/1 - - -");
    CHECK(on(s, "return sheet.orders[1].slot .. sheet.orders[2].slot .. sheet.orders[3].slot") ==
          "135");
}

TEST_CASE("garbage gives errors, never a crash, and parsing stops after 100 errors",
          "[turnsheet][parser][robustness]") {
    std::string bin;
    for (int i = 0; i < 5000; ++i)
        bin += static_cast<char>((i * 7919) % 256);
    Diagnostics d;
    parse(bin, d);
    CHECK(d.has_errors());
    CHECK(d.error_count() <= 101);
    std::string many;
    for (int i = 0; i < 500; ++i)
        many += "FOO\n";
    Diagnostics e;
    parse(many, e);
    CHECK(e.error_count() == 101);
    CHECK(e.all().back().message ==
          "too many errors (100); stopped reading here: fix these and check the sheet again");
    CHECK(e.all().back().where.line == 101);
    // A huge line, NUL bytes and a file that is far too big.
    Diagnostics f;
    parse(kHeader + "MOVE " + std::string(60000, '9') + " " +
              std::string("1\0"
                          "2 3\n",
                          6),
          f);
    CHECK(f.to_string() ==
          "t.txt:4:6: error: MOVE WHERE FROM: '999999999999999999999999...' is not a system code "
          "(three "
          "digits, e.g. 042)\n"
          "t.txt:4:60007: error: MOVE WHERE TO: '1\\x002' is not a system code (three digits, e.g. "
          "042)\n");
    Diagnostics g;
    parse(std::string(70000, 'x'), g);
    CHECK(g.to_string() ==
          "t.txt:1: error: the file is 70000 bytes long; a turnsheet is at most 65536 bytes (is "
          "this the right file?)\n");
}
