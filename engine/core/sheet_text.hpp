#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.hpp"

namespace hl {

// How a pack's turnsheets are split into lines and words (its turnsheet.lua `syntax`).
struct SheetSyntax {
    char comment = '#';            // starts a comment to the end of the line; '\0': none
    bool quotes = false;           // "two words" is one word (a comment character in it too)
    std::size_t max_tokens = 256;  // words read from one line; a line with more is marked
};

// What the engine allows of any sheet, whatever its game.
struct SheetLimits {
    std::size_t max_bytes = 65536;  // a bigger file is refused unread
    int max_errors = 100;           // reading stops after this many errors
};

// One of the things the engine needs from every sheet, where the sheet gives it.
struct HeaderItem {
    bool given = false;
    std::string text;        // the empire code or the secret as the grammar read it
    std::int64_t value = 0;  // the turn
    int line = 0;
    int col = 0;
    std::string label;  // the pack's word for the line that gives it, e.g. "EMPIRE"
    // Where it is written in file.
    SourcePos at(const std::string& file) const { return {file, line, col}; }
};

// Which empire a sheet is for, its secret and the turn it is for, as its grammar read them.
struct SheetHeader {
    HeaderItem empire, secret, turn;
};

// One word of a sheet's line.
struct SheetToken {
    std::string_view text;  // as written; without its quotes if quoted
    std::size_t end = 0;    // byte offset in the line just after the word (and its quote)
    int col = 0;            // 1-based column (in characters) where it starts
    bool quoted = false;    // written in double quotes
};

// One line of a sheet that holds something besides white space and comments.
struct SheetLine {
    int number = 0;         // 1-based line number in the file
    std::string_view raw;   // the whole line as written
    std::string_view text;  // without its comment and the white space around
    int col = 0;            // column where text starts
    std::vector<SheetToken> tokens;
    bool more = false;       // the line has more words than SheetSyntax::max_tokens
    int open_quote_col = 0;  // column of a quote that is never closed; 0 if none
    // The text after token i (0-based), with every run of white space made one space.
    std::string rest_after(std::size_t i) const;
};

// True for a line that ends every sheet, whatever its pack: END or #END alone on the line (any
// case, white space around), as GalaxyNG's #END; what follows is not read.
bool is_sheet_end(std::string_view line);

// Splits a sheet into its lines that hold words, in order: comments removed, words separated
// by spaces or tabs (carriage returns, vertical tabs and form feeds count as spaces), columns
// counted in UTF-8 characters; a UTF-8 byte order mark before the text is ignored; an END line
// (is_sheet_end) and everything after it are left out. A pure function of its arguments for
// any bytes.
std::vector<SheetLine> split_sheet(std::string_view text, const SheetSyntax& syntax);

// Upper case of ASCII letters; every other byte unchanged.
std::string ascii_upper(std::string_view text);

// Why text is not a whole number from min to max: "form" (not digits only, with a leading
// '-' only when min < 0), "small" or "large"; nullopt if it is one (then stored in out).
std::optional<std::string> whole_number(std::string_view text, long long min, long long max,
                                        long long& out);

// The closest of names (upper case) to word, for "did you mean ...?": the one fewest edits
// away (ties by name), if at most two edits away, only one for words of three letters or
// fewer, and only for words of at most twelve characters; empty if none is that close.
std::string closest_name(std::string_view word, const std::vector<std::string>& names);

// Why free text cannot be taken (not UTF-8, a control character, more than max_chars
// characters), in words for players; nullopt if it is fine.
std::optional<std::string> text_problem(std::string_view text, std::size_t max_chars);

// A word quoted for a message: 'text', its bytes made printable and cut (utf8.hpp printable).
std::string quoted_word(std::string_view text);

}  // namespace hl
